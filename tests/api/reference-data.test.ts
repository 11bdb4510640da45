/**
 * Reference data reaches every database at start (server/main.ts): the taste vocabulary is loaded into a
 * database seeded before it existed, and loading it again changes nothing.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { aromas, tasteNotes } from '../../server/db/schema.ts';
import { loadTasteVocabulary } from '../../server/db/seed/index.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

const counts = async () => ({
  notes: (await t.db.select({ n: sql<number>`count(*)::int` }).from(tasteNotes))[0]!.n,
  aromas: (await t.db.select({ n: sql<number>`count(*)::int` }).from(aromas))[0]!.n,
});

it('loads the taste vocabulary into a database without it, and again without change', async () => {
  expect(await counts()).toEqual({ notes: 0, aromas: 0 });
  await loadTasteVocabulary(t.db);
  const loaded = await counts();
  expect(loaded.notes).toBeGreaterThanOrEqual(150);
  expect(loaded.aromas).toBeGreaterThanOrEqual(60);
  // A note renamed by the shop stays as the shop left it.
  await t.db.execute(sql`update taste_notes set name_en = 'Yuzu (ours)' where id = 'note-yuzu'`);
  await loadTasteVocabulary(t.db);
  expect(await counts()).toEqual(loaded);
  const [yuzu] = await t.db.select({ nameEn: tasteNotes.nameEn }).from(tasteNotes).where(eq(tasteNotes.id, 'note-yuzu'));
  expect(yuzu?.nameEn).toBe('Yuzu (ours)');
});
