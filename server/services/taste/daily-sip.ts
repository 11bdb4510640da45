/**
 * getDailySip (issue 16): the member's card of today and how many Hong Kong days in a row they have
 * carded. A streak ends today or yesterday: a member who has not carded yet today keeps yesterday's streak
 * until the day is over.
 */
import { and, desc, eq, gte } from 'drizzle-orm';
import type { TasteCard } from '../../../contract/taste-cards.ts';
import type { Db } from '../../db/client.ts';
import { tasteCards } from '../../db/schema.ts';
import { ownCard } from './cards.ts';

const DAY_MS = 86_400_000;
/** Hong Kong keeps UTC+8 all year (no summer time). */
const HK_OFFSET_MS = 8 * 3_600_000;
/** Streaks are counted back at most this many days (a member's cards over a year and a bit). */
const STREAK_WINDOW_DAYS = 400;

/** The Hong Kong day of an instant, as a day number (days since 1970-01-01 in Hong Kong). */
export const hongKongDay = (at: Date) => Math.floor((at.getTime() + HK_OFFSET_MS) / DAY_MS);

export async function dailySip(db: Db, userId: string, now: Date): Promise<{ Today?: TasteCard; Streak: number }> {
  const today = hongKongDay(now);
  const since = new Date((today - STREAK_WINDOW_DAYS) * DAY_MS - HK_OFFSET_MS);
  const rows = await db
    .select({ id: tasteCards.id, createdAt: tasteCards.createdAt })
    .from(tasteCards)
    .where(and(eq(tasteCards.userId, userId), gte(tasteCards.createdAt, since)))
    .orderBy(desc(tasteCards.createdAt), desc(tasteCards.id));
  // Cards dated after now (a clock moved back) do not count as today's.
  const days = new Set(rows.filter((r) => r.createdAt <= now).map((r) => hongKongDay(r.createdAt)));
  let day = days.has(today) ? today : today - 1;
  let streak = 0;
  while (days.has(day)) {
    streak += 1;
    day -= 1;
  }
  const todays = rows.find((r) => r.createdAt <= now && hongKongDay(r.createdAt) === today);
  return { ...(todays ? { Today: await ownCard(db, userId, todays.id) } : {}), Streak: streak };
}
