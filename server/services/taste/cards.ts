/**
 * Taste cards (issue 16; spec §3 Taste card / recipe, §4, §7): written by members, created Published,
 * archived to Private and back. A product's taste profile counts each member's latest published card of it
 * (profiles.ts); every write that changes which card of the member counts or what it says (its senses,
 * notes, aromas) changes the profile in the same transaction, and tells this process's profile index
 * (profile-index.ts) once committed.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { ErrorCode } from '../../../contract/errors.ts';
import type { CallBody } from '../../../contract/index.ts';
import {
  FIVE_SENSES,
  type createTasteCard,
  type newCreateTasteCard,
  type newUpdateTasteCard,
  type Parameter,
  type SearchAndFilterTasteCard,
  type TasteCard,
  type TasteCardStatus,
} from '../../../contract/taste-cards.ts';
import type { Db } from '../../db/client.ts';
import { mediaUploads, products, tasteCards, users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { ApiError, notFound } from '../../http/errors.ts';
import { productCardImage } from '../product-pictures.ts';
import { gramQuery, keywordTerms, normaliseKeyword, wordQuery, type Term } from '../search/keywords.ts';
import { mediaUrlFor, isMediaId } from '../uploads.ts';
import { applyContributions, lockProfile, type Contribution } from './profiles.ts';
import { aromasByIds, drinkKindOfProductType, knownAromas, knownTasteNotes, notesByIds } from './vocabulary.ts';

export type CardRow = typeof tasteCards.$inferSelect;
type OldCreate = CallBody<typeof createTasteCard>;
type NewCreate = CallBody<typeof newCreateTasteCard>;
type Update = CallBody<typeof newUpdateTasteCard>;
type Search = CallBody<typeof SearchAndFilterTasteCard>;

const invalid = (field: string, message: string) => new ApiError(400, ErrorCode.InvalidParameter, message, field);
const cardNotFound = () => notFound('Taste card');

const unique = (ids: readonly string[]) => [...new Set(ids)];

export function contributionOf(card: Pick<CardRow, 'sweetness' | 'sourness' | 'bitterness' | 'saltiness' | 'umami' | 'tasteNoteIds' | 'aromaIds'>): Contribution {
  return {
    senses: { Sweetness: card.sweetness, Sourness: card.sourness, Bitterness: card.bitterness, Saltiness: card.saltiness, Umami: card.umami },
    notes: card.tasteNoteIds,
    aromas: card.aromaIds,
  };
}

/** Every named note and aroma is in the vocabulary; the field of the first unknown one is refused. */
async function checkVocabulary(db: Db, notes: readonly string[] | undefined, aromaIds: readonly string[] | undefined) {
  if (notes?.length) {
    const known = await knownTasteNotes(db, notes);
    const unknown = notes.filter((id) => !known.has(id));
    if (unknown.length) throw invalid('TasteNote', `Unknown taste note: ${unknown.slice(0, 3).join(', ')}`);
  }
  if (aromaIds?.length) {
    const known = await knownAromas(db, aromaIds);
    const unknown = aromaIds.filter((id) => !known.has(id));
    if (unknown.length) throw invalid('Aroma', `Unknown aroma: ${unknown.slice(0, 3).join(', ')}`);
  }
}

/**
 * The photo: a MediaID from upload-temporary-media whose file this member has sent (the PUT checked its type
 * by content and its size: a file over 2 MB never becomes a finished upload). Answers its media address.
 */
async function photoUrl(db: Db, userId: string, mediaId: string): Promise<string> {
  const [row] = isMediaId(mediaId)
    ? await db
        .select({ id: mediaUploads.id })
        .from(mediaUploads)
        .where(and(eq(mediaUploads.id, mediaId), eq(mediaUploads.userId, userId), isNotNull(mediaUploads.uploadedAt)))
    : [];
  if (!row) throw invalid('Photo', 'Photo must be a picture you uploaded (JPEG, PNG or WebP, at most 2 MB)');
  return mediaUrlFor(row.id);
}

async function productOf(db: Db, productId: string) {
  const [row] = await db.select({ id: products.id, typeId: products.typeId }).from(products).where(eq(products.id, productId));
  if (!row) throw invalid('ProductID', `Unknown product: ${productId}`);
  return row;
}

/** create-taste-card and new-create-taste-card: checked, stored Published, added to its product's profile. */
export async function createCard(deps: Deps, userId: string, body: OldCreate | NewCreate, isNew: boolean): Promise<TasteCard> {
  const { db, clock } = deps;
  const product = await productOf(db, body.ProductID);
  const notes = unique(body.TasteNote);
  const aromaIds = unique(body.Aroma);
  await checkVocabulary(db, notes, aromaIds);
  const photo = body.Photo ? await photoUrl(db, userId, body.Photo) : null;
  const fresh = isNew ? (body as NewCreate) : undefined;
  // The old call has no image type: a photo, when sent, is what it shows.
  const imageType = fresh ? fresh.ProductImageType : photo ? 'photo' : 'default';
  if (imageType === 'photo' && !photo) throw invalid('ProductImageType', 'ProductImageType photo needs a Photo');
  const now = clock.now();
  const row: CardRow = {
    id: randomUUID(),
    userId,
    productId: product.id,
    status: 'Published',
    title: body.Title,
    description: body.Description,
    sweetness: body.FiveSenses.Sweetness,
    sourness: body.FiveSenses.Sourness,
    bitterness: body.FiveSenses.Bitterness,
    saltiness: body.FiveSenses.Saltiness,
    umami: body.FiveSenses.Umami,
    parameter: body.Parameter,
    tasteNoteIds: notes,
    customTasteNotes: body.CustomTasteNote,
    aromaIds,
    customAromas: body.CustomAroma,
    steps: fresh?.Step ?? [],
    language: fresh?.Language ?? 'en',
    productImageType: imageType,
    photo,
    searchVector: '',
    createdAt: now,
    updatedAt: now,
  };
  const { searchVector: _generated, ...values } = row;
  const profileChanged = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const profile = await lockProfile(t, product.id, now);
    const before = await countingCard(t, userId, product.id);
    await t.insert(tasteCards).values(values);
    const changes = voiceChanges(before, await countingCard(t, userId, product.id));
    await applyContributions(t, profile, changes, now);
    return changes.length > 0;
  });
  if (profileChanged) deps.tasteProfiles.changed([product.id]);
  return (await cardById(db, row.id))!;
}

/** new-update-taste-card: the owner's card only (another member's reads as not found); what is absent stays. */
export async function updateCard(deps: Deps, userId: string, body: Update): Promise<TasteCard> {
  const { db, clock } = deps;
  await checkVocabulary(db, body.TasteNote ? unique(body.TasteNote) : undefined, body.Aroma ? unique(body.Aroma) : undefined);
  const photo = body.Photo ? await photoUrl(db, userId, body.Photo) : undefined;
  const now = clock.now();
  const productId = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [old] = await t
      .select()
      .from(tasteCards)
      .where(and(eq(tasteCards.id, body.CardID), eq(tasteCards.userId, userId)))
      .for('update');
    if (!old) throw cardNotFound();
    // The card's lock, then its profile's: create takes only the profile's, so no two writers wait on each other.
    const profile = await lockProfile(t, old.productId, now);
    const before = await countingCard(t, userId, old.productId);
    const next: CardRow = {
      ...old,
      status: body.Status ?? old.status,
      title: body.Title ?? old.title,
      description: body.Description ?? old.description,
      ...(body.FiveSenses
        ? {
            sweetness: body.FiveSenses.Sweetness,
            sourness: body.FiveSenses.Sourness,
            bitterness: body.FiveSenses.Bitterness,
            saltiness: body.FiveSenses.Saltiness,
            umami: body.FiveSenses.Umami,
          }
        : {}),
      parameter: body.Parameter ?? old.parameter,
      tasteNoteIds: body.TasteNote ? unique(body.TasteNote) : old.tasteNoteIds,
      customTasteNotes: body.CustomTasteNote ?? old.customTasteNotes,
      aromaIds: body.Aroma ? unique(body.Aroma) : old.aromaIds,
      customAromas: body.CustomAroma ?? old.customAromas,
      steps: body.Step ?? old.steps,
      language: body.Language ?? old.language,
      productImageType: body.ProductImageType ?? (photo ? 'photo' : old.productImageType),
      photo: photo ?? old.photo,
      updatedAt: now,
    };
    if (next.productImageType === 'photo' && !next.photo) throw invalid('ProductImageType', 'ProductImageType photo needs a Photo');
    const { id: _id, userId: _user, productId: _product, createdAt: _created, searchVector: _vector, ...changes } = next;
    await t.update(tasteCards).set(changes).where(eq(tasteCards.id, old.id));
    const profileChanges = voiceChanges(before, await countingCard(t, userId, old.productId));
    await applyContributions(t, profile, profileChanges, now);
    return profileChanges.length ? old.productId : undefined;
  });
  if (productId) deps.tasteProfiles.changed([productId]);
  return (await cardById(db, body.CardID))!;
}

/**
 * The card of a member's that counts in a product's profile: their latest published one. Read under the
 * profile's lock (lockProfile), so no other write of theirs on the product is in between.
 */
async function countingCard(tx: Db, userId: string, productId: string): Promise<CardRow | undefined> {
  const [row] = await tx
    .select()
    .from(tasteCards)
    .where(and(eq(tasteCards.userId, userId), eq(tasteCards.productId, productId), published))
    .orderBy(desc(tasteCards.createdAt), desc(tasteCards.id))
    .limit(1);
  return row;
}

/** What the profile gains and loses when a member's counting card goes from `before` to `after` (either may be none). */
function voiceChanges(before: CardRow | undefined, after: CardRow | undefined): Array<{ contribution: Contribution; sign: 1 | -1 }> {
  if (before && after && before.id === after.id && sameContribution(contributionOf(before), contributionOf(after))) return [];
  return [...(before ? [{ contribution: contributionOf(before), sign: -1 as const }] : []), ...(after ? [{ contribution: contributionOf(after), sign: 1 as const }] : [])];
}

function sameContribution(a: Contribution, b: Contribution): boolean {
  const sameSet = (x: readonly string[], y: readonly string[]) => x.length === y.length && new Set([...x, ...y]).size === x.length;
  return FIVE_SENSES.every((s) => a.senses[s] === b.senses[s]) && sameSet(unique(a.notes), unique(b.notes)) && sameSet(unique(a.aromas), unique(b.aromas));
}

// ------------------------------------------------------------------------------------ reading

const cardColumns = {
  card: tasteCards,
  productNameEn: products.nameEn,
  productNameZh: products.nameZh,
  productImages: products.images,
  productPhotos: products.photos,
  productTypeId: products.typeId,
  authorName: users.name,
  authorGivenName: users.givenName,
  authorAvatar: users.avatar,
};

function cardSelect(db: Db) {
  return db
    .select(cardColumns)
    .from(tasteCards)
    .innerJoin(products, eq(products.id, tasteCards.productId))
    .innerJoin(users, eq(users.id, tasteCards.userId));
}

type JoinedRow = Awaited<ReturnType<ReturnType<typeof cardSelect>['execute']>>[number];

/** Cards as the contract answers them, their notes and aromas resolved in one read for the whole page. */
async function toTasteCards(db: Db, rows: readonly JoinedRow[]): Promise<TasteCard[]> {
  const [notes, aromaList] = await Promise.all([
    notesByIds(db, rows.flatMap((r) => r.card.tasteNoteIds)),
    aromasByIds(db, rows.flatMap((r) => r.card.aromaIds)),
  ]);
  const noteById = new Map(notes.map((n) => [n.TasteNoteID, n]));
  const aromaById = new Map(aromaList.map((a) => [a.AromaID, a]));
  return rows.map(({ card, ...r }) => {
    const defaultImage = productCardImage({ images: r.productImages, photos: r.productPhotos });
    const drink = drinkKindOfProductType(r.productTypeId);
    return {
      CardID: card.id,
      Status: card.status,
      Author: { UserID: card.userId, Name: r.authorName ?? r.authorGivenName, ...(r.authorAvatar ? { Avatar: r.authorAvatar } : {}) },
      ProductID: card.productId,
      Product: { Name: { en: r.productNameEn, zh: r.productNameZh }, Image: defaultImage, ProductTypeID: r.productTypeId, ...(drink ? { Drink: drink } : {}) },
      Title: card.title,
      Description: card.description,
      FiveSenses: { Sweetness: card.sweetness, Sourness: card.sourness, Bitterness: card.bitterness, Saltiness: card.saltiness, Umami: card.umami },
      Parameter: card.parameter as Parameter,
      TasteNote: card.tasteNoteIds.flatMap((id) => noteById.get(id) ?? []),
      CustomTasteNote: card.customTasteNotes,
      Aroma: card.aromaIds.flatMap((id) => aromaById.get(id) ?? []),
      CustomAroma: card.customAromas,
      Step: card.steps,
      Language: card.language === 'zh' ? 'zh' : 'en',
      ProductImageType: card.productImageType,
      Image: card.productImageType === 'photo' && card.photo ? card.photo : defaultImage,
      CreatedAt: card.createdAt.toISOString(),
      UpdatedAt: card.updatedAt.toISOString(),
    };
  });
}

/** One card whatever its status (callers decide who may see it). */
export async function cardById(db: Db, cardId: string): Promise<TasteCard | undefined> {
  const rows = await cardSelect(db).where(eq(tasteCards.id, cardId));
  return (await toTasteCards(db, rows))[0];
}

/** get-public-…: published only; a private card reads as not found, even for its owner. */
export async function publicCard(db: Db, cardId: string): Promise<TasteCard> {
  const rows = await cardSelect(db).where(and(eq(tasteCards.id, cardId), eq(tasteCards.status, 'Published')));
  const [card] = await toTasteCards(db, rows);
  if (!card) throw cardNotFound();
  return card;
}

/** get-user-…: the member's own card, any status; another member's reads as not found. */
export async function ownCard(db: Db, userId: string, cardId: string): Promise<TasteCard> {
  const rows = await cardSelect(db).where(and(eq(tasteCards.id, cardId), eq(tasteCards.userId, userId)));
  const [card] = await toTasteCards(db, rows);
  if (!card) throw cardNotFound();
  return card;
}

interface Page {
  From: number;
  Size: number;
}

async function page(db: Db, where: SQL | undefined, { From, Size }: Page, order: SQL[] = [desc(tasteCards.createdAt), desc(tasteCards.id)]) {
  const [rows, [total]] = await Promise.all([
    cardSelect(db).where(where).orderBy(...order).limit(Size).offset(From),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(tasteCards)
      .innerJoin(products, eq(products.id, tasteCards.productId))
      .where(where),
  ]);
  return { CardList: await toTasteCards(db, rows), Total: total?.n ?? 0 };
}

const published = eq(tasteCards.status, 'Published');

/** list-taste-card / new-list-taste-card: everyone's published cards, newest first; ProductID narrows them. */
export function listPublished(db: Db, body: Page & { ProductID?: string | undefined }) {
  return page(db, and(published, body.ProductID ? eq(tasteCards.productId, body.ProductID) : undefined), body);
}

/** list-user-taste-card: the member's own cards, any status unless Status says, newest first. */
export function listOwn(db: Db, userId: string, body: Page & { ProductType?: string | undefined; Status?: TasteCardStatus | undefined }) {
  return page(
    db,
    and(
      eq(tasteCards.userId, userId),
      body.ProductType ? eq(products.typeId, body.ProductType) : undefined,
      body.Status ? eq(tasteCards.status, body.Status) : undefined,
    ),
    body,
  );
}

/**
 * One keyword term on a card: in its own texts (title, description: both languages' documents) or in its
 * product's name, English or Chinese.
 */
function termMatch(term: Term): SQL {
  if (term.kind === 'word') {
    return sql`(${tasteCards.searchVector} @@ ${wordQuery(term)} or ${products.searchVector} @@ ${wordQuery(term, true)})`;
  }
  const grams = sql`${gramQuery(term)}::tsquery`;
  return sql`((${tasteCards.searchVector} @@ ${grams} and strpos(${tasteCards.title} || ' ' || ${tasteCards.description}, ${term.text}) > 0)
    or strpos(${products.nameZh}, ${term.text}) > 0)`;
}

/** SearchAndFilterTasteCard: published cards matching every keyword term, within the filters; newest or most relevant first. */
export async function searchCards(db: Db, body: Search) {
  const keyword = normaliseKeyword(body.Keyword ?? '');
  const terms = keyword ? keywordTerms(keyword) : null;
  if (keyword && !terms) return { CardList: [], Total: 0 };
  const filter = body.Filter ?? {};
  const where = and(
    published,
    ...(terms ?? []).map(termMatch),
    filter.ProductType?.length ? inArray(products.typeId, filter.ProductType) : undefined,
    filter.ProductID ? eq(tasteCards.productId, filter.ProductID) : undefined,
    filter.TasteNote?.length ? sql`${tasteCards.tasteNoteIds} ?| ${sql.param(filter.TasteNote)}::text[]` : undefined,
    filter.Aroma?.length ? sql`${tasteCards.aromaIds} ?| ${sql.param(filter.Aroma)}::text[]` : undefined,
  );
  const words = (terms ?? []).filter((t): t is Extract<Term, { kind: 'word' }> => t.kind === 'word');
  const order =
    body.Sort === 'relevance' && words.length
      ? [sql`ts_rank(${tasteCards.searchVector}, ${sql.join(words.map((w) => wordQuery(w)), sql` || `)}) desc`, desc(tasteCards.createdAt), desc(tasteCards.id)]
      : undefined;
  return page(db, where, body, order);
}

/** A member's own cards as rows (the match and the daily sip read them). */
export function ownCardRows(db: Db, userId: string) {
  return db.select().from(tasteCards).where(eq(tasteCards.userId, userId)).orderBy(desc(tasteCards.createdAt), desc(tasteCards.id));
}
