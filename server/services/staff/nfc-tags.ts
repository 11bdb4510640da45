/**
 * NFC tags in the back office (issue 32, contract/staff-nfc.ts): listed with the product each stands for and how
 * many members added a drink by tapping it, made for a product, pointed at another product, retired and put back
 * in use. Customers read tags afresh on every tap (services/nfc/tags.ts): nothing is cached to drop. Each change
 * writes its audit row in the change's own transaction.
 */
import { randomInt } from 'node:crypto';
import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { ErrorCode } from '../../../contract/errors.ts';
import type { StaffNfcTag, StaffNfcTagSort } from '../../../contract/staff-nfc.ts';
import type { Db } from '../../db/client.ts';
import { nfcTags, products, userNfcProducts } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http/errors.ts';
import { artworkUrl } from '../artwork.ts';
import { afterPageKey, keysetColumn, keysetOrder, nextPageKey, sortKeyset, type KeyPart } from '../keyset-pages.ts';
import { appendAudit } from './audit.ts';

/** The audit log's actions for tags. */
export const CREATE_NFC_TAG_ACTION = 'nfc-tag.create';
export const UPDATE_NFC_TAG_ACTION = 'nfc-tag.update';

export type NfcTagDeps = Pick<Deps, 'db' | 'clock'>;
type TagRow = typeof nfcTags.$inferSelect;

/**
 * A tag's id as the seed's are (server/db/seed/nfc-data.ts): nfc_ and ten of the letters and digits that cannot be
 * misread when a tag's address is typed (no 0, 1, i, l, o): about 2^49 ids, so tags cannot be walked by guessing.
 */
const TAG_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
const TAG_LENGTH = 10;
export const newTagId = () => `nfc_${Array.from({ length: TAG_LENGTH }, () => TAG_ALPHABET[randomInt(TAG_ALPHABET.length)]).join('')}`;

const noTag = () => new ApiError(400, ErrorCode.ObjectNotFound, 'No NFC tag has this id', 'TagID');
const noProduct = () => new ApiError(400, ErrorCode.ObjectNotFound, 'No product has this id', 'ProductID');
const tagTarget = (id: string) => `nfc-tag:${id}`;

const membersOf = sql<number>`(select count(distinct ${userNfcProducts.userId})::int from ${userNfcProducts} where ${userNfcProducts.tagId} = ${nfcTags.id})`;

/** `pageKey`: a list's key column (keyset-pages.ts); one tag's read has none. */
const selectTags = (db: Db, pageKey: SQL<string> = sql<string>`''`) =>
  db
    .select({
      pageKey,
      tag: nfcTags,
      nameEn: products.nameEn,
      nameZh: products.nameZh,
      images: products.images,
      members: membersOf,
    })
    .from(nfcTags)
    .innerJoin(products, eq(products.id, nfcTags.productId));

type ListedTag = Awaited<ReturnType<ReturnType<typeof selectTags>['where']>>[number];

function toStaffTag(r: ListedTag): StaffNfcTag {
  return {
    TagID: r.tag.id,
    ProductID: r.tag.productId,
    ProductName: { en: r.nameEn, zh: r.nameZh },
    ProductImage: artworkUrl(r.images[0] ?? ''),
    Retired: r.tag.retiredAt !== null,
    ...(r.tag.retiredAt ? { RetiredAt: r.tag.retiredAt.toISOString() } : {}),
    CreatedAt: r.tag.createdAt.toISOString(),
    MemberCount: Number(r.members),
  };
}

async function describeTag(db: Db, id: string): Promise<StaffNfcTag> {
  const [row] = await selectTags(db).where(eq(nfcTags.id, id));
  if (!row) throw noTag();
  return toStaffTag(row);
}

/** What an audit row keeps of a tag. */
const tagAuditView = (r: TagRow) => ({ TagID: r.id, ProductID: r.productId, RetiredAt: r.retiredAt ? r.retiredAt.toISOString() : null });

/** The order of staff-list-nfc-tags under each sort (contract StaffNfcTagSort): ties broken by creation, then id. */
const TAG_SORTS: Record<StaffNfcTagSort['Field'], KeyPart[]> = {
  CreatedAt: [],
  TagID: [],
  Product: [{ expr: products.nameEn, type: 'text' }],
  // In use (0) before retired (1).
  Retired: [{ expr: sql`(${nfcTags.retiredAt} is not null)::int`, type: 'integer' }],
  MemberCount: [{ expr: membersOf, type: 'integer' }],
};

const tagKeyset = (sort: StaffNfcTagSort) =>
  sortKeyset(
    sort.Field,
    sort.Direction,
    // By id alone: ids are unique.
    sort.Field === 'TagID' ? [{ expr: nfcTags.id, type: 'text' }] : [...TAG_SORTS[sort.Field], { expr: nfcTags.createdAt, type: 'timestamptz' }, { expr: nfcTags.id, type: 'text' }],
  );

export interface TagQuery {
  status: 'all' | 'live' | 'retired';
  productId?: string | undefined;
  size: number;
  /** Newest first when absent. */
  sort?: StaffNfcTagSort | undefined;
  lastEvaluatedKey?: string | undefined;
}

/** staff-list-nfc-tags: newest first, or as `sort` asks. */
export async function listStaffNfcTags(db: Db, query: TagQuery): Promise<{ TagList: StaffNfcTag[]; LastEvaluatedKey?: string }> {
  const conditions: SQL[] = [];
  if (query.status === 'live') conditions.push(isNull(nfcTags.retiredAt));
  if (query.status === 'retired') conditions.push(isNotNull(nfcTags.retiredAt));
  if (query.productId) conditions.push(eq(nfcTags.productId, query.productId));
  const keyset = tagKeyset(query.sort ?? { Field: 'CreatedAt', Direction: 'desc' });
  const after = afterPageKey(keyset, query.lastEvaluatedKey);
  if (after) conditions.push(after);
  const rows = await selectTags(db, keysetColumn(keyset))
    .where(and(...conditions))
    .orderBy(...keysetOrder(keyset))
    .limit(query.size + 1);
  const next = nextPageKey(keyset, rows, query.size);
  return { TagList: rows.slice(0, query.size).map(toStaffTag), ...(next ? { LastEvaluatedKey: next } : {}) };
}

/** The product must exist; held in share mode so it cannot go while a tag is pointed at it. */
async function requireProduct(tx: Db, productId: string): Promise<void> {
  const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('share');
  if (!product) throw noProduct();
}

/** staff-create-nfc-tag: a live tag for the product, with a fresh id, and its audit row. */
export async function createStaffNfcTag(deps: NfcTagDeps, actorUserId: string, productId: string): Promise<{ Tag: StaffNfcTag }> {
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    await requireProduct(tx, productId);
    // An id taken already (about one chance in 10^14 per tag) is drawn again.
    for (let attempt = 0; attempt < 5; attempt++) {
      const [made] = await tx.insert(nfcTags).values({ id: newTagId(), productId, createdAt: now }).onConflictDoNothing().returning();
      if (made) {
        await appendAudit(tx, { at: now, actorUserId, action: CREATE_NFC_TAG_ACTION, target: tagTarget(made.id), before: null, after: tagAuditView(made) });
        return made.id;
      }
    }
    throw new Error('No free NFC tag id after 5 draws');
  });
  return { Tag: await describeTag(deps.db, id) };
}

export interface TagChange {
  tagId: string;
  productId?: string | undefined;
  retired?: boolean | undefined;
}

/** staff-update-nfc-tag: re-pointed and/or retired or put back, with one audit row; nothing changed, nothing written. */
export async function updateStaffNfcTag(deps: NfcTagDeps, actorUserId: string, c: TagChange): Promise<{ Tag: StaffNfcTag }> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(nfcTags).where(eq(nfcTags.id, c.tagId)).for('update');
    if (!before) throw noTag();
    const patch: Partial<TagRow> = {};
    if (c.productId !== undefined && c.productId !== before.productId) {
      await requireProduct(tx, c.productId);
      patch.productId = c.productId;
    }
    // Retiring a retired tag keeps when it was retired.
    if (c.retired === true && before.retiredAt === null) patch.retiredAt = now;
    if (c.retired === false && before.retiredAt !== null) patch.retiredAt = null;
    if (Object.keys(patch).length === 0) return;
    const [after] = await tx.update(nfcTags).set(patch).where(eq(nfcTags.id, c.tagId)).returning();
    await appendAudit(tx, { at: now, actorUserId, action: UPDATE_NFC_TAG_ACTION, target: tagTarget(c.tagId), before: tagAuditView(before), after: tagAuditView(after!) });
  });
  return { Tag: await describeTag(deps.db, c.tagId) };
}
