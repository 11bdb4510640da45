/**
 * Inspiration posts (issue 19): writing them, reading them as the contract's Inspiration, and the counters
 * that move with likes, saves, views and shares. Every counter moves in the transaction of the row that makes
 * it, by what that statement changed (an insert … on conflict do nothing or a delete … returning), so it stays
 * exact under any concurrency and is read for free.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { ErrorCode } from '../../../contract/errors.ts';
import type { CallBody, Inspiration, InspirationStatus } from '../../../contract/index.ts';
import type { createInspiration, updateInspiration } from '../../../contract/inspiration.ts';
import type { Db } from '../../db/client.ts';
import {
  inspirationLikes,
  inspirationSaves,
  inspirations,
  inspirationViewerDays,
  mediaUploads,
  products,
  users,
  type StoredInspirationMedia,
} from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { ApiError, notFound } from '../../http/errors.ts';
import { artworkUrl } from '../artwork.ts';
import { productCardImage } from '../product-pictures.ts';
import { isMediaId, mediaUrlFor, variantUrlFor } from '../uploads.ts';

export type InspirationRow = typeof inspirations.$inferSelect;
type Create = CallBody<typeof createInspiration>;
type Update = CallBody<typeof updateInspiration>;

const DAY_MS = 86_400_000;
const HK_OFFSET_MS = 8 * 3_600_000;
/** A Hong Kong calendar day as yyyy-MM-dd. */
export const hongKongDate = (at: Date) => new Date(at.getTime() + HK_OFFSET_MS).toISOString().slice(0, 10);
/** The instant a Hong Kong day (yyyy-MM-dd) starts. */
export const hongKongDayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - HK_OFFSET_MS);

const invalid = (field: string, message: string) => new ApiError(400, ErrorCode.InvalidParameter, message, field);
export const published = eq(inspirations.status, 'Published');

/** Tags as typed, without a leading #, each once (ignoring case). */
export function cleanTags(tags: readonly string[]): { tags: string[]; keys: string[] } {
  const out: string[] = [];
  const keys: string[] = [];
  for (const raw of tags) {
    const tag = raw.replace(/^#+/, '').trim().replace(/\s+/g, ' ');
    const key = tag.toLowerCase();
    if (!tag || keys.includes(key)) continue;
    out.push(tag);
    keys.push(key);
  }
  return { tags: out, keys };
}
export const tagKey = (tag: string) => tag.replace(/^#+/, '').trim().replace(/\s+/g, ' ').toLowerCase();

// ------------------------------------------------------------------------------------------- media

/** A seeded post's picture: generated artwork (vector: no resized copies). */
export function artworkMedia(seed: string): StoredInspirationMedia {
  return { MediaID: seed, Type: 'image', ContentType: 'image/svg+xml', Url: artworkUrl(seed), Variants: [] };
}

/**
 * The media of a post from MediaIDs: each the member's own finished inspiration upload, or media of the post
 * it starts from (CopyFrom). Order kept, each once.
 */
async function resolveMedia(db: Db, userId: string, ids: readonly string[], copied: readonly StoredInspirationMedia[]): Promise<StoredInspirationMedia[]> {
  const unique = [...new Set(ids)];
  const uploadIds = unique.filter(isMediaId);
  const rows = uploadIds.length
    ? await db
        .select()
        .from(mediaUploads)
        .where(and(inArray(mediaUploads.id, uploadIds), eq(mediaUploads.userId, userId), isNotNull(mediaUploads.uploadedAt)))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const fromCopy = new Map(copied.map((m) => [m.MediaID, m]));
  return unique.map((id) => {
    const mine = byId.get(id);
    if (mine && mine.contentType && (mine.purpose === 'inspiration' || mine.contentType.startsWith('image/'))) {
      return {
        MediaID: mine.id,
        Type: mine.contentType.startsWith('video/') ? 'video' : 'image',
        ContentType: mine.contentType,
        Url: mediaUrlFor(mine.id),
        Variants: (mine.variants ?? []).map((v) => ({ Width: v.width, Url: variantUrlFor(mine.id, v.width), ContentType: v.contentType })),
        ...(mine.width ? { Width: mine.width } : {}),
        ...(mine.height ? { Height: mine.height } : {}),
      } satisfies StoredInspirationMedia;
    }
    const copy = fromCopy.get(id);
    if (copy) return copy;
    throw invalid('MediaList', `MediaList must name pictures or videos you uploaded: ${id.slice(0, 64)}`);
  });
}

// ---------------------------------------------------------------------------------------- products

async function productNames(db: Db, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return { ids: [], en: '', zh: '' };
  const rows = await db.select({ id: products.id, nameEn: products.nameEn, nameZh: products.nameZh }).from(products).where(inArray(products.id, unique));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const unknown = unique.filter((id) => !byId.has(id));
  if (unknown.length) throw invalid('ProductList', `Unknown product: ${unknown.slice(0, 3).join(', ')}`);
  const list = unique.map((id) => byId.get(id)!);
  return { ids: unique, en: list.map((p) => p.nameEn).join(' '), zh: list.map((p) => p.nameZh).join(' ') };
}

// ------------------------------------------------------------------------------------------ writing

/** A published post (or, to its owner, any of theirs) as a row; ObjectNotFound otherwise. */
export async function visibleRow(db: Db, id: string, viewer: string | undefined): Promise<InspirationRow> {
  const [row] = await db.select().from(inspirations).where(eq(inspirations.id, id));
  if (!row || (row.status !== 'Published' && row.userId !== viewer)) throw notFound('Inspiration');
  return row;
}

async function publishedRow(db: Db, id: string): Promise<InspirationRow> {
  const [row] = await db.select().from(inspirations).where(and(eq(inspirations.id, id), published));
  if (!row) throw notFound('Inspiration');
  return row;
}

/** create-inspiration: Published unless Status says otherwise; CopyFrom must be a published post. */
export async function createPost(deps: Deps, userId: string, body: Create): Promise<Inspiration> {
  const { db, clock } = deps;
  let copied: StoredInspirationMedia[] = [];
  if (body.CopyFrom) {
    const [source] = await db.select().from(inspirations).where(and(eq(inspirations.id, body.CopyFrom), published));
    if (!source) throw invalid('CopyFrom', 'CopyFrom must be a published post');
    copied = source.media;
  }
  const media = await resolveMedia(db, userId, body.MediaList, copied);
  const names = await productNames(db, body.ProductList);
  const { tags, keys } = cleanTags(body.Tag);
  const now = clock.now();
  const id = randomUUID();
  await db.insert(inspirations).values({
    id,
    userId,
    status: body.Status,
    title: body.Title,
    description: body.Description,
    tags,
    tagKeys: keys,
    tagsText: tags.join(' '),
    media,
    hasVideo: media.some((m) => m.Type === 'video'),
    productIds: names.ids,
    productsEn: names.en,
    productsZh: names.zh,
    copyFrom: body.CopyFrom ?? null,
    createdAt: now,
    updatedAt: now,
  });
  return (await readPosts(db, [await ownRow(db, userId, id)], userId))[0]!;
}

async function ownRow(db: Db, userId: string, id: string): Promise<InspirationRow> {
  const [row] = await db.select().from(inspirations).where(and(eq(inspirations.id, id), eq(inspirations.userId, userId)));
  // Another member's post answers as an unknown one.
  if (!row) throw notFound('Inspiration');
  return row;
}

/** update-inspiration: the owner's post only; what is absent stays as it is. */
export async function updatePost(deps: Deps, userId: string, body: Update): Promise<Inspiration> {
  const { db, clock } = deps;
  const row = await ownRow(db, userId, body.InspirationID);
  const changes: Partial<typeof inspirations.$inferInsert> = {};
  if (body.Status) changes.status = body.Status;
  if (body.Title !== undefined) changes.title = body.Title;
  if (body.Description !== undefined) changes.description = body.Description;
  if (body.Tag) {
    const { tags, keys } = cleanTags(body.Tag);
    Object.assign(changes, { tags, tagKeys: keys, tagsText: tags.join(' ') });
  }
  if (body.MediaList) {
    const [source] = row.copyFrom ? await db.select({ media: inspirations.media }).from(inspirations).where(eq(inspirations.id, row.copyFrom)) : [];
    // What the post already shows may stay, whoever uploaded it (a copied picture).
    const media = await resolveMedia(db, userId, body.MediaList, [...row.media, ...(source?.media ?? [])]);
    Object.assign(changes, { media, hasVideo: media.some((m) => m.Type === 'video') });
  }
  if (body.ProductList) {
    const names = await productNames(db, body.ProductList);
    Object.assign(changes, { productIds: names.ids, productsEn: names.en, productsZh: names.zh });
  }
  changes.updatedAt = clock.now();
  const [updated] = await db
    .update(inspirations)
    .set(changes)
    .where(and(eq(inspirations.id, row.id), eq(inspirations.userId, userId)))
    .returning();
  if (!updated) throw notFound('Inspiration');
  return (await readPosts(db, [updated], userId))[0]!;
}

// ------------------------------------------------------------------------------------------ reading

/** Authors as the contract's AuthorSummary, by id. */
export async function authorsById(db: Db, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  const rows = unique.length
    ? await db.select({ id: users.id, name: users.name, givenName: users.givenName, avatar: users.avatar }).from(users).where(inArray(users.id, unique))
    : [];
  return new Map(rows.map((r) => [r.id, { UserID: r.id, Name: r.name ?? r.givenName, ...(r.avatar ? { Avatar: r.avatar } : {}) }]));
}

/** Rows as the contract's Inspiration, in their order; IsLiked / IsSaved / IsOwner for the viewer. */
export async function readPosts(db: Db, rows: readonly InspirationRow[], viewer: string | undefined): Promise<Inspiration[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const copyIds = [...new Set(rows.map((r) => r.copyFrom).filter((x): x is string => !!x))];
  const productIds = [...new Set(rows.flatMap((r) => r.productIds))];
  const [sources, productRows, liked, saved] = await Promise.all([
    copyIds.length
      ? db.select({ id: inspirations.id, title: inspirations.title, userId: inspirations.userId }).from(inspirations).where(and(inArray(inspirations.id, copyIds), published))
      : Promise.resolve([]),
    productIds.length
      ? db.select({ id: products.id, typeId: products.typeId, nameEn: products.nameEn, nameZh: products.nameZh, images: products.images, photos: products.photos }).from(products).where(inArray(products.id, productIds))
      : Promise.resolve([]),
    viewer
      ? db.select({ id: inspirationLikes.inspirationId }).from(inspirationLikes).where(and(eq(inspirationLikes.userId, viewer), inArray(inspirationLikes.inspirationId, ids)))
      : Promise.resolve([]),
    viewer
      ? db.select({ id: inspirationSaves.inspirationId }).from(inspirationSaves).where(and(eq(inspirationSaves.userId, viewer), inArray(inspirationSaves.inspirationId, ids)))
      : Promise.resolve([]),
  ]);
  const authors = await authorsById(db, [...rows.map((r) => r.userId), ...sources.map((s) => s.userId)]);
  const sourceById = new Map(sources.map((s) => [s.id, s]));
  const productById = new Map(productRows.map((p) => [p.id, p]));
  const likedSet = new Set(liked.map((l) => l.id));
  const savedSet = new Set(saved.map((s) => s.id));
  const authorOf = (id: string) => authors.get(id) ?? { UserID: id, Name: '' };
  return rows.map((r) => {
    const source = r.copyFrom ? sourceById.get(r.copyFrom) : undefined;
    return {
      InspirationID: r.id,
      Status: r.status,
      Author: authorOf(r.userId),
      Title: r.title,
      Description: r.description,
      Tag: r.tags,
      MediaList: r.media,
      ProductList: r.productIds
        .map((id) => productById.get(id))
        .filter((p) => !!p)
        .map((p) => ({ ProductID: p.id, ProductTypeID: p.typeId, Name: { en: p.nameEn, zh: p.nameZh }, Image: productCardImage(p) })),
      ...(source ? { CopyFrom: { InspirationID: source.id, Title: source.title, Author: authorOf(source.userId) } } : {}),
      LikeCount: r.likeCount,
      CommentCount: r.commentCount,
      ShareCount: r.shareCount,
      ViewCount: r.viewCount,
      SaveCount: r.saveCount,
      IsLiked: likedSet.has(r.id),
      IsSaved: savedSet.has(r.id),
      IsOwner: r.userId === viewer,
      CreatedAt: r.createdAt.toISOString(),
      UpdatedAt: r.updatedAt.toISOString(),
    };
  });
}

export interface Page {
  From: number;
  Size: number;
}

/** A page of posts matching `where`, newest first (or by `order`), with the total. */
export async function pageOf(db: Db, where: SQL | undefined, page: Page, viewer: string | undefined, order?: SQL[]) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(inspirations)
      .where(where)
      .orderBy(...(order ?? [desc(inspirations.createdAt), desc(inspirations.id)]))
      .limit(page.Size)
      .offset(page.From),
    db.select({ n: sql<number>`count(*)::int` }).from(inspirations).where(where),
  ]);
  return { InspirationList: await readPosts(db, rows, viewer), Total: total?.n ?? 0 };
}

/** get-user-inspiration: a published post, or the owner's own in any status. */
export async function getPost(db: Db, id: string, viewer: string | undefined): Promise<Inspiration> {
  return (await readPosts(db, [await visibleRow(db, id, viewer)], viewer))[0]!;
}

export const listPublished = (db: Db, page: Page, viewer: string | undefined) => pageOf(db, published, page, viewer);

export const listOwn = (db: Db, userId: string, body: Page & { Status?: InspirationStatus | undefined }) =>
  pageOf(db, and(eq(inspirations.userId, userId), body.Status ? eq(inspirations.status, body.Status) : undefined), body, userId);

/** get-like-inspiration: published posts the member liked, most recently liked first. */
export async function likedPosts(db: Db, userId: string, page: Page) {
  return joinedPage(db, inspirationLikes, userId, page);
}

/** get-inspiration-collection: published posts the member saved, most recently saved first. */
export async function savedPosts(db: Db, userId: string, page: Page) {
  return joinedPage(db, inspirationSaves, userId, page);
}

async function joinedPage(db: Db, table: typeof inspirationLikes | typeof inspirationSaves, userId: string, page: Page) {
  const where = and(eq(table.userId, userId), published);
  const [rows, [total]] = await Promise.all([
    db
      .select({ post: inspirations })
      .from(table)
      .innerJoin(inspirations, eq(inspirations.id, table.inspirationId))
      .where(where)
      .orderBy(desc(table.createdAt), desc(inspirations.id))
      .limit(page.Size)
      .offset(page.From),
    db.select({ n: sql<number>`count(*)::int` }).from(table).innerJoin(inspirations, eq(inspirations.id, table.inspirationId)).where(where),
  ]);
  return { InspirationList: await readPosts(db, rows.map((r) => r.post), userId), Total: total?.n ?? 0 };
}

// ---------------------------------------------------------------------------------------- counters

/**
 * like-inspiration: a like is a row; the counter moves by the rows the statement inserted or deleted, in the
 * same transaction. Asking for the state it already has: NoNeedToUpdateLike.
 */
export async function setLike(deps: Deps, userId: string, id: string, like: boolean) {
  const { db, clock } = deps;
  await publishedRow(db, id);
  const count = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const changed = like
      ? await t.insert(inspirationLikes).values({ inspirationId: id, userId, createdAt: clock.now() }).onConflictDoNothing().returning({ id: inspirationLikes.inspirationId })
      : await t
          .delete(inspirationLikes)
          .where(and(eq(inspirationLikes.inspirationId, id), eq(inspirationLikes.userId, userId)))
          .returning({ id: inspirationLikes.inspirationId });
    if (!changed.length) return null;
    const [row] = await t
      .update(inspirations)
      .set({ likeCount: sql`${inspirations.likeCount} + ${like ? 1 : -1}` })
      .where(eq(inspirations.id, id))
      .returning({ n: inspirations.likeCount });
    return row?.n ?? 0;
  });
  if (count === null) {
    throw new ApiError(400, ErrorCode.NoNeedToUpdateLike, like ? 'You already like this post' : 'You do not like this post yet');
  }
  return { InspirationID: id, IsLike: like, LikeCount: count };
}

/** save-inspiration: the same for saves, but idempotent (saving a saved post answers its state). */
export async function setSave(deps: Deps, userId: string, id: string, save: boolean) {
  const { db, clock } = deps;
  if (save) await publishedRow(db, id);
  const count = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const changed = save
      ? await t.insert(inspirationSaves).values({ inspirationId: id, userId, createdAt: clock.now() }).onConflictDoNothing().returning({ id: inspirationSaves.inspirationId })
      : await t
          .delete(inspirationSaves)
          .where(and(eq(inspirationSaves.inspirationId, id), eq(inspirationSaves.userId, userId)))
          .returning({ id: inspirationSaves.inspirationId });
    const [row] = changed.length
      ? await t
          .update(inspirations)
          .set({ saveCount: sql`${inspirations.saveCount} + ${save ? 1 : -1}` })
          .where(eq(inspirations.id, id))
          .returning({ n: inspirations.saveCount })
      : await t.select({ n: inspirations.saveCount }).from(inspirations).where(eq(inspirations.id, id));
    return row?.n;
  });
  if (count === undefined) throw notFound('Inspiration');
  return { InspirationID: id, IsSave: save, SaveCount: count };
}

/**
 * view-inspiration / share-inspiration: counted once per viewer (the member, else the client's network: see
 * calls/inspiration.ts) per Hong Kong day; without either, not counted. The row (post, kind, viewer, day) is
 * inserted only if new, and the counter moves only when it was, in the same transaction.
 */
export async function countViewerDay(deps: Deps, id: string, kind: 'view' | 'share', viewer: string | undefined) {
  const { db, clock } = deps;
  const row = await publishedRow(db, id);
  const column = kind === 'view' ? inspirations.viewCount : inspirations.shareCount;
  const current = kind === 'view' ? row.viewCount : row.shareCount;
  if (!viewer) return { count: current, counted: false };
  const day = hongKongDate(clock.now());
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const inserted = await t
      .insert(inspirationViewerDays)
      .values({ inspirationId: id, kind, viewer, day })
      .onConflictDoNothing()
      .returning({ id: inspirationViewerDays.inspirationId });
    if (!inserted.length) {
      const [now] = await t.select({ n: column }).from(inspirations).where(eq(inspirations.id, id));
      return { count: now?.n ?? current, counted: false };
    }
    const [updated] = await t
      .update(inspirations)
      .set(kind === 'view' ? { viewCount: sql`${inspirations.viewCount} + 1` } : { shareCount: sql`${inspirations.shareCount} + 1` })
      .where(eq(inspirations.id, id))
      .returning({ n: column });
    return { count: updated?.n ?? current + 1, counted: true };
  });
}

/** Posts' popularity, as the search's popular sort and the discover feed rank them. */
export const popularity = sql`(${inspirations.viewCount} + 3 * ${inspirations.likeCount} + 4 * ${inspirations.commentCount} + 5 * ${inspirations.shareCount} + 4 * ${inspirations.saveCount})`;

export { DAY_MS };
