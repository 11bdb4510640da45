/** A member's recent searches (getUserRecentSearch, delUserRecentSearch; kept by the spec §5 rules). */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { pushRecentSearch } from '../../../contract/index.ts';
import type { Db } from '../../db/client.ts';
import { recentSearches, users } from '../../db/schema.ts';
import { normaliseKeyword } from './keywords.ts';

/** A member's recent searches, newest first. */
export async function recentSearchesOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ keyword: recentSearches.keyword })
    .from(recentSearches)
    .where(eq(recentSearches.userId, userId))
    .orderBy(desc(recentSearches.searchedAt), asc(recentSearches.keyword));
  return rows.map((r) => r.keyword);
}

/**
 * Remembers a member's search by the spec §5 rules (contract pushRecentSearch): the list is rewritten with
 * strictly decreasing times, so its order survives searches within the same millisecond.
 */
export async function rememberSearch(db: Db, userId: string, keyword: string, at: Date): Promise<string[]> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    // One member's searches are rewritten one at a time.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const stored = await tx
      .select({ keyword: recentSearches.keyword, searchedAt: recentSearches.searchedAt })
      .from(recentSearches)
      .where(eq(recentSearches.userId, userId))
      .orderBy(desc(recentSearches.searchedAt), asc(recentSearches.keyword));
    const list = pushRecentSearch(
      stored.map((s) => s.keyword),
      keyword,
    );
    const timeOf = new Map(stored.map((s) => [s.keyword, s.searchedAt.getTime()]));
    let previous = Infinity;
    const rows = list.map((entry, i) => {
      const time = Math.min(i === 0 ? at.getTime() : (timeOf.get(entry) ?? at.getTime()), previous - 1);
      previous = time;
      return { userId, keyword: entry, searchedAt: new Date(time) };
    });
    await tx.delete(recentSearches).where(eq(recentSearches.userId, userId));
    if (rows.length) await tx.insert(recentSearches).values(rows);
    return list;
  });
}

/** Forgets one keyword (ignoring case and spacing), or every recent search when none is given. */
export async function forgetSearch(db: Db, userId: string, keyword?: string): Promise<string[]> {
  const forgotten = keyword === undefined ? undefined : normaliseKeyword(keyword);
  await db
    .delete(recentSearches)
    .where(
      and(
        eq(recentSearches.userId, userId),
        forgotten === undefined ? undefined : sql`lower(${recentSearches.keyword}) = ${forgotten}`,
      ),
    );
  return recentSearchesOf(db, userId);
}
