/**
 * Content in the back office (issue 32): banners saved and deleted, information pages' words edited, each change
 * with an audit row written in its own transaction. Customers' content calls read these tables directly, so they
 * see a change at once; the page heads' facts (services/page-facts.ts, kept in the product cache) are forgotten
 * after the commit, here and in every other process, so a first paint shows the new banner or title too.
 */
import { randomBytes } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { INFORMATION_PAGES, type InformationPageId } from '../../../contract/content.ts';
import type { Bilingual } from '../../../contract/define.ts';
import { ErrorCode } from '../../../contract/errors.ts';
import type { BannerKind } from '../../../contract/staff-content-fields.ts';
import type { StaffBanner, StaffInformationPage } from '../../../contract/staff-content.ts';
import type { Db } from '../../db/client.ts';
import { banners, information, productTypes } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http/errors.ts';
import { artworkUrl, parseArtSeed } from '../artwork.ts';
import { CONTENT_FACTS } from '../page-facts.ts';
import { appendAudit } from './audit.ts';

export const CREATE_BANNER_ACTION = 'banner.create';
export const UPDATE_BANNER_ACTION = 'banner.update';
export const DELETE_BANNER_ACTION = 'banner.delete';
export const UPDATE_INFORMATION_ACTION = 'information.update';

type BannerRow = typeof banners.$inferSelect;
type ContentDeps = Pick<Deps, 'db' | 'clock' | 'productCache'>;

/** The page facts a banner shows in: the home's first big banner, or its product type's page. */
const factsOf = (r: Pick<BannerRow, 'kind' | 'productTypeId'>) =>
  r.kind === 'big' ? [CONTENT_FACTS.homeBanner] : r.kind === 'product' && r.productTypeId ? [CONTENT_FACTS.productType(r.productTypeId)] : [];
type InformationRow = typeof information.$inferSelect;

const KIND_ORDER = sql`case ${banners.kind} when 'big' then 0 when 'small' then 1 else 2 end`;

const toStaffBanner = (r: BannerRow): StaffBanner => ({
  BannerID: r.id,
  Kind: r.kind,
  ProductTypeID: r.productTypeId,
  Title: { en: r.titleEn, zh: r.titleZh },
  Subtitle: { en: r.subtitleEn, zh: r.subtitleZh },
  Image: r.image,
  ImageUrl: artworkUrl(r.image),
  Link: r.link,
  Sort: r.sort,
});

/** What an audit row keeps of a banner: its fields, without the derived address. */
function bannerRecord(r: BannerRow) {
  const { ImageUrl: _url, ...record } = toStaffBanner(r);
  return record;
}

const toStaffInformation = (r: InformationRow): StaffInformationPage => ({
  ID: r.id as InformationPageId,
  Title: { en: r.titleEn, zh: r.titleZh },
  Content: { en: r.contentEn, zh: r.contentZh },
  UpdatedAt: r.updatedAt.toISOString(),
});

export async function listBanners(db: Db, kind: BannerKind | 'all'): Promise<StaffBanner[]> {
  const rows = await db
    .select()
    .from(banners)
    .where(kind === 'all' ? undefined : eq(banners.kind, kind))
    .orderBy(KIND_ORDER, asc(banners.sort), asc(banners.id));
  return rows.map(toStaffBanner);
}

export interface BannerInput {
  bannerId?: string | undefined;
  kind: BannerKind;
  productTypeId?: string | null | undefined;
  title: Bilingual;
  subtitle: Bilingual;
  image: string;
  link: string;
  sort: number;
}

/** Creates or updates a banner (see staff-save-banner); one audit row when anything changed. */
export async function saveBanner(deps: ContentDeps, actorUserId: string, input: BannerInput): Promise<StaffBanner> {
  if (!parseArtSeed(input.image)) throw new ApiError(400, ErrorCode.InvalidParameter, `Image is invalid: ${input.image} is not an artwork seed`, 'Image');
  let productTypeId: string | null = null;
  if (input.kind === 'product') {
    if (!input.productTypeId) throw new ApiError(400, ErrorCode.InvalidParameter, 'ProductTypeID is required for a product banner', 'ProductTypeID');
    const [type] = await deps.db.select({ id: productTypes.id }).from(productTypes).where(eq(productTypes.id, input.productTypeId));
    if (!type) throw new ApiError(400, ErrorCode.InvalidParameter, `ProductTypeID is invalid: no product type ${input.productTypeId}`, 'ProductTypeID');
    productTypeId = type.id;
  }
  const fields = {
    kind: input.kind,
    productTypeId,
    titleEn: input.title.en,
    titleZh: input.title.zh,
    subtitleEn: input.subtitle.en,
    subtitleZh: input.subtitle.zh,
    image: input.image,
    link: input.link,
    sort: input.sort,
  };
  const now = deps.clock.now();
  const touched: string[] = [];
  const saved = await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    if (input.bannerId === undefined) {
      const [created] = await tx.insert(banners).values({ id: `banner-${input.kind}-${randomBytes(5).toString('hex')}`, ...fields }).returning();
      await appendAudit(db, { at: now, actorUserId, action: CREATE_BANNER_ACTION, target: `banner:${created!.id}`, before: null, after: bannerRecord(created!) });
      touched.push(...factsOf(created!));
      return toStaffBanner(created!);
    }
    const [before] = await tx.select().from(banners).where(eq(banners.id, input.bannerId)).for('update');
    if (!before) throw new ApiError(400, ErrorCode.ObjectNotFound, 'No such banner', 'BannerID');
    const changed = (Object.keys(fields) as (keyof typeof fields)[]).some((key) => fields[key] !== before[key]);
    if (!changed) return toStaffBanner(before);
    const [after] = await tx.update(banners).set(fields).where(eq(banners.id, before.id)).returning();
    await appendAudit(db, { at: now, actorUserId, action: UPDATE_BANNER_ACTION, target: `banner:${before.id}`, before: bannerRecord(before), after: bannerRecord(after!) });
    touched.push(...factsOf(before), ...factsOf(after!));
    return toStaffBanner(after!);
  });
  deps.productCache.forget(touched);
  return saved;
}

export async function deleteBanner(deps: ContentDeps, actorUserId: string, bannerId: string): Promise<void> {
  const gone = await deps.db.transaction(async (tx) => {
    // Deleted and read back in one statement: of two presses at once, only one deletes and writes the row.
    const [row] = await tx.delete(banners).where(eq(banners.id, bannerId)).returning();
    if (!row) throw new ApiError(400, ErrorCode.ObjectNotFound, 'No such banner', 'BannerID');
    await appendAudit(tx as unknown as Db, { at: deps.clock.now(), actorUserId, action: DELETE_BANNER_ACTION, target: `banner:${row.id}`, before: bannerRecord(row), after: null });
    return row;
  });
  deps.productCache.forget(factsOf(gone));
}

/** The fixed pages in INFORMATION_PAGES order (a page the database lacks is left out: nothing to edit). */
export async function listInformationPages(db: Db): Promise<StaffInformationPage[]> {
  const rows = await db.select().from(information);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return INFORMATION_PAGES.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toStaffInformation(row)] : [];
  });
}

export async function updateInformationPage(
  deps: ContentDeps,
  actorUserId: string,
  change: { id: InformationPageId; title: Bilingual; content: Bilingual },
): Promise<StaffInformationPage> {
  const now = deps.clock.now();
  const page = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(information).where(eq(information.id, change.id)).for('update');
    if (!before) throw new ApiError(400, ErrorCode.ObjectNotFound, 'No such information page', 'ID');
    const fields = { titleEn: change.title.en, titleZh: change.title.zh, contentEn: change.content.en, contentZh: change.content.zh };
    const changed = (Object.keys(fields) as (keyof typeof fields)[]).some((key) => fields[key] !== before[key]);
    if (!changed) return toStaffInformation(before);
    const [after] = await tx.update(information).set({ ...fields, updatedAt: now }).where(eq(information.id, before.id)).returning();
    const record = (r: InformationRow) => ({ Title: { en: r.titleEn, zh: r.titleZh }, Content: { en: r.contentEn, zh: r.contentZh } });
    await appendAudit(tx as unknown as Db, { at: now, actorUserId, action: UPDATE_INFORMATION_ACTION, target: `information:${before.id}`, before: record(before), after: record(after!) });
    return toStaffInformation(after!);
  });
  deps.productCache.forget([CONTENT_FACTS.information(change.id)]);
  return page;
}
