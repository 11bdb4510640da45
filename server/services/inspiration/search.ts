/**
 * Finding inspiration posts (issue 19): the keyword search and filters of SearchAndFilterInspiration /
 * SearchAndFilterUserInspiration, and the discover feed. Published posts only. A keyword is read as the product
 * search reads it (services/search/keywords.ts): English words stemmed with a prefix, Chinese runs as character grams
 * checked as substrings, over titles, tags, the posts' products' names (both languages) and descriptions.
 */
import { and, desc, eq, gte, inArray, lt, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { CallBody } from '../../../contract/index.ts';
import type { SearchAndFilterInspiration } from '../../../contract/inspiration.ts';
import type { Db } from '../../db/client.ts';
import { follows, inspirationLikes, inspirations, products } from '../../db/schema.ts';
import { gramQuery, keywordTerms, normaliseKeyword, wordQuery, type Term } from '../search/keywords.ts';
import { hongKongDayStart, DAY_MS, pageOf, popularity, published, readPosts, tagKey, type Page } from './posts.ts';

type Search = CallBody<typeof SearchAndFilterInspiration>;

/** One keyword term on a post: in its document (English stems; Chinese grams, then the substring itself). */
function termMatch(term: Term): SQL {
  if (term.kind === 'word') return sql`${inspirations.searchVector} @@ ${wordQuery(term)}`;
  const grams = sql`${gramQuery(term)}::tsquery`;
  return sql`(${inspirations.searchVector} @@ ${grams} and strpos(${inspirations.title} || ' ' || ${inspirations.tagsText} || ' ' || ${inspirations.productsZh} || ' ' || ${inspirations.description}, ${term.text}) > 0)`;
}

export async function searchPosts(db: Db, body: Search, viewer: string | undefined) {
  const keyword = normaliseKeyword(body.Keyword ?? '');
  const terms = keyword ? keywordTerms(keyword) : null;
  if (keyword && !terms) return { InspirationList: [], Total: 0 };
  const filter = body.Filter ?? {};
  const tagKeys = (filter.Tag ?? []).map(tagKey).filter(Boolean);
  const from = body.Range?.Date?.From;
  const to = body.Range?.Date?.To;
  let productTypeMatch: SQL | undefined;
  if (filter.ProductType?.length) {
    const ids = await db.select({ id: products.id }).from(products).where(inArray(products.typeId, filter.ProductType));
    productTypeMatch = ids.length ? sql`${inspirations.productIds} ?| ${sql.param(ids.map((p) => p.id))}::text[]` : sql`false`;
  }
  const where = and(
    published,
    ...(terms ?? []).map(termMatch),
    tagKeys.length ? sql`${inspirations.tagKeys} ?| ${sql.param(tagKeys)}::text[]` : undefined,
    filter.ProductID ? sql`${inspirations.productIds} ? ${filter.ProductID}` : undefined,
    productTypeMatch,
    filter.UserID ? eq(inspirations.userId, filter.UserID) : undefined,
    filter.MediaType ? eq(inspirations.hasVideo, filter.MediaType === 'video') : undefined,
    from ? gte(inspirations.createdAt, hongKongDayStart(from)) : undefined,
    to ? lt(inspirations.createdAt, new Date(hongKongDayStart(to).getTime() + DAY_MS)) : undefined,
  );
  const words = (terms ?? []).filter((t): t is Extract<Term, { kind: 'word' }> => t.kind === 'word');
  const sort = body.Sort ?? (keyword ? 'relevance' : 'newest');
  const newest = [desc(inspirations.createdAt), desc(inspirations.id)];
  const order =
    sort === 'popular'
      ? [sql`${popularity} desc`, ...newest]
      : sort === 'mostLiked'
        ? [desc(inspirations.likeCount), ...newest]
        : sort === 'relevance' && words.length
          ? [sql`ts_rank(${inspirations.searchVector}, ${sql.join(words.map((w) => wordQuery(w)), sql` || `)}) desc`, ...newest]
          : newest;
  return pageOf(db, where, { From: body.From, Size: body.Size }, viewer, order);
}

/** How many posts of each kind a discover page mixes, in this order, round after round. */
const DISCOVER_MIX = ['following', 'following', 'tag', 'popular'] as const;
/** The liked posts whose tags steer the feed (the most recent likes). */
const LIKED_FOR_TAGS = 50;
/** Candidates read per kind: enough for pages far down, bounded. */
const DISCOVER_POOL = 500;

/**
 * get-discover: for a member, posts of authors they follow (newest first), posts sharing tags with posts they
 * liked (newest first) and popular posts, interleaved (DISCOVER_MIX) with each post once, never their own;
 * once a kind runs out the others fill in. For a visitor: popular posts. Paged over that order.
 */
export async function discover(db: Db, viewer: string | undefined, page: Page) {
  const notMine = viewer ? ne(inspirations.userId, viewer) : undefined;
  if (!viewer) {
    const result = await pageOf(db, published, { From: page.From, Size: page.Size + 1 }, undefined, [sql`${popularity} desc`, desc(inspirations.createdAt), desc(inspirations.id)]);
    const list = result.InspirationList.slice(0, page.Size).map((p) => ({ ...p, Reason: 'popular' as const }));
    return { InspirationList: list, HasMore: result.InspirationList.length > page.Size };
  }
  const limit = Math.min(DISCOVER_POOL, page.From + page.Size + 1);
  const likedTags = await db
    .select({ keys: inspirations.tagKeys })
    .from(inspirationLikes)
    .innerJoin(inspirations, eq(inspirations.id, inspirationLikes.inspirationId))
    .where(eq(inspirationLikes.userId, viewer))
    .orderBy(desc(inspirationLikes.createdAt))
    .limit(LIKED_FOR_TAGS);
  const tags = [...new Set(likedTags.flatMap((r) => r.keys))];
  const likedIds = db.select({ id: inspirationLikes.inspirationId }).from(inspirationLikes).where(eq(inspirationLikes.userId, viewer));
  const idsOf = (where: SQL | undefined, order: SQL[]) =>
    db.select({ id: inspirations.id }).from(inspirations).where(where).orderBy(...order).limit(limit);
  const newest = [desc(inspirations.createdAt), desc(inspirations.id)];
  const [following, tagged, popular] = await Promise.all([
    idsOf(
      and(published, notMine, inArray(inspirations.userId, db.select({ id: follows.followeeId }).from(follows).where(eq(follows.followerId, viewer)))),
      newest,
    ),
    tags.length
      ? idsOf(and(published, notMine, sql`${inspirations.tagKeys} ?| ${sql.param(tags)}::text[]`, notInArray(inspirations.id, likedIds)), newest)
      : Promise.resolve([]),
    idsOf(and(published, notMine), [sql`${popularity} desc`, ...newest]),
  ]);
  const queues = { following: following.map((r) => r.id), tag: tagged.map((r) => r.id), popular: popular.map((r) => r.id) };
  const seen = new Set<string>();
  const order: { id: string; reason: keyof typeof queues }[] = [];
  const take = (reason: keyof typeof queues) => {
    const queue = queues[reason];
    while (queue.length) {
      const id = queue.shift()!;
      if (seen.has(id)) continue;
      seen.add(id);
      order.push({ id, reason });
      return true;
    }
    return false;
  };
  while (order.length < limit) {
    let any = false;
    for (const reason of DISCOVER_MIX) if (take(reason)) any = true;
    if (!any) {
      // The mix's kinds ran out: whatever is left of any kind, in the mix's order.
      if (!(take('following') || take('tag') || take('popular'))) break;
    }
  }
  const slice = order.slice(page.From, page.From + page.Size);
  const rows = slice.length ? await db.select().from(inspirations).where(inArray(inspirations.id, slice.map((s) => s.id))) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = slice.map((s) => byId.get(s.id)).filter((r) => !!r);
  const posts = await readPosts(db, ordered, viewer);
  const reasonOf = new Map(slice.map((s) => [s.id, s.reason]));
  return {
    InspirationList: posts.map((p) => ({ ...p, Reason: reasonOf.get(p.InspirationID)! })),
    HasMore: order.length > page.From + page.Size,
  };
}
