/**
 * Search seed: 90 days of submitted searches, so that a fresh shop has top-search and now-trending lists.
 * English and Traditional Chinese keywords at their own daily popularity, hundreds of visitors (cookie IDs
 * and networks)
 * and the demo member, a few misspellings and searches that find nothing, and spikes in the last 24 hours
 * (osmanthus, 大紅袍, gift boxes before the holidays). Deterministic: the same `now` seeds the same log.
 *
 * Each keyword's result count is what the catalogue search answers for it at seed time.
 */
import type { Db } from '../client.ts';
import { recentSearches, searchLogs } from '../schema.ts';
import { normaliseKeyword } from '../../services/search/keywords.ts';
import { searcherNetwork } from '../../services/search/log.ts';
import { searchProducts } from '../../services/search/products.ts';
import { demoMember } from './member-data.ts';

const DAY_MS = 86_400_000;
const DAYS = 90;
const VISITORS = 400;
const BATCH = 500;

/** Average searchers a day over the 90 days. */
const steady: [keyword: string, perDay: number][] = [
  ['oolong', 2.4],
  ['烏龍', 1.8],
  ['tieguanyin', 1.2],
  ['鐵觀音', 1.5],
  ["pu'er", 1],
  ['普洱', 1.2],
  ['long jing', 0.8],
  ['龍井', 1],
  ['sencha', 0.6],
  ['gyokuro', 0.4],
  ['jasmine', 0.5],
  ['darjeeling', 0.5],
  ['yirgacheffe', 0.9],
  ['espresso', 1.3],
  ['咖啡', 1.4],
  ['decaf', 0.4],
  ['pour over', 0.6],
  ['手沖', 0.7],
  ['gaiwan', 1],
  ['蓋碗', 0.9],
  ['teapot', 0.7],
  ['紫砂壺', 0.5],
  ['incense', 0.9],
  ['線香', 0.8],
  ['sandalwood', 0.7],
  ['沉香', 0.8],
  ['檀香', 0.5],
  ['whisky', 1.2],
  ['威士忌', 0.9],
  ['sake', 0.6],
  ['清酒', 0.5],
  ['plum wine', 0.4],
  ['梅酒', 0.4],
  ['gin', 0.4],
  ['kettle', 0.4],
  ['grinder', 0.4],
  // Misspelt, still found through the typo correction.
  ['oloong', 0.2],
  ['yirgachefe', 0.1],
  // Not in the catalogue: logged with no results, so never on the lists.
  ['matcha', 0.6],
  ['抹茶', 0.4],
  ['cold brew', 0.3],
];

/** Searchers in the last 24 hours on top of the usual, and in the six days before (a build-up). */
const spikes: [keyword: string, lastDay: number, weekBefore: number][] = [
  ['osmanthus', 11, 0.3],
  ['桂花', 7, 0.2],
  ['大紅袍', 6, 0.5],
  ['gift box', 5, 1.5],
  ['禮盒', 4, 1.2],
];

/** Small deterministic PRNG (mulberry32). */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Searchers on one day: around the average (±50 %), rounded at random so that the mean stays the average. */
const searchersOn = (perDay: number, random: () => number) => Math.floor(perDay * (0.5 + random()) + random());

export async function seedSearchLogs(db: Db, now: Date): Promise<void> {
  const random = prng(90_2026);
  const keywords = [...new Set([...steady.map(([k]) => k), ...spikes.map(([k]) => k)])];
  const resultCounts = new Map<string, number>();
  for (const keyword of keywords) {
    const page = await searchProducts(db, { Currency: 'HKD', Keyword: keyword, From: 0, Size: 1 });
    resultCounts.set(keyword, page.total);
  }

  const rows: (typeof searchLogs.$inferInsert)[] = [];
  const search = (keyword: string, daysAgo: number) => {
    const visitor = Math.floor(random() * VISITORS);
    // Visitor 0 is the demo member's browser: its searches carry the member too. Each visitor searches from
    // a network of its own (IPv6 documentation space): the hot lists count members and networks, not cookies.
    const userId = visitor === 0 ? demoMember.id : null;
    const clientIp = searcherNetwork(`2001:db8:5eed:${visitor.toString(16)}::1`);
    const at = new Date(now.getTime() - (daysAgo + random()) * DAY_MS);
    const times = random() < 0.2 ? 2 : 1;
    for (let i = 0; i < times; i++) {
      rows.push({
        keyword: normaliseKeyword(keyword),
        userId,
        cookieId: `seed-visitor-${String(visitor).padStart(4, '0')}`,
        clientIp,
        resultCount: resultCounts.get(keyword) ?? 0,
        createdAt: new Date(at.getTime() + i * 60_000),
      });
    }
  };
  for (let day = 0; day < DAYS; day++) {
    for (const [keyword, perDay] of steady) {
      for (let n = searchersOn(perDay, random); n > 0; n--) search(keyword, day);
    }
    for (const [keyword, lastDay, weekBefore] of spikes) {
      const perDay = day === 0 ? lastDay : day < 7 ? weekBefore : weekBefore / 4;
      for (let n = searchersOn(perDay, random); n > 0; n--) search(keyword, day);
    }
  }
  rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  for (let i = 0; i < rows.length; i += BATCH) await db.insert(searchLogs).values(rows.slice(i, i + BATCH));

  // The demo member's recent searches (newest first), as the search popup shows them.
  await db.insert(recentSearches).values(
    ['桂花', 'gaiwan', 'oolong'].map((keyword, i) => ({
      userId: demoMember.id,
      keyword,
      searchedAt: new Date(now.getTime() - (i + 1) * 3_600_000),
    })),
  );
}
