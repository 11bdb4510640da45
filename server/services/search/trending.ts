/**
 * The hot-keyword lists (getHotKeyword): Top Search (the last 90 days) and Now Trending (rising today),
 * counted from the search log (log.ts) and stored for an hour; and who counts for any list every visitor
 * sees, autocomplete's keywords included (autocomplete.ts).
 */
import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { HOT_KEYWORD_LIMIT, type HotKeyword } from '../../../contract/index.ts';
import type { Db } from '../../db/client.ts';
import { hotKeywords, searchLogs } from '../../db/schema.ts';
import { rowsOf } from './sql.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

type HotKind = 'top' | 'trending';
/** Stored lists older than this are recomputed when asked for. */
const HOT_KEYWORDS_MAX_AGE_MS = HOUR_MS;
const TOP_WINDOW_DAYS = 90;
const TRENDING_BASELINE_DAYS = 7;

/**
 * A searcher: the member when signed in, else the network searched from (searcherNetwork, log.ts). Never the
 * visitor's cookie id, which is the client's to choose: one visitor rotating it, plus one member, put a
 * SQL-looking keyword on Now Trending (issue 11). A search with neither (logged before addresses were)
 * counts for no one.
 */
export const searcher = sql`coalesce('member:' || ${searchLogs.userId}, 'network:' || ${searchLogs.clientIp})`;

/**
 * A keyword is on a list every visitor sees (top search, now trending, autocomplete's keywords) only once
 * this many searchers looked for it, from this many networks, and found products: no one person, and no one
 * household, office or NAT, puts a word there alone, and one person's search is not shown to others.
 */
export const LIST_MIN_SEARCHERS = 3;
export const LIST_MIN_NETWORKS = 2;

/** Where the searches that Top Search and autocomplete's keywords count start: 90 days before now. */
export const topWindowStart = (now: Date): Date => new Date(now.getTime() - TOP_WINDOW_DAYS * DAY_MS);

/** Grouped by keyword: searched by enough people from enough networks to be shown to everyone. */
export const seenByEnough = sql`count(distinct ${searcher}) >= ${LIST_MIN_SEARCHERS}
  and count(distinct ${searchLogs.clientIp}) >= ${LIST_MIN_NETWORKS}`;

/** Keywords of the last 90 days that found something, by how many people searched them. */
async function computeTopSearch(db: Db, now: Date): Promise<string[]> {
  const searchers = sql<number>`count(distinct ${searcher})`;
  const rows = await db
    .select({ keyword: searchLogs.keyword })
    .from(searchLogs)
    .where(
      and(
        gte(searchLogs.createdAt, topWindowStart(now)),
        lte(searchLogs.createdAt, now),
        sql`${searchLogs.resultCount} > 0`,
      ),
    )
    .groupBy(searchLogs.keyword)
    .having(seenByEnough)
    .orderBy(desc(searchers), desc(sql`count(*)`), asc(searchLogs.keyword))
    .limit(HOT_KEYWORD_LIMIT);
  return rows.map((r) => r.keyword);
}

/**
 * Keywords rising now: searchers of the last 24 hours (at least LIST_MIN_SEARCHERS, from LIST_MIN_NETWORKS
 * networks) against the daily average of the 7 days before, ranked by growth (rise over the average plus
 * one, so that a new keyword ranks by its searchers).
 */
async function computeNowTrending(db: Db, now: Date): Promise<string[]> {
  const dayStart = new Date(now.getTime() - DAY_MS);
  const baselineStart = new Date(dayStart.getTime() - TRENDING_BASELINE_DAYS * DAY_MS);
  const rows = await rowsOf<{ keyword: string }>(
    db,
    sql`with found as (
        select keyword, ${searcher} as who, client_ip as network, created_at from search_logs
        where created_at > ${baselineStart} and created_at <= ${now} and result_count > 0 and ${searcher} is not null
      ),
      recent as (
        select keyword, count(distinct who)::float8 as searchers from found where created_at > ${dayStart}
        group by keyword
        having count(distinct who) >= ${LIST_MIN_SEARCHERS} and count(distinct network) >= ${LIST_MIN_NETWORKS}
      ),
      daily as (
        select keyword, count(distinct who) as searchers from found where created_at <= ${dayStart}
        group by keyword, floor(extract(epoch from (${dayStart}::timestamptz - created_at)) / 86400)
      ),
      baseline as (select keyword, sum(searchers)::float8 / ${TRENDING_BASELINE_DAYS} as average from daily group by keyword)
      select r.keyword from recent r left join baseline b using (keyword)
      where r.searchers > coalesce(b.average, 0)
      order by (r.searchers - coalesce(b.average, 0)) / (coalesce(b.average, 0) + 1) desc, r.searchers desc, r.keyword
      limit ${HOT_KEYWORD_LIMIT}`,
  );
  return rows.map((r) => r.keyword);
}

const compute: Record<HotKind, (db: Db, now: Date) => Promise<string[]>> = { top: computeTopSearch, trending: computeNowTrending };

/** Recomputes one list and stores it (Sort 1…n). */
export async function refreshHotKeywords(db: Db, kind: HotKind, now: Date): Promise<HotKeyword[]> {
  const list = (await compute[kind](db, now)).map((Keyword, i) => ({ Keyword, Sort: i + 1 }));
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    // Upsert, then drop the tail: two refreshes at once leave one whole list, never a key conflict.
    if (list.length) {
      await tx
        .insert(hotKeywords)
        .values(list.map((k) => ({ kind, sort: k.Sort, keyword: k.Keyword, computedAt: now })))
        .onConflictDoUpdate({
          target: [hotKeywords.kind, hotKeywords.sort],
          set: { keyword: sql`excluded.keyword`, computedAt: sql`excluded.computed_at` },
        });
    }
    await tx.delete(hotKeywords).where(and(eq(hotKeywords.kind, kind), sql`${hotKeywords.sort} > ${list.length}`));
  });
  return list;
}

/** Both stored lists; a list missing or older than an hour is recomputed first. */
export async function currentHotKeywords(db: Db, now: Date): Promise<Record<HotKind, HotKeyword[]>> {
  const stored = await db.select().from(hotKeywords).orderBy(asc(hotKeywords.kind), asc(hotKeywords.sort));
  const result = {} as Record<HotKind, HotKeyword[]>;
  for (const kind of ['top', 'trending'] as const) {
    const rows = stored.filter((r) => r.kind === kind);
    const fresh = rows.length > 0 && rows.every((r) => now.getTime() - r.computedAt.getTime() < HOT_KEYWORDS_MAX_AGE_MS);
    result[kind] = fresh ? rows.map((r) => ({ Keyword: r.keyword, Sort: r.sort })) : await refreshHotKeywords(db, kind, now);
  }
  return result;
}
