import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CalculateUserProductMatch,
  getDailySip,
  getPersonalDrinksFilter,
  getPersonalTasteFilter,
  getProductTasteProfile,
  getPublicTasteCard,
  getUserTasteCard,
  listTasteCard,
  listUserProduct,
  listUserTasteCard,
  newCreateTasteCard,
  newGetPublicTasteCard,
  newGetUserTasteCard,
  newListTasteCard,
  newUpdateTasteCard,
  SearchAndFilterTasteCard,
  SearchSimilarProductTasteCard,
  submitPersonalDrinksSurvey,
  submitPersonalTasteSurvey,
  uploadTemporaryMedia,
  userLogin,
  createTasteCard,
  type TokenSet,
} from '../../contract/index.ts';
import { productTasteProfiles } from '../../server/db/schema.ts';
import { demoMember } from '../../server/db/seed/member-data.ts';
import { SIMILAR_CLOSEST, SIMILAR_FAR, SIMILAR_TO } from '../../server/db/seed/taste-card-data.ts';
import { recomputedProfiles } from '../../server/services/taste/profiles.ts';
import { compareProfiles, memberProfile, type MatchProfile } from '../../server/services/taste/match.ts';
import { comparer, MATCH_WEIGHTS, packVectors, vectorOf } from '../../server/services/taste/taste-vectors.ts';
import { tinyPng } from '../support/images.ts';
import { signUpMember } from '../support/members.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The test's clock: moved by the daily-sip tests; every reading a millisecond on, so "newest first" has an order. */
let base = SEED_NOW.getTime() + HOUR_MS;
let tick = 0;
let t: TestApp;
beforeAll(async () => {
  // Id tokens last a month: the daily-sip test moves the clock day by day.
  t = await createTestApp({ clock: { now: () => new Date(base + ++tick) }, idTokenSeconds: 40 * 86_400 });
});
afterAll(() => t.close());

const auth = (tokens: TokenSet) => ({ authorization: `Bearer ${tokens.idToken}` });
const post = (call: string, body: unknown, tokens?: TokenSet) =>
  t.raw(`/api/${call}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...(tokens ? auth(tokens) : {}) } });

const FLORAL = { Sweetness: 4, Sourness: 1, Bitterness: 2, Saltiness: 1, Umami: 2 };
const card = (over: Record<string, unknown> = {}) => ({
  ProductID: 'tea-oriental-beauty',
  Title: 'Honey and muscat',
  Description: 'Bug-bitten leaves give a honeyed, muscatel cup with ripe peach.',
  FiveSenses: FLORAL,
  TasteNote: ['note-honey', 'note-muscat', 'note-peach'],
  Aroma: ['aroma-honey'],
  Parameter: { Water: 150, Amount: 5, Temperature: 90, BrewingTime: { Value: 45, Unit: 'sec' } },
  Step: [{ Text: 'Warm the pot' }, { Text: 'Steep 45 seconds' }],
  Language: 'en',
  ...over,
});

async function expectRefused(call: string, body: unknown, tokens: TokenSet, code: string, field: RegExp | string) {
  const r = await post(call, body, tokens);
  expect(r.status, JSON.stringify(r.json)).toBe(400);
  expect(r.json?.ErrorCode).toBe(code);
  expect(String(r.json?.field)).toMatch(field);
}

/** Every product's profile row against the sums of its counting cards (each member's latest published one), recomputed from the cards. */
async function expectProfilesAreSums() {
  const expected = await recomputedProfiles(t.db);
  const rows = await t.db.select().from(productTasteProfiles);
  for (const row of rows) {
    const sums = expected.get(row.productId);
    if (!sums) {
      expect(row.cardCount, row.productId).toBe(0);
      continue;
    }
    expect({ id: row.productId, n: row.cardCount, notes: row.noteCounts, aromas: row.aromaCounts }).toEqual({
      id: row.productId,
      n: sums.cardCount,
      notes: sums.notes,
      aromas: sums.aromas,
    });
    expect([row.sweetnessSum, row.sournessSum, row.bitternessSum, row.saltinessSum, row.umamiSum]).toEqual([
      sums.senses.Sweetness,
      sums.senses.Sourness,
      sums.senses.Bitterness,
      sums.senses.Saltiness,
      sums.senses.Umami,
    ]);
  }
  expect(rows.filter((r) => r.cardCount > 0).length).toBe(expected.size);
}

describe('taste cards: create, read, archive, unarchive', () => {
  let a: TokenSet;
  let b: TokenSet;
  beforeAll(async () => {
    a = await signUpMember(t);
    b = await signUpMember(t, { given_name: 'Tsz Ching' });
  });

  it('creates a published card that everyone can read, list and find; archived it is gone from public reads; unarchived it is back', async () => {
    const { Card } = await t.call(newCreateTasteCard, card({ Title: 'Muscatel sunset' }) as never, auth(a));
    expect(Card).toMatchObject({ Status: 'Published', ProductID: 'tea-oriental-beauty', Title: 'Muscatel sunset', Language: 'en', ProductImageType: 'default' });
    expect(Card.TasteNote.map((n) => n.TasteNoteID)).toEqual(['note-honey', 'note-muscat', 'note-peach']);
    expect(Card.TasteNote[0]!.Name.zh).toBeTruthy();
    expect(Card.Aroma.map((x) => x.AromaID)).toEqual(['aroma-honey']);
    expect(Card.Step).toEqual([{ Text: 'Warm the pot' }, { Text: 'Steep 45 seconds' }]);
    expect(Card.Product.Drink).toBe('tea');
    expect(Card.Image).toBe(Card.Product.Image);
    expect(Card.Author.Name).toBeTruthy();

    const visible = async () => {
      const pub = await post('get-public-taste-card', { CardID: Card.CardID });
      const newPub = await post('new-get-public-taste-card', { CardID: Card.CardID });
      const list = (await t.call(listTasteCard, { Size: 50 })).CardList.map((c) => c.CardID);
      const byProduct = (await t.call(newListTasteCard, { ProductID: 'tea-oriental-beauty' })).CardList.map((c) => c.CardID);
      const found = (await t.call(SearchAndFilterTasteCard, { Keyword: 'muscatel sunset' })).CardList.map((c) => c.CardID);
      const foundByProduct = (await t.call(SearchAndFilterTasteCard, { Keyword: '東方美人', Filter: { ProductType: ['tea'] } })).CardList.map((c) => c.CardID);
      return {
        pub: pub.status === 200,
        newPub: newPub.status === 200,
        list: list.includes(Card.CardID),
        byProduct: byProduct.includes(Card.CardID),
        found: found.includes(Card.CardID),
        foundByProduct: foundByProduct.includes(Card.CardID),
      };
    };
    const everywhere = { pub: true, newPub: true, list: true, byProduct: true, found: true, foundByProduct: true };
    const nowhere = { pub: false, newPub: false, list: false, byProduct: false, found: false, foundByProduct: false };
    expect(await visible()).toEqual(everywhere);
    expect((await t.call(listTasteCard, {})).CardList[0]!.CardID).toBe(Card.CardID);

    const archived = await t.call(newUpdateTasteCard, { CardID: Card.CardID, Status: 'Private' }, auth(a));
    expect(archived.Card).toMatchObject({ Status: 'Private', Title: 'Muscatel sunset' });
    expect(await visible()).toEqual(nowhere);
    // Not even its owner reads it through the public call.
    expect((await post('get-public-taste-card', { CardID: Card.CardID }, a)).json).toMatchObject({ ErrorCode: 'ObjectNotFound' });
    expect((await t.call(getUserTasteCard, { CardID: Card.CardID }, auth(a))).Card.Status).toBe('Private');
    expect((await t.call(newGetUserTasteCard, { CardID: Card.CardID }, auth(a))).Card.Status).toBe('Private');
    expect((await t.call(listUserTasteCard, { Status: 'Private' }, auth(a))).CardList.map((c) => c.CardID)).toEqual([Card.CardID]);

    await t.call(newUpdateTasteCard, { CardID: Card.CardID, Status: 'Published' }, auth(a));
    expect(await visible()).toEqual(everywhere);
    expect((await t.call(getPublicTasteCard, { CardID: Card.CardID })).Card.Status).toBe('Published');
    expect((await t.call(newGetPublicTasteCard, { CardID: Card.CardID })).Card.Title).toBe('Muscatel sunset');
  });

  it('the old create-taste-card makes the same card, Published', async () => {
    const { Card } = await t.call(createTasteCard, card({ Step: undefined, Language: undefined }) as never, auth(a));
    expect(Card).toMatchObject({ Status: 'Published', Step: [], Language: 'en', ProductImageType: 'default' });
  });

  it("lists a member's own cards of any status, newest first, narrowed by product type and status", async () => {
    const m = await signUpMember(t);
    const tea = (await t.call(newCreateTasteCard, card() as never, auth(m))).Card;
    const coffee = (
      await t.call(newCreateTasteCard, card({ ProductID: 'coffee-kenya-aa', TasteNote: ['note-blackcurrant', 'note-grapefruit', 'note-brown-sugar'], Aroma: [] }) as never, auth(m))
    ).Card;
    await t.call(newUpdateTasteCard, { CardID: tea.CardID, Status: 'Private' }, auth(m));
    const ids = async (body: object) => (await t.call(listUserTasteCard, body as never, auth(m))).CardList.map((c) => c.CardID);
    expect(await ids({})).toEqual([coffee.CardID, tea.CardID]);
    expect(await ids({ ProductType: 'tea' })).toEqual([tea.CardID]);
    expect(await ids({ Status: 'Published' })).toEqual([coffee.CardID]);
    expect((await t.call(listUserTasteCard, {} as never, auth(b))).CardList.map((c) => c.CardID)).not.toContain(tea.CardID);
  });

  it("another member cannot read a private card or update any card of yours", async () => {
    const { Card } = await t.call(newCreateTasteCard, card() as never, auth(a));
    for (const call of ['get-user-taste-card', 'new-get-user-taste-card']) {
      expect((await post(call, { CardID: Card.CardID }, b)).json).toMatchObject({ ErrorCode: 'ObjectNotFound' });
    }
    const stolen = await post('new-update-taste-card', { CardID: Card.CardID, Title: 'Mine now' }, b);
    expect(stolen.status).toBe(400);
    expect(stolen.json).toMatchObject({ ErrorCode: 'ObjectNotFound' });
    expect((await post('new-update-taste-card', { CardID: Card.CardID, Status: 'Private' }, b)).json).toMatchObject({ ErrorCode: 'ObjectNotFound' });
    expect((await t.call(getPublicTasteCard, { CardID: Card.CardID })).Card).toMatchObject({ Title: card().Title, Status: 'Published' });
    await t.call(newUpdateTasteCard, { CardID: Card.CardID, Status: 'Private' }, auth(a));
    expect((await post('get-public-taste-card', { CardID: Card.CardID }, b)).json).toMatchObject({ ErrorCode: 'ObjectNotFound' });
  });

  it('needs a signed-in member to write', async () => {
    expect((await post('new-create-taste-card', card())).status).toBe(401);
    expect((await post('list-user-taste-card', {})).status).toBe(401);
  });
});

describe('taste cards: bad input is a 400 naming the field', () => {
  let m: TokenSet;
  beforeAll(async () => {
    m = await signUpMember(t);
  });

  it('levels are whole numbers 1 to 5, and FiveSenses is required', async () => {
    for (const Sweetness of [0, 6, 1.5]) {
      await expectRefused('new-create-taste-card', card({ FiveSenses: { ...FLORAL, Sweetness } }), m, 'InvalidParameter', /^FiveSenses\.Sweetness$/);
    }
    await expectRefused('new-create-taste-card', card({ FiveSenses: { ...FLORAL, Umami: 0 } }), m, 'InvalidParameter', /^FiveSenses\.Umami$/);
    await expectRefused('create-taste-card', card({ FiveSenses: undefined, Step: undefined, Language: undefined }), m, 'MissingParameter', /^FiveSenses$/);
  });

  it('at least three taste notes, all known; known aromas', async () => {
    const few = await post('new-create-taste-card', card({ TasteNote: ['note-honey', 'note-peach'] }), m);
    expect(few.json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'TasteNote' });
    expect(few.json?.message).toMatch(/at least 3/);
    await expectRefused('new-create-taste-card', card({ TasteNote: ['note-honey', 'note-peach', 'note-no-such-note'] }), m, 'InvalidParameter', /^TasteNote$/);
    await expectRefused('new-create-taste-card', card({ Aroma: ['aroma-no-such-aroma'] }), m, 'InvalidParameter', /^Aroma$/);
    const { Card } = await t.call(newCreateTasteCard, card() as never, auth(m));
    await expectRefused('new-update-taste-card', { CardID: Card.CardID, TasteNote: ['note-honey', 'note-peach', 'note-nope'] }, m, 'InvalidParameter', /^TasteNote$/);
  });

  it('an unknown product', async () => {
    await expectRefused('new-create-taste-card', card({ ProductID: 'tea-no-such-leaf' }), m, 'InvalidParameter', /^ProductID$/);
  });

  it('a 10 MB photo is refused where it is uploaded, and its MediaID then cannot be a card photo; a small one can', async () => {
    const upload = await t.call(uploadTemporaryMedia, {}, auth(m));
    const tenMb = Buffer.concat([tinyPng(), Buffer.alloc(10 * 1024 * 1024)]).toString('base64');
    const put = await t.raw(upload.uploadUrl, { method: 'PUT', body: tenMb, headers: { 'content-type': 'image/png', ...auth(m) } });
    // The upload route refuses it before reading it whole: 413 Payload Too Large, with the InvalidParameter envelope.
    expect(put.status).toBe(413);
    expect(put.json).toMatchObject({ result: false, ErrorCode: 'InvalidParameter', field: 'file' });
    await expectRefused('new-create-taste-card', card({ Photo: upload.MediaID, ProductImageType: 'photo' }), m, 'InvalidParameter', /^Photo$/);

    const small = await t.call(uploadTemporaryMedia, {}, auth(m));
    const ok = await t.raw(small.uploadUrl, { method: 'PUT', body: tinyPng().toString('base64'), headers: { 'content-type': 'image/png', ...auth(m) } });
    expect(ok.status).toBe(200);
    const { Card } = await t.call(newCreateTasteCard, card({ Photo: small.MediaID, ProductImageType: 'photo' }) as never, auth(m));
    expect(Card).toMatchObject({ ProductImageType: 'photo', Image: small.mediaUrl });
    // Another member's upload is not theirs to use.
    const other = await signUpMember(t);
    await expectRefused('new-create-taste-card', card({ Photo: small.MediaID }), other, 'InvalidParameter', /^Photo$/);
  });
});

describe('product taste profiles', () => {
  it("are the sums of members' latest published cards after create, update and archive, and getProductTasteProfile averages them", async () => {
    await expectProfilesAreSums();
    const m = await signUpMember(t);
    const n = await signUpMember(t);
    const before = (await t.call(getProductTasteProfile, { ProductID: 'tea-keemun' })).Profile;
    const first = (await t.call(newCreateTasteCard, card({ ProductID: 'tea-keemun', FiveSenses: { ...FLORAL, Bitterness: 5 }, TasteNote: ['note-cocoa', 'note-malt', 'note-honey'] }) as never, auth(m))).Card;
    const second = (await t.call(newCreateTasteCard, card({ ProductID: 'tea-keemun', FiveSenses: { ...FLORAL, Bitterness: 3 }, TasteNote: ['note-cocoa', 'note-smoke', 'note-rose'] }) as never, auth(n))).Card;
    await expectProfilesAreSums();
    const two = (await t.call(getProductTasteProfile, { ProductID: 'tea-keemun' })).Profile;
    expect(two.CardCount).toBe(before.CardCount + 2);
    expect(two.TopTasteNotes[0]).toMatchObject({ TasteNote: { TasteNoteID: 'note-cocoa' }, Count: 2 });

    await t.call(newUpdateTasteCard, { CardID: first.CardID, FiveSenses: { ...FLORAL, Bitterness: 1 }, TasteNote: ['note-rose', 'note-malt', 'note-honey'] }, auth(m));
    await expectProfilesAreSums();
    await t.call(newUpdateTasteCard, { CardID: first.CardID, Title: 'Only the title' }, auth(m));
    await expectProfilesAreSums();
    await t.call(newUpdateTasteCard, { CardID: second.CardID, Status: 'Private' }, auth(n));
    await expectProfilesAreSums();
    // The private card's update does not touch the profile until it is published again.
    await t.call(newUpdateTasteCard, { CardID: second.CardID, FiveSenses: { ...FLORAL, Sweetness: 1 } }, auth(n));
    await expectProfilesAreSums();
    const one = (await t.call(getProductTasteProfile, { ProductID: 'tea-keemun' })).Profile;
    expect(one.CardCount).toBe(before.CardCount + 1);
    expect(one.FiveSenses.Bitterness).toBe(1);
    await t.call(newUpdateTasteCard, { CardID: second.CardID, Status: 'Published' }, auth(n));
    await expectProfilesAreSums();
    // A member's newer card takes the place of their older one: still two voices.
    await t.call(newCreateTasteCard, card({ ProductID: 'tea-keemun', FiveSenses: { ...FLORAL, Bitterness: 4 }, TasteNote: ['note-cocoa', 'note-malt', 'note-honey'] }) as never, auth(m));
    await expectProfilesAreSums();
    const replaced = (await t.call(getProductTasteProfile, { ProductID: 'tea-keemun' })).Profile;
    expect(replaced.CardCount).toBe(before.CardCount + 2);
  });

  it('a product without cards has CardCount 0', async () => {
    expect((await t.call(getProductTasteProfile, { ProductID: 'equipment-gaiwan' })).Profile).toMatchObject({ CardCount: 0, TopTasteNotes: [] });
  });
});

describe('similar products', () => {
  it('prefers the closest profile in the seeded case: a floral oolong finds the other, not the Islay malt', async () => {
    const { ProductList } = await t.call(SearchSimilarProductTasteCard, { ProductID: SIMILAR_TO, Size: 20 });
    const ids = ProductList.map((p) => p.Product.ProductID);
    expect(ids[0]).toBe(SIMILAR_CLOSEST);
    expect(ids).not.toContain(SIMILAR_TO);
    const closest = ProductList[0]!;
    const far = ProductList.find((p) => p.Product.ProductID === SIMILAR_FAR);
    expect(closest.Similarity).toBeGreaterThan(80);
    if (far) expect(far.Similarity).toBeLessThan(closest.Similarity - 30);
    expect(ProductList.every((p) => p.Similarity >= 0 && p.Similarity <= 100 && p.CardCount > 0)).toBe(true);
    // Closest first.
    expect(ProductList.map((p) => p.Similarity)).toEqual([...ProductList.map((p) => p.Similarity)].sort((x, y) => y - x));
    // And from the malt's side, the oolongs come last.
    const fromMalt = (await t.call(SearchSimilarProductTasteCard, { ProductID: SIMILAR_FAR, Size: 20 })).ProductList.map((p) => p.Product.ProductID);
    expect(fromMalt.indexOf(SIMILAR_CLOSEST)).toBeGreaterThan(fromMalt.length / 2 - 1);
  });

  it('answers none for a product without cards, and ObjectNotFound for an unknown product', async () => {
    expect((await t.call(SearchSimilarProductTasteCard, { ProductID: 'equipment-gaiwan' })).ProductList).toEqual([]);
    expect((await post('SearchSimilarProductTasteCard', { ProductID: 'nope' })).json).toMatchObject({ ErrorCode: 'ObjectNotFound' });
  });

  it('sees a card written just now (this process knows its own changes)', async () => {
    const m = await signUpMember(t);
    const smoky = { ProductID: 'tea-keemun', FiveSenses: { Sweetness: 1, Sourness: 1, Bitterness: 4, Saltiness: 4, Umami: 2 }, TasteNote: ['note-peat-smoke', 'note-iodine', 'note-sea-salt', 'note-tar'], Aroma: ['aroma-peat-smoke', 'aroma-sea-breeze'] };
    const rank = async () => (await t.call(SearchSimilarProductTasteCard, { ProductID: SIMILAR_FAR, Size: 20 })).ProductList.find((p) => p.Product.ProductID === 'coffee-colombia-huila');
    expect(await rank()).toBeUndefined();
    await t.call(newCreateTasteCard, card({ ...smoky, ProductID: 'coffee-colombia-huila' }) as never, auth(m));
    expect((await rank())?.Similarity).toBeGreaterThan(85);
  });
});

describe('CalculateUserProductMatch', () => {
  it('is symmetric: the member against the product scores what the product scores against the member', async () => {
    const { tasteProfiles, db } = t.deps;
    const { vocab } = await tasteProfiles.snapshot(db);
    const member = (await memberProfile(db, '00000000-0000-4000-8000-000000000101'))!;
    const oolong: MatchProfile = { cardCount: 2, senseSums: { Sweetness: 8, Sourness: 2, Bitterness: 4, Saltiness: 2, Umami: 4 }, senseWeight: 2, noteCounts: { 'note-orchid': 2, 'note-honey': 1 }, aromaCounts: { 'aroma-orchid': 1 }, drinks: { tea: 1 } };
    const malt: MatchProfile = { cardCount: 1, senseSums: { Sweetness: 1, Sourness: 1, Bitterness: 5, Saltiness: 4, Umami: 2 }, senseWeight: 1, noteCounts: { 'note-peat-smoke': 1, 'note-iodine': 1 }, aromaCounts: {}, drinks: { spirits: 1 } };
    for (const other of [oolong, malt]) {
      const ab = compareProfiles(member, other, vocab).score;
      const ba = compareProfiles(other, member, vocab).score;
      expect(ab).toBeGreaterThan(0);
      expect(Math.abs(ab - ba)).toBeLessThan(1e-12);
      // The fast path similar products takes is the same function.
      const [va, vb] = [vectorOf(member, vocab), vectorOf(other, vocab)];
      expect(Math.abs(comparer(va, MATCH_WEIGHTS, vocab).score(vb) - ab)).toBeLessThan(1e-12);
      const out = new Float64Array(1);
      comparer(vb, MATCH_WEIGHTS, vocab).scoreAll(packVectors([va]), out);
      expect(Math.abs(out[0]! - ab)).toBeLessThan(1e-12);
    }
    expect(compareProfiles(oolong, malt, vocab).score).toBeLessThan(compareProfiles(oolong, member, vocab).score);
  });

  it('explains itself: a member who cards floral oolongs matches the other floral oolong well and the peated malt poorly, in both languages', async () => {
    const m = await signUpMember(t);
    for (const ProductID of ['tea-tieguanyin', 'tea-dong-ding']) {
      await t.call(newCreateTasteCard, card({ ProductID, TasteNote: ['note-orchid', 'note-gardenia', 'note-honey', 'note-osmanthus'], Aroma: ['aroma-orchid'] }) as never, auth(m));
    }
    const good = await t.call(CalculateUserProductMatch, { ProductID: SIMILAR_CLOSEST }, auth(m));
    const poor = await t.call(CalculateUserProductMatch, { ProductID: SIMILAR_FAR }, auth(m));
    expect(good.Score).toBeGreaterThan(75);
    expect(poor.Score).toBeLessThan(good.Score! - 25);
    for (const answer of [good, poor]) {
      expect(answer.Reasons.length).toBeGreaterThanOrEqual(2);
      expect(answer.Reasons.length).toBeLessThanOrEqual(3);
      for (const r of answer.Reasons) {
        expect(r.Text.en).toMatch(/[a-z]/);
        expect(r.Text.zh).toMatch(/[\u4e00-\u9fff]/);
      }
    }
    expect(good.Reasons.map((r) => r.Text.en).join(' | ')).toMatch(/You rate floral teas highly; this one is mostly floral/);
    expect(good.Reasons.map((r) => r.Text.zh).join(' | ')).toMatch(/你偏愛花香型的茶/);
    const poorText = poor.Reasons.map((r) => r.Text.en).join(' | ');
    expect(poorText).toMatch(/more (bitter|salty) than you like|seldom choose/);
    expect(poor.Reasons.some((r) => r.Weight < 0)).toBe(true);

    // The same through a card of the product, and through a draft.
    const viaCard = await t.call(CalculateUserProductMatch, { TasteCardID: 'tc-dancong-1' }, auth(m));
    expect(viaCard.Score).toBe(good.Score);
    const draft = await t.call(
      CalculateUserProductMatch,
      { TasteCardObj: { FiveSenses: { Sweetness: 1, Sourness: 1, Bitterness: 5, Saltiness: 5, Umami: 2 }, TasteNote: ['note-peat-smoke', 'note-iodine', 'note-tar'], Aroma: [] } },
      auth(m),
    );
    expect(draft.Score).toBeLessThan(good.Score!);
    expect(draft.Reasons.map((r) => r.Code)).toContain('MoreThanYouLike');
  });

  it('without a profile: no score, and a reason saying how to get one', async () => {
    const m = await signUpMember(t);
    const answer = await t.call(CalculateUserProductMatch, { ProductID: SIMILAR_TO }, auth(m));
    expect(answer.Score).toBeUndefined();
    expect(answer.Reasons).toHaveLength(1);
    expect(answer.Reasons[0]!.Text.en).toMatch(/taste card|taste survey/);
    // A product no one has carded: no score either, said so.
    const m2 = await signUpMember(t);
    await t.call(newCreateTasteCard, card() as never, auth(m2));
    const none = await t.call(CalculateUserProductMatch, { ProductID: 'equipment-gaiwan' }, auth(m2));
    expect(none.Score).toBeUndefined();
    expect(none.Reasons[0]!.Code).toBe('NoProductProfile');
  });

  it('needs a target; a private card of another member reads as not found', async () => {
    const m = await signUpMember(t);
    await expectRefused('CalculateUserProductMatch', {}, m, 'MissingParameter', /ProductID/);
    const owner = await signUpMember(t);
    const { Card } = await t.call(newCreateTasteCard, card() as never, auth(owner));
    await t.call(newUpdateTasteCard, { CardID: Card.CardID, Status: 'Private' }, auth(owner));
    expect((await post('CalculateUserProductMatch', { TasteCardID: Card.CardID }, m)).json).toMatchObject({ ErrorCode: 'ObjectNotFound' });
  });
});

describe('personal surveys', () => {
  it('answers the taste survey, checks answers against the questions, and the match uses it', async () => {
    const m = await signUpMember(t);
    const empty = await t.call(getPersonalTasteFilter, {}, auth(m));
    expect(empty.TasteSurvey).toEqual([]);
    expect(empty.SubmitTime).toBeUndefined();
    const families = empty.Questions.find((q) => q.QuestionID === 'favourite-families')!;
    expect(families.Options.map((o) => o.OptionID)).toContain('fam-floral');
    expect(families.Options.every((o) => o.Name.en && o.Name.zh)).toBe(true);

    await expectRefused('submit-personal-taste-survey', { TasteSurvey: [{ QuestionID: 'no-such-question', Choices: [] }] }, m, 'InvalidParameter', 'TasteSurvey.0.QuestionID');
    await expectRefused('submit-personal-taste-survey', { TasteSurvey: [{ QuestionID: 'favourite-families', Choices: ['fam-floral', 'fam-nope'] }] }, m, 'InvalidParameter', 'TasteSurvey.0.Choices');
    await expectRefused('submit-personal-taste-survey', { TasteSurvey: [{ QuestionID: 'favourite-notes', Choices: ['note-not-a-note'] }] }, m, 'InvalidParameter', 'TasteSurvey.0.Choices');
    await expectRefused('submit-personal-taste-survey', { TasteSurvey: [{ QuestionID: 'favourite-senses' }] }, m, 'MissingParameter', 'TasteSurvey.0.FiveSenses');
    await expectRefused('submit-personal-taste-survey', { TasteSurvey: [{ QuestionID: 'favourite-senses', FiveSenses: { ...FLORAL, Sourness: 7 } }] }, m, 'InvalidParameter', /^TasteSurvey\.0\.FiveSenses\.Sourness$/);

    const answers = [
      { QuestionID: 'favourite-senses', FiveSenses: FLORAL },
      { QuestionID: 'favourite-families', Choices: ['fam-floral', 'fam-sweet'] },
      { QuestionID: 'favourite-notes', Choices: ['note-orchid', 'note-honey'] },
    ];
    const { SubmitTime } = await t.call(submitPersonalTasteSurvey, { TasteSurvey: answers }, auth(m));
    const stored = await t.call(getPersonalTasteFilter, {}, auth(m));
    expect(stored.SubmitTime).toBe(SubmitTime);
    expect(stored.TasteSurvey.map((a) => a.QuestionID)).toEqual(['favourite-senses', 'favourite-families', 'favourite-notes']);
    expect(stored.TasteSurvey[0]!.FiveSenses).toEqual(FLORAL);

    const match = await t.call(CalculateUserProductMatch, { ProductID: SIMILAR_TO }, auth(m));
    expect(match.Score).toBeGreaterThan(70);
    expect((await t.call(CalculateUserProductMatch, { ProductID: SIMILAR_FAR }, auth(m))).Score).toBeLessThan(match.Score!);
  });

  it('answers the drinks survey', async () => {
    const m = await signUpMember(t);
    const { Questions, DefaultDrinks } = await t.call(getPersonalDrinksFilter, {}, auth(m));
    expect(DefaultDrinks).toEqual([]);
    expect(Questions.find((q) => q.QuestionID === 'favourite-drinks')!.Options.map((o) => o.OptionID)).toContain('oolong');
    await expectRefused('submit-personal-drinks-survey', { DefaultDrinks: ['tea'], DrinksSurvey: [{ QuestionID: 'favourite-drinks', Choices: ['milk-tea'] }] }, m, 'InvalidParameter', 'DrinksSurvey.0.Choices');
    await expectRefused('submit-personal-drinks-survey', { DefaultDrinks: ['tea'], DrinksSurvey: [{ QuestionID: 'how-often', Choices: ['daily', 'weekly'] }] }, m, 'InvalidParameter', 'DrinksSurvey.0.Choices');
    await expectRefused('submit-personal-drinks-survey', { DefaultDrinks: ['soda'], DrinksSurvey: [] }, m, 'InvalidParameter', /^DefaultDrinks/);
    await t.call(submitPersonalDrinksSurvey, { DefaultDrinks: ['tea', 'spirits'], DrinksSurvey: [{ QuestionID: 'favourite-drinks', Choices: ['oolong', 'whisky'] }, { QuestionID: 'how-often', Choices: ['daily'] }] }, auth(m));
    const stored = await t.call(getPersonalDrinksFilter, {}, auth(m));
    expect(stored.DefaultDrinks).toEqual(['tea', 'spirits']);
    expect(stored.DrinksSurvey).toEqual([
      { QuestionID: 'favourite-drinks', Choices: ['oolong', 'whisky'] },
      { QuestionID: 'how-often', Choices: ['daily'] },
    ]);
    // Drinks alone are no taste profile yet.
    expect((await t.call(CalculateUserProductMatch, { ProductID: SIMILAR_TO }, auth(m))).Score).toBeUndefined();
  });
});

describe('list-user-product', () => {
  it("answers the member's drinks, bought and carded, newest first, priced in the currency asked", async () => {
    const demo = await t.call(userLogin, { email: demoMember.email, password: demoMember.password }, { 'x-forwarded-for': '198.51.100.7' });
    const before = await t.call(listUserProduct, { Currency: 'HKD' }, auth(demo));
    const bought = before.ProductList.filter((p) => p.Sources.includes('bought'));
    expect(bought.length).toBeGreaterThan(0);
    expect(before.ProductList.every((p) => ['tea', 'coffee', 'incense', 'spirits'].includes(p.Product.ProductTypeID) || p.Sources.includes('carded'))).toBe(true);
    expect(before.ProductList.map((p) => p.LastAt)).toEqual([...before.ProductList.map((p) => p.LastAt)].sort().reverse());

    const { Card } = await t.call(newCreateTasteCard, card({ ProductID: bought[bought.length - 1]!.Product.ProductID }) as never, auth(demo));
    const after = await t.call(listUserProduct, { Currency: 'USD' }, auth(demo));
    expect(after.ProductList[0]).toMatchObject({ Product: { ProductID: Card.ProductID, Currency: 'USD' }, Sources: ['bought', 'carded'] });
    expect(after.ProductList.map((p) => p.Product.ProductID).filter((id) => id === Card.ProductID)).toHaveLength(1);

    const fresh = await signUpMember(t);
    expect((await t.call(listUserProduct, { Currency: 'HKD' }, auth(fresh))).ProductList).toEqual([]);
  });
});

describe('getDailySip', () => {
  const startOfDay = Date.parse('2026-12-01T00:00:00+08:00');
  beforeEach(() => {
    base = startOfDay + 9 * HOUR_MS;
  });
  afterAll(() => {
    base = SEED_NOW.getTime() + HOUR_MS;
  });

  it('counts the Hong Kong days in a row with a card, ending today or yesterday, day by day', async () => {
    const m = await signUpMember(t);
    const day = (n: number, hour = 9) => (base = startOfDay + n * DAY_MS + hour * HOUR_MS);
    const sip = () => t.call(getDailySip, {}, auth(m));
    expect(await sip()).toEqual({ Streak: 0 });

    // Day 0 at 23:30 Hong Kong time (15:30 UTC) is still day 0 there.
    day(0, 23.5);
    const first = (await t.call(newCreateTasteCard, card() as never, auth(m))).Card;
    expect(await sip()).toMatchObject({ Streak: 1, Today: { CardID: first.CardID } });

    day(1, 0.25);
    expect((await sip()).Today).toBeUndefined();
    expect((await sip()).Streak).toBe(1);
    await t.call(newCreateTasteCard, card() as never, auth(m));
    expect((await sip()).Streak).toBe(2);

    day(2);
    const third = (await t.call(newCreateTasteCard, card() as never, auth(m))).Card;
    // Archived, it is still the member's sip of the day.
    await t.call(newUpdateTasteCard, { CardID: third.CardID, Status: 'Private' }, auth(m));
    expect(await sip()).toMatchObject({ Streak: 3, Today: { CardID: third.CardID } });

    day(3);
    expect(await sip()).toEqual({ Streak: 3 });
    day(4);
    expect(await sip()).toEqual({ Streak: 0 });
    await t.call(newCreateTasteCard, card() as never, auth(m));
    expect((await sip()).Streak).toBe(1);
  });
});
