/**
 * The landing's survey invitation and the member home's calls (issue 20): getSurveyLanding, get-member-guide
 * (each step read from the member's data; the account's "member guide finished" flag set once all are done)
 * and get-recommended-product (drinks closest to the member's taste profile, not ones they already have).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  followUser,
  getMemberGuide,
  getRecommendedProduct,
  getSurveyLanding,
  newCreateTasteCard,
  userGetInfo,
  type TokenSet,
} from '../../contract/index.ts';
import { contentBlocks, users } from '../../server/db/schema.ts';
import { eventMember, fromSeed, paidBooking } from '../support/event-bookings.ts';
import { signUpMember } from '../support/members.ts';
import { auth } from '../support/shop.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: fromSeed() });
});
afterAll(() => t.close());

const SESSION = 'evs-islay-whisky-1';
const TIEGUANYIN = 'tea-tieguanyin';
const card = {
  ProductID: TIEGUANYIN,
  Title: 'Orchid morning',
  FiveSenses: { Sweetness: 4, Sourness: 1, Bitterness: 2, Saltiness: 1, Umami: 2 },
  TasteNote: ['note-honey', 'note-muscat', 'note-peach'],
};

const stepsOf = async (m: TokenSet) => {
  const guide = await t.call(getMemberGuide, {}, auth(m));
  return { done: Object.fromEntries(guide.Steps.map((s) => [s.Step, s.Done])), finished: guide.MemberGuideFinished, order: guide.Steps.map((s) => s.Step) };
};

describe('getSurveyLanding', () => {
  it('is a GET content block in both languages, with artwork and a link to the tastings', async () => {
    const block = await t.call(getSurveyLanding, {});
    expect(block.Title.en).toBe('Taste with us, tell us what you tasted');
    expect(block.Title.zh).toMatch(/[\u4e00-\u9fff]/);
    expect(block.Text.zh).toMatch(/[\u4e00-\u9fff]/);
    expect(block.Button.To).toBe('#upcoming-tastings');
    expect((await t.raw(block.Image)).status).toBe(200);
    expect((await t.raw('/api/getSurveyLanding', { method: 'POST', body: '{}' })).status).toBe(404);
  });

  it('answers the block as staff wrote it, and the seed\'s words when none is stored', async () => {
    await t.db
      .update(contentBlocks)
      .set({ value: { Title: { en: 'Come and taste', zh: '來品嚐' }, Text: { en: 'T', zh: '文' }, Image: '/media/art/cup-28-4.svg', Button: { Label: { en: 'Go', zh: '去' }, To: '/about' } } })
      .where(eq(contentBlocks.key, 'surveyLanding'));
    expect((await t.call(getSurveyLanding, {})).Title.en).toBe('Come and taste');
    await t.db.delete(contentBlocks).where(eq(contentBlocks.key, 'surveyLanding'));
    expect((await t.call(getSurveyLanding, {})).Title.en).toBe('Taste with us, tell us what you tasted');
  });
});

describe('get-member-guide', () => {
  it('marks each step as the member does it, and finishes the guide (user-get-info says so) when all are done', async () => {
    const m = await signUpMember(t);
    expect(await stepsOf(m)).toEqual({
      order: ['entrySurvey', 'tasteCard', 'event', 'subscription', 'follow'],
      done: { entrySurvey: false, tasteCard: false, event: false, subscription: false, follow: false },
      finished: false,
    });
    await t.db.update(users).set({ preSurveyDone: true }).where(eq(users.id, m.userID));
    await t.call(newCreateTasteCard, card, auth(m));
    expect((await stepsOf(m)).done).toMatchObject({ entrySurvey: true, tasteCard: true, event: false });

    await paidBooking(t, m, SESSION, 1);
    const friend = await eventMember(t, { given_name: 'Mei' });
    await t.call(followUser, { FolloweeID: friend.userID }, auth(m));
    expect(await stepsOf(m)).toMatchObject({ done: { event: true, follow: true, subscription: false }, finished: false });
    expect((await t.call(userGetInfo, { accessToken: m.accessToken }, auth(m))).checking.MemberGuideFinished).toBe(false);

    // An ongoing subscription (what a paid first box sets).
    await t.db.update(users).set({ subscribed: true }).where(eq(users.id, m.userID));
    expect((await stepsOf(m)).finished).toBe(true);
    expect((await t.call(userGetInfo, { accessToken: m.accessToken }, auth(m))).checking.MemberGuideFinished).toBe(true);

    // Finished stays finished when a subscription ends later.
    await t.db.update(users).set({ subscribed: false }).where(eq(users.id, m.userID));
    expect(await stepsOf(m)).toMatchObject({ done: { subscription: false }, finished: true });
  });

  it('is for members only', async () => {
    expect((await t.raw('/api/get-member-guide', { method: 'POST', body: '{}' })).status).toBe(401);
  });
});

describe('get-recommended-product', () => {
  it('has nothing for a member without a taste profile', async () => {
    const m = await signUpMember(t);
    expect(await t.call(getRecommendedProduct, { Currency: 'HKD' }, auth(m))).toEqual({ ProductList: [], HasProfile: false });
  });

  it('answers drinks closest to the member\'s cards, best match first, without the ones they carded', async () => {
    const m = await eventMember(t);
    await t.call(newCreateTasteCard, card, auth(m));
    const { ProductList, HasProfile } = await t.call(getRecommendedProduct, { Currency: 'USD', Size: 6 }, auth(m));
    expect(HasProfile).toBe(true);
    expect(ProductList.length).toBe(6);
    expect(ProductList.map((p) => p.Product.ProductID)).not.toContain(TIEGUANYIN);
    expect(ProductList.every((p) => p.Product.Currency === 'USD' && p.Product.StockStatus !== 'OutOfStock')).toBe(true);
    const teaMatches = ProductList.filter((p) => p.Product.ProductTypeID === 'tea').map((p) => p.Match);
    expect(teaMatches).toEqual([...teaMatches].sort((a, b) => b - a));
    expect(ProductList[0]!.Match).toBeGreaterThan(50);
    // A floral, honeyed oolong card: teas come first, before incense sticks whose notes happen to be floral too.
    const types = ProductList.map((p) => p.Product.ProductTypeID);
    expect(types.slice(0, 3)).toEqual(['tea', 'tea', 'tea']);
    expect(types).toEqual([...types].sort((a, b) => Number(b === 'tea') - Number(a === 'tea')));
  });

  it('checks Size and Currency', async () => {
    const m = await signUpMember(t);
    const bad = await t.raw('/api/get-recommended-product', { method: 'POST', body: JSON.stringify({ Currency: 'HKD', Size: 50 }), headers: auth(m) });
    expect(bad.json).toMatchObject({ ErrorCode: 'InvalidParameter' });
    const missing = await t.raw('/api/get-recommended-product', { method: 'POST', body: '{}', headers: auth(m) });
    expect(missing.json).toMatchObject({ ErrorCode: 'MissingParameter' });
  });
});
