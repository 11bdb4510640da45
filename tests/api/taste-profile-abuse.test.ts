/**
 * Issue 26, item 5: a product's public taste profile counts each member once (their latest published card of
 * it), and new taste cards, comments and posts are limited per member.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createComment,
  createInspiration,
  createTasteCard,
  getProductTasteProfile,
  listUserTasteCard,
  newCreateTasteCard,
  newUpdateTasteCard,
  uploadTemporaryMedia,
  type TasteCard,
  type TasteProfile,
  type TokenSet,
} from '../../contract/index.ts';
import type { Db } from '../../server/db/client.ts';
import { productTasteProfiles, tasteCards } from '../../server/db/schema.ts';
import { inspirationId } from '../../server/db/seed/inspiration-data.ts';
import { contributionOf } from '../../server/services/taste/cards.ts';
import { applyContributions, lockProfile, recomputedProfiles } from '../../server/services/taste/profiles.ts';
import { tinyPng } from '../support/images.ts';
import { signUpMember } from '../support/members.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** The test's clock: every reading a millisecond on (so "latest" has an order); tests move it past a limit's window. */
let base = SEED_NOW.getTime() + HOUR_MS;
let tick = 0;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date(base + ++tick) }, idTokenSeconds: 40 * 86_400 });
});
afterAll(() => t.close());

const auth = (tokens: TokenSet) => ({ authorization: `Bearer ${tokens.idToken}` });
const post = (call: string, body: unknown, tokens: TokenSet) =>
  t.raw(`/api/${call}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...auth(tokens) } });

type Senses = TasteProfile['FiveSenses'];
const senses = (Sweetness: number, Sourness: number, Bitterness: number, Saltiness: number, Umami: number): Senses => ({ Sweetness, Sourness, Bitterness, Saltiness, Umami });

const card = (ProductID: string, FiveSenses: Senses, TasteNote: string[], over: Record<string, unknown> = {}) => ({
  ProductID,
  Title: 'My cup',
  Description: 'What I tasted',
  FiveSenses,
  TasteNote,
  CustomTasteNote: [],
  Aroma: [],
  CustomAroma: [],
  Parameter: { Water: 150, Amount: 5, Temperature: 90, BrewingTime: { Value: 45, Unit: 'sec' } },
  Step: [{ Text: 'Steep' }],
  Language: 'en',
  ...over,
});

async function write(tokens: TokenSet, body: ReturnType<typeof card>): Promise<TasteCard> {
  return (await t.call(newCreateTasteCard, body as never, auth(tokens))).Card;
}

const profileOf = async (ProductID: string) => (await t.call(getProductTasteProfile, { ProductID })).Profile;

/** The averages and note counts of these cards, counted once each, as the profile should read. */
function expectedProfile(cards: ReadonlyArray<{ senses: Senses; notes: string[] }>) {
  const average = (s: keyof Senses) => Math.round((cards.reduce((sum, c) => sum + c.senses[s], 0) / cards.length) * 10) / 10;
  const notes = new Map<string, number>();
  for (const c of cards) for (const n of c.notes) notes.set(n, (notes.get(n) ?? 0) + 1);
  return {
    CardCount: cards.length,
    FiveSenses: senses(average('Sweetness'), average('Sourness'), average('Bitterness'), average('Saltiness'), average('Umami')),
    notes: Object.fromEntries(notes),
  };
}

function readable(profile: TasteProfile) {
  return { CardCount: profile.CardCount, FiveSenses: profile.FiveSenses, notes: Object.fromEntries(profile.TopTasteNotes.map((n) => [n.TasteNote.TasteNoteID, n.Count])) };
}

/** Every product's row equals its counting cards recomputed from the cards. */
async function expectRowsAreCountingCards() {
  const expected = await recomputedProfiles(t.db);
  const rows = await t.db.select().from(productTasteProfiles);
  for (const row of rows) {
    const sums = expected.get(row.productId);
    expect({ id: row.productId, n: row.cardCount, notes: row.noteCounts, sweetness: row.sweetnessSum }).toEqual({
      id: row.productId,
      n: sums?.cardCount ?? 0,
      notes: sums?.notes ?? {},
      sweetness: sums?.senses.Sweetness ?? 0,
    });
  }
}

const neighbour = { senses: senses(2, 3, 2, 1, 2), notes: ['note-honey', 'note-malt', 'note-peach'] };
const steerer = { senses: senses(5, 1, 1, 5, 5), notes: ['note-smoke', 'note-rose', 'note-cocoa'] };

describe('a product taste profile counts each member once', () => {
  it('60 cards at once from one member: 10 written, 50 refused with LimitError, and the member counts as much as one other', async () => {
    const product = 'tea-keemun';
    const other = await signUpMember(t, { given_name: 'Neighbour' });
    const member = await signUpMember(t, { given_name: 'Steerer' });
    await write(other, card(product, neighbour.senses, neighbour.notes));

    const answers = await Promise.all(Array.from({ length: 60 }, () => post('new-create-taste-card', card(product, steerer.senses, steerer.notes), member)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(10);
    const refused = answers.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(50);
    for (const r of refused) expect([r.status, r.json?.ErrorCode]).toEqual([429, 'LimitError']);

    expect(readable(await profileOf(product))).toEqual(expectedProfile([neighbour, steerer]));
    await expectRowsAreCountingCards();
  });

  it("60 cards over six hours: the profile is always the member's latest card beside the other member's", async () => {
    const product = 'tea-da-hong-pao';
    const other = await signUpMember(t, { given_name: 'Neighbour' });
    const member = await signUpMember(t, { given_name: 'Patient' });
    const before = await profileOf(product);
    const others = (await write(other, card(product, neighbour.senses, neighbour.notes))).CardID;
    const written: Array<{ id: string; senses: Senses; notes: string[] }> = [];
    for (let i = 0; i < 60; i++) {
      if (i > 0 && i % 10 === 0) base += HOUR_MS;
      const mine = { senses: senses(1 + (i % 5), 1 + ((i + 2) % 5), 3, 1 + ((i + 4) % 5), 2), notes: i % 2 ? ['note-rose', 'note-cocoa', 'note-honey'] : ['note-smoke', 'note-malt', 'note-peach'] };
      written.push({ id: (await write(member, card(product, mine.senses, mine.notes))).CardID, ...mine });
      if (i % 10 === 9) expect((await profileOf(product)).CardCount).toBe(before.CardCount + 2);
    }
    // The seeded profile of the product is that of its seeded cards; compare what the two members add on a product without them.
    expect(before.CardCount).toBe(0);
    expect(readable(await profileOf(product))).toEqual(expectedProfile([neighbour, written.at(-1)!]));
    await expectRowsAreCountingCards();

    // Archiving the latest gives the member's voice to their card before it; archiving an older one changes nothing.
    await t.call(newUpdateTasteCard, { CardID: written.at(-1)!.id, Status: 'Private' }, auth(member));
    expect(readable(await profileOf(product))).toEqual(expectedProfile([neighbour, written.at(-2)!]));
    await t.call(newUpdateTasteCard, { CardID: written[0]!.id, Status: 'Private' }, auth(member));
    await t.call(newUpdateTasteCard, { CardID: written[1]!.id, FiveSenses: senses(5, 5, 5, 5, 5) }, auth(member));
    expect(readable(await profileOf(product))).toEqual(expectedProfile([neighbour, written.at(-2)!]));
    // Editing the card that counts changes the profile.
    const edited = { senses: senses(4, 4, 4, 4, 4), notes: ['note-malt', 'note-honey', 'note-muscat'] };
    await t.call(newUpdateTasteCard, { CardID: written.at(-2)!.id, FiveSenses: edited.senses, TasteNote: edited.notes }, auth(member));
    expect(readable(await profileOf(product))).toEqual(expectedProfile([neighbour, edited]));
    // Published again, the latest counts again.
    await t.call(newUpdateTasteCard, { CardID: written.at(-1)!.id, Status: 'Published' }, auth(member));
    expect(readable(await profileOf(product))).toEqual(expectedProfile([neighbour, written.at(-1)!]));
    // The other member archives theirs: only the member's latest is left, once.
    await t.call(newUpdateTasteCard, { CardID: others, Status: 'Private' }, auth(other));
    expect(readable(await profileOf(product))).toEqual(expectedProfile([written.at(-1)!]));
    await expectRowsAreCountingCards();
  });
});

describe('the migration that recounts the profiles kept before', () => {
  /** The migration's SQL, found by its name in drizzle-kit's journal. */
  function migrationSql(): string {
    const folder = new URL('../../server/db/migrations/', import.meta.url);
    const journal = JSON.parse(readFileSync(new URL('meta/_journal.json', folder), 'utf8')) as { entries: Array<{ tag: string }> };
    const entry = journal.entries.find((e) => e.tag.endsWith('_taste_profile_one_voice_per_member'));
    if (!entry) throw new Error('no taste_profile_one_voice_per_member migration in the journal');
    return readFileSync(new URL(`${entry.tag}.sql`, folder), 'utf8');
  }

  it("gives each member's latest published card one voice where every card was counted", async () => {
    const product = 'tea-jasmine-pearls';
    const member = await signUpMember(t);
    const latest = await write(member, card(product, steerer.senses, steerer.notes));
    // Older cards of the member's, counted the old way: each added to the profile as it was written.
    const [row] = await t.db.select().from(tasteCards).where(sql`${tasteCards.id} = ${latest.CardID}`);
    const now = new Date(base);
    for (let i = 1; i <= 5; i++) {
      const { searchVector: _generated, ...values } = { ...row!, id: randomUUID(), sweetness: 1, tasteNoteIds: ['note-honey', 'note-malt', 'note-peach'], createdAt: new Date(row!.createdAt.getTime() - i * HOUR_MS) };
      await t.db.insert(tasteCards).values(values);
      await t.db.transaction(async (tx) => {
        const db = tx as unknown as Db;
        await applyContributions(db, await lockProfile(db, product, now), [{ contribution: contributionOf(values), sign: 1 }], now);
      });
    }
    const oldWay = await profileOf(product);
    await t.db.execute(sql.raw(migrationSql()));
    t.deps.tasteProfiles.clear();
    const recounted = await profileOf(product);
    expect(recounted.CardCount).toBe(oldWay.CardCount - 5);
    expect(recounted.TopTasteNotes.find((n) => n.TasteNote.TasteNoteID === 'note-smoke')?.Count).toBe(1);
    await expectRowsAreCountingCards();
    // Run again, it changes nothing.
    const before = await t.db.select().from(productTasteProfiles);
    await t.db.execute(sql.raw(migrationSql()));
    expect(await t.db.select().from(productTasteProfiles)).toEqual(before);
  });
});

describe('writing is limited per member', () => {
  it('the 11th taste card within the hour is refused (the old create-taste-card shares the allowance); the next hour it is not', async () => {
    base += 24 * HOUR_MS;
    const member = await signUpMember(t);
    // A card refused for what it says does not use the allowance up.
    const unknown = await post('new-create-taste-card', card('tea-no-such-leaf', steerer.senses, steerer.notes), member);
    expect(unknown.json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'ProductID' });
    for (let i = 0; i < 9; i++) await write(member, card('tea-long-jing', steerer.senses, steerer.notes));
    await t.call(createTasteCard, card('tea-long-jing', steerer.senses, steerer.notes, { Step: undefined, Language: undefined }) as never, auth(member));
    const eleventh = await post('new-create-taste-card', card('tea-long-jing', steerer.senses, steerer.notes), member);
    expect([eleventh.status, eleventh.json?.ErrorCode]).toEqual([429, 'LimitError']);
    const old = await post('create-taste-card', card('tea-long-jing', steerer.senses, steerer.notes, { Step: undefined, Language: undefined }), member);
    expect([old.status, old.json?.ErrorCode]).toEqual([429, 'LimitError']);
    // Editing one's own card is not limited; another member is not held up.
    const [latest] = (await t.call(listUserTasteCard, {}, auth(member))).CardList;
    await t.call(newUpdateTasteCard, { CardID: latest!.CardID, Title: 'Edited' }, auth(member));
    await write(await signUpMember(t), card('tea-long-jing', steerer.senses, steerer.notes));
    base += HOUR_MS;
    await write(member, card('tea-long-jing', steerer.senses, steerer.notes));
  });

  it('the 21st comment within ten minutes is refused; editing is not limited; ten minutes later commenting goes on', async () => {
    base += 24 * HOUR_MS;
    const member = await signUpMember(t);
    const on = { SourceID: inspirationId(1, 1), Type: 'inspiration' as const };
    // A comment on a post that is not there does not use the allowance up.
    expect((await post('create-comment', { ...on, SourceID: 'no-such-post', Comment: 'Hello' }, member)).json?.ErrorCode).toBe('ObjectNotFound');
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push((await t.call(createComment, { ...on, Comment: `Comment ${i}` }, auth(member))).Comment.CommentID);
    const refused = await post('create-comment', { ...on, Comment: 'One too many' }, member);
    expect([refused.status, refused.json?.ErrorCode]).toEqual([429, 'LimitError']);
    expect((await post('update-comment', { CommentID: ids[0], Comment: 'Edited' }, member)).status).toBe(200);
    base += 10 * MINUTE_MS;
    await t.call(createComment, { ...on, Comment: 'Later' }, auth(member));
  });

  it('the 6th post within the hour is refused, even from one upload; the next hour it is not', async () => {
    base += 24 * HOUR_MS;
    const member = await signUpMember(t);
    const upload = await t.call(uploadTemporaryMedia, { Purpose: 'inspiration' }, auth(member));
    const put = await t.raw(upload.uploadUrl, { method: 'PUT', body: tinyPng().toString('base64'), headers: { 'content-type': 'image/png', ...auth(member) } });
    expect(put.status, put.text).toBe(200);
    const body = { Title: 'Again', MediaList: [upload.MediaID] };
    for (let i = 0; i < 5; i++) await t.call(createInspiration, body, auth(member));
    const sixth = await post('create-inspiration', body, member);
    expect([sixth.status, sixth.json?.ErrorCode]).toEqual([429, 'LimitError']);
    base += HOUR_MS;
    await t.call(createInspiration, body, auth(member));
  });
});
