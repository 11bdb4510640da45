/**
 * Issue 32: gatherings' pour lists in the back office. Staff list the gatherings with their session, event and host,
 * and add, change and remove pours; the room sees each change through its own calls. The quantity set aside never
 * goes below what orders took (SetAsideBelowSold), a pour once ordered stays (PourAlreadyOrdered), a closed gathering
 * is not changed (GatheringClosed), and `remaining` stays what is set aside less what orders hold when changes and
 * orders come at once (run on PostgreSQL too, with TEST_DATABASE_URL). Every change leaves one audit row.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUserShoppingCart,
  cancelProductOrder,
  createProductOrder,
  getUserShoppingCart,
  listGatheringProduct,
  MONEY_INPUT_MAX,
  SET_ASIDE_MAX,
  staffGetPourList,
  staffListGatherings,
  staffRemovePour,
  staffSavePour,
  type CallBodyInput,
  type TokenSet,
} from '../../contract/index.ts';
import { auditLog, gatheringAttendees, gatheringPours, users } from '../../server/db/schema.ts';
import { SEED_GATHERING_ID, SEED_POURS, SEED_SCHEDULED_GATHERING_ID } from '../../server/db/seed/gathering-data.ts';
import { closeGatheringAt } from '../../server/services/gatherings/host.ts';
import { startSession } from '../../server/services/sessions.ts';
import { CREATE_POUR_ACTION, REMOVE_POUR_ACTION, UPDATE_POUR_ACTION } from '../../server/services/staff/gathering-pours.ts';
import { auth, refused, shopper, type Shopper } from '../support/shop.ts';
import { grantRole } from '../support/staff.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

const G = SEED_GATHERING_ID;
const [GYOKURO, SENCHA] = SEED_POURS;
let t: TestApp;
let staff: Shopper;

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date(SEED_NOW.getTime() + 60_000) } });
  staff = await shopper(t, { address: false });
  await grantRole(t, staff.userId, 'staff');
});
afterAll(() => t?.close());

type SaveBody = CallBodyInput<typeof staffSavePour>;
const save = async (body: SaveBody) => t.call(staffSavePour, body, auth(staff));
const as = (call: string, body: unknown) => refused(t, call, body, staff);
const pourList = async (GatheringID = G) => (await t.call(staffGetPourList, { GatheringID }, auth(staff))).PourList;
const pourOf = async (productId: string, GatheringID = G) => (await pourList(GatheringID)).find((p) => p.ProductID === productId);
const auditOf = (productId: string, gatheringId = G) =>
  t.db.select().from(auditLog).where(eq(auditLog.target, `pour:${gatheringId}/${productId}`)).orderBy(auditLog.id);
const rowOf = async (productId: string, gatheringId = G) =>
  (await t.db.select().from(gatheringPours).where(and(eq(gatheringPours.gatheringId, gatheringId), eq(gatheringPours.productId, productId))))[0];

/** Members checked in at the seeded gathering (as the host's check-in leaves them), signed in. */
async function roomMembers(n: number): Promise<TokenSet[]> {
  const ids = Array.from({ length: n }, () => randomUUID());
  await t.db.insert(users).values(ids.map((id) => ({ id, email: `pour.${id}@example.com`, passwordHash: 'x', givenName: 'Pour', familyName: 'Guest', emailVerified: true, createdAt: SEED_NOW })));
  await t.db.insert(gatheringAttendees).values(ids.map((userId) => ({ gatheringId: G, userId, checkedInAt: SEED_NOW })));
  return Promise.all(ids.map((id) => startSession(t.deps, id)));
}

/** A room member's order of `quantity` of a pour, from their cart. */
async function order(member: TokenSet, productId: string, quantity: number) {
  await t.call(addUserShoppingCart, { gatheringID: G, productList: [{ productID: productId, quantity }] }, auth(member));
  return (await t.call(createProductOrder, { product: { gatheringID: G } }, auth(member))).Order;
}

/** A product of the seed not on any test's list yet, with its first variance. */
const SPARE = [
  { productId: 'tea-tieguanyin', varianceId: 'tea-tieguanyin-50g', other: 'tea-tieguanyin-150g' },
  { productId: 'tea-da-hong-pao', varianceId: 'tea-da-hong-pao-50g', other: 'tea-da-hong-pao-100g' },
  { productId: 'tea-jasmine-pearls', varianceId: 'tea-jasmine-pearls-50g', other: 'tea-jasmine-pearls-100g' },
  { productId: 'coffee-yirgacheffe', varianceId: 'coffee-yirgacheffe-250g', other: 'coffee-yirgacheffe-1kg' },
] as const;
const spare = (i: number) => SPARE[i]!;

describe('the gatherings staff see', () => {
  it('lists scheduled and going-on gatherings soonest first with session, event, host and pour count; pages by key', async () => {
    const { GatheringList } = await t.call(staffListGatherings, {}, auth(staff));
    const ongoing = GatheringList.find((g) => g.GatheringID === G);
    expect(ongoing).toMatchObject({ Status: 'Ongoing', SessionID: 'evs-matcha-whisking-0', EventID: 'evt-matcha-whisking', PourCount: SEED_POURS.length });
    expect(ongoing!.EventName.en).toMatch(/Matcha/);
    expect(ongoing!.Host).toMatchObject({ UserID: expect.any(String), Name: expect.any(String) });
    expect(ongoing!.OpenedAt).toEqual(expect.any(String));
    const scheduled = GatheringList.find((g) => g.GatheringID === SEED_SCHEDULED_GATHERING_ID);
    expect(scheduled).toMatchObject({ Status: 'Scheduled', SessionID: 'evs-gongfu-oolong-2', PourCount: 0 });
    expect(scheduled!.OpenedAt).toBeUndefined();
    const starts = GatheringList.map((g) => g.StartAt);
    expect(starts).toEqual([...starts].sort());

    const paged: string[] = [];
    let key: string | undefined;
    do {
      const page = await t.call(staffListGatherings, { Size: 1, ...(key ? { LastEvaluatedKey: key } : {}) }, auth(staff));
      expect(page.GatheringList.length).toBeLessThanOrEqual(1);
      paged.push(...page.GatheringList.map((g) => g.GatheringID));
      key = page.LastEvaluatedKey;
    } while (key);
    expect(paged).toEqual(GatheringList.map((g) => g.GatheringID));

    expect((await t.call(staffListGatherings, { Status: 'Ongoing' }, auth(staff))).GatheringList.map((g) => g.Status)).not.toContain('Scheduled');
    expect(await as('staff-list-gatherings', { LastEvaluatedKey: 'bm90IGEga2V5' })).toMatchObject({ status: 400, json: { ErrorCode: 'InvalidParameter', field: 'LastEvaluatedKey' } });
    expect(await as('staff-list-gatherings', { Status: 'open' })).toMatchObject({ status: 400, json: { ErrorCode: 'InvalidParameter', field: 'Status' } });
  });

  it('reads a gathering’s pour list with both prices, the online price, set aside, remaining and taken', async () => {
    const { Gathering, PourList } = await t.call(staffGetPourList, { GatheringID: G }, auth(staff));
    expect(Gathering.GatheringID).toBe(G);
    expect(PourList.map((p) => p.ProductID)).toEqual(SEED_POURS.map((p) => p.productId));
    expect(PourList[0]).toMatchObject({
      ProductID: GYOKURO.productId,
      VarianceID: GYOKURO.varianceId,
      Price: { HKD: GYOKURO.priceHkd, USD: GYOKURO.priceUsd },
      OnlinePrice: { HKD: expect.any(Number), USD: expect.any(Number) },
      SetAside: GYOKURO.setAside,
      Remaining: GYOKURO.setAside,
      Taken: 0,
      Ordered: false,
    });
    expect(await as('staff-get-pour-list', { GatheringID: 'gth-no-such' })).toMatchObject({ status: 400, json: { ErrorCode: 'ObjectNotFound', field: 'GatheringID' } });
  });
});

describe('adding and changing a pour', () => {
  it('adds a product last on the list, seen by the room at once; the same values again write nothing', async () => {
    const { productId, varianceId } = spare(0);
    const body: SaveBody = { GatheringID: G, ProductID: productId, VarianceID: varianceId, Price: { HKD: 9900, USD: 1290 }, SetAside: 6 };
    const { Pour, Created } = await save(body);
    expect(Created).toBe(true);
    expect(Pour).toMatchObject({ ProductID: productId, VarianceID: varianceId, Price: { HKD: 9900, USD: 1290 }, SetAside: 6, Remaining: 6, Taken: 0, Ordered: false });
    expect((await pourList()).at(-1)?.ProductID).toBe(productId);

    const [guest] = await roomMembers(1);
    const room = await t.call(listGatheringProduct, { gatheringID: G, Currency: 'USD' }, auth(guest!));
    expect(room.ProductList.find((p) => p.ProductID === productId)).toMatchObject({ Price: 1290, Remaining: 6, SetAside: 6 });

    expect(await auditOf(productId)).toMatchObject([
      { action: CREATE_POUR_ACTION, actorUserId: staff.userId, before: null, after: { GatheringID: G, ProductID: productId, VarianceID: varianceId, Price: { HKD: 9900, USD: 1290 }, SetAside: 6, Remaining: 6 } },
    ]);
    expect(await save(body)).toMatchObject({ Created: false, Pour: { SetAside: 6 } });
    expect(await auditOf(productId)).toHaveLength(1);
  });

  it('changes the variance, prices and set-aside of a pour: remaining moves by the change, what orders took stays taken', async () => {
    const [guest] = await roomMembers(1);
    await order(guest!, SENCHA.productId, 3);
    expect(await pourOf(SENCHA.productId)).toMatchObject({ SetAside: 20, Remaining: 17, Taken: 3, Ordered: true });

    const { Pour } = await save({ GatheringID: G, ProductID: SENCHA.productId, VarianceID: SENCHA.varianceId, Price: { HKD: 10800, USD: 1395 }, SetAside: 25 });
    expect(Pour).toMatchObject({ Price: { HKD: 10800, USD: 1395 }, SetAside: 25, Remaining: 22, Taken: 3 });
    const lowered = await save({ GatheringID: G, ProductID: SENCHA.productId, VarianceID: SENCHA.varianceId, Price: { HKD: 10800, USD: 1395 }, SetAside: 8 });
    expect(lowered.Pour).toMatchObject({ SetAside: 8, Remaining: 5, Taken: 3 });
    expect(await auditOf(SENCHA.productId)).toMatchObject([
      { action: UPDATE_POUR_ACTION, actorUserId: staff.userId, before: { Price: { HKD: SENCHA.priceHkd }, SetAside: 20, Remaining: 17 }, after: { Price: { HKD: 10800 }, SetAside: 25, Remaining: 22 } },
      { action: UPDATE_POUR_ACTION, before: { SetAside: 25, Remaining: 22 }, after: { SetAside: 8, Remaining: 5 } },
    ]);

    // Another variance of the product: the room sees its name from then on.
    const { productId, varianceId, other } = spare(1);
    await save({ GatheringID: G, ProductID: productId, VarianceID: varianceId, Price: { HKD: 20000, USD: 2600 }, SetAside: 4 });
    const changed = await save({ GatheringID: G, ProductID: productId, VarianceID: other, Price: { HKD: 38000, USD: 4900 }, SetAside: 4 });
    expect(changed.Pour).toMatchObject({ VarianceID: other, VarianceName: { en: '100 g' }, Price: { HKD: 38000 } });
    const room = await t.call(listGatheringProduct, { gatheringID: G }, auth(guest!));
    expect(room.ProductList.find((p) => p.ProductID === productId)).toMatchObject({ VarianceID: other, Price: 38000 });
  });

  it('refuses a set-aside below what orders took (SetAsideBelowSold with Taken), nothing changed or audited; exactly that stops the room ordering', async () => {
    const [a, b] = await roomMembers(2);
    await order(a!, GYOKURO.productId, 2);
    const before = await rowOf(GYOKURO.productId);
    const audits = (await auditOf(GYOKURO.productId)).length;
    const body = (SetAside: number): SaveBody => ({ GatheringID: G, ProductID: GYOKURO.productId, VarianceID: GYOKURO.varianceId, Price: { HKD: GYOKURO.priceHkd, USD: GYOKURO.priceUsd }, SetAside });
    const taken = before!.setAside - before!.remaining;
    expect(await as('staff-save-pour', body(taken - 1))).toMatchObject({ status: 400, json: { ErrorCode: 'SetAsideBelowSold', field: 'SetAside', Taken: taken } });
    expect(await rowOf(GYOKURO.productId)).toEqual(before);
    expect(await auditOf(GYOKURO.productId)).toHaveLength(audits);

    expect((await save(body(taken))).Pour).toMatchObject({ SetAside: taken, Remaining: 0 });
    expect(await refused(t, 'add-user-shopping-cart', { gatheringID: G, productList: [{ productID: GYOKURO.productId, quantity: 1 }] }, b)).toMatchObject({ status: 400, json: { ErrorCode: 'OutOfStock' } });
  });

  it('refuses bad input naming the field, and unknown gatherings, products and variances', async () => {
    const { productId, varianceId } = spare(2);
    const good: SaveBody = { GatheringID: G, ProductID: productId, VarianceID: varianceId, Price: { HKD: 100, USD: 100 }, SetAside: 1 };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ Price: { HKD: MONEY_INPUT_MAX + 1, USD: 100 } }, 'InvalidParameter', 'Price.HKD'],
      [{ Price: { HKD: 100, USD: -1 } }, 'InvalidParameter', 'Price.USD'],
      [{ Price: { HKD: 1.5, USD: 100 } }, 'InvalidParameter', 'Price.HKD'],
      [{ SetAside: -1 }, 'InvalidParameter', 'SetAside'],
      [{ SetAside: 2.5 }, 'InvalidParameter', 'SetAside'],
      [{ SetAside: SET_ASIDE_MAX + 1 }, 'InvalidParameter', 'SetAside'],
      [{ SetAside: undefined }, 'MissingParameter', 'SetAside'],
      [{ GatheringID: 'gth-no-such' }, 'ObjectNotFound', 'GatheringID'],
      [{ ProductID: 'no-such-product' }, 'ObjectNotFound', 'ProductID'],
      [{ VarianceID: 'no-such-variance' }, 'ObjectNotFound', 'VarianceID'],
      [{ VarianceID: GYOKURO.varianceId }, 'InvalidParameter', 'VarianceID'],
    ];
    for (const [over, code, field] of cases) {
      const answer = await as('staff-save-pour', { ...good, ...over });
      expect(answer, JSON.stringify(over)).toMatchObject({ status: 400, json: { field } });
      if (code !== 'MissingParameter') expect(answer.json.ErrorCode, JSON.stringify(over)).toBe(code);
    }
    expect(await pourOf(productId)).toBeUndefined();
    expect(await auditOf(productId)).toEqual([]);
    // The maximum is taken.
    expect((await save({ ...good, Price: { HKD: MONEY_INPUT_MAX, USD: MONEY_INPUT_MAX }, SetAside: SET_ASIDE_MAX })).Pour).toMatchObject({ Price: { HKD: MONEY_INPUT_MAX }, SetAside: SET_ASIDE_MAX });
  });
});

describe('removing a pour', () => {
  it('takes a pour nobody ordered off the list, with members’ cart lines of it, and one audit row', async () => {
    const { productId, varianceId } = spare(3);
    await save({ GatheringID: G, ProductID: productId, VarianceID: varianceId, Price: { HKD: 5000, USD: 650 }, SetAside: 5 });
    const [guest] = await roomMembers(1);
    await t.call(addUserShoppingCart, { gatheringID: G, productList: [{ productID: productId, quantity: 2 }] }, auth(guest!));

    const { Removed } = await t.call(staffRemovePour, { GatheringID: G, ProductID: productId }, auth(staff));
    expect(Removed).toMatchObject({ ProductID: productId, SetAside: 5 });
    expect(await pourOf(productId)).toBeUndefined();
    const carts = (await t.call(getUserShoppingCart, {}, auth(guest!))).CartList;
    expect(carts.flatMap((c) => c.ProductList.map((l) => l.ProductID))).not.toContain(productId);
    expect((await auditOf(productId)).map((r) => [r.action, r.after])).toEqual([
      [CREATE_POUR_ACTION, expect.anything()],
      [REMOVE_POUR_ACTION, null],
    ]);
    expect((await auditOf(productId)).at(-1)?.before).toMatchObject({ ProductID: productId, SetAside: 5, Remaining: 5 });
    // Again: nothing is there to remove.
    expect(await as('staff-remove-pour', { GatheringID: G, ProductID: productId })).toMatchObject({ status: 400, json: { ErrorCode: 'ObjectNotFound', field: 'ProductID' } });
  });

  it('refuses a pour an order took (PourAlreadyOrdered), also once that order is cancelled and gave it back', async () => {
    const [guest] = await roomMembers(1);
    const LONG_JING = SEED_POURS[2];
    const placed = await order(guest!, LONG_JING.productId, 1);
    expect(await as('staff-remove-pour', { GatheringID: G, ProductID: LONG_JING.productId })).toMatchObject({ status: 400, json: { ErrorCode: 'PourAlreadyOrdered', field: 'ProductID' } });
    await t.call(cancelProductOrder, { orderID: placed.OrderID }, auth(guest!));
    expect(await pourOf(LONG_JING.productId)).toMatchObject({ Remaining: LONG_JING.setAside, Taken: 0, Ordered: true });
    expect(await as('staff-remove-pour', { GatheringID: G, ProductID: LONG_JING.productId })).toMatchObject({ status: 400, json: { ErrorCode: 'PourAlreadyOrdered' } });
    expect(await pourOf(LONG_JING.productId)).toBeDefined();
    expect((await auditOf(LONG_JING.productId)).filter((r) => r.action === REMOVE_POUR_ACTION)).toEqual([]);
  });
});

describe('changes and orders at once', () => {
  it('an order and a lowered set-aside at once: one of them is refused, and remaining is set aside less what orders hold', async () => {
    const { productId, varianceId } = spare(0);
    const base = { GatheringID: G, ProductID: productId, VarianceID: varianceId, Price: { HKD: 9900, USD: 1290 } };
    await save({ ...base, SetAside: 10 });
    const [first, second] = await roomMembers(2);
    await order(first!, productId, 4);
    await t.call(addUserShoppingCart, { gatheringID: G, productList: [{ productID: productId, quantity: 3 }] }, auth(second!));

    const [placed, lowered] = await Promise.all([
      refused(t, 'create-product-order', { product: { gatheringID: G } }, second),
      as('staff-save-pour', { ...base, SetAside: 5 }),
    ]);
    // Either the order went first (7 taken: 5 is refused) or the lowering did (1 left: 3 is out of stock).
    const outcome = [placed.status, lowered.status].sort();
    expect(outcome).toEqual([200, 400]);
    if (placed.status === 200) expect(lowered.json).toMatchObject({ ErrorCode: 'SetAsideBelowSold', Taken: 7 });
    else expect(placed.json).toMatchObject({ ErrorCode: 'OutOfStock' });
    const row = await rowOf(productId);
    const held = 4 + (placed.status === 200 ? 3 : 0);
    expect(row!.remaining).toBe(row!.setAside - held);
  });

  it('two set-aside changes at once both apply in turn: each audit row’s before is the other’s after, remaining follows', async () => {
    const [guest] = await roomMembers(1);
    const { productId, varianceId } = spare(1);
    const base = { GatheringID: G, ProductID: productId, Price: { HKD: 38000, USD: 4900 } };
    const taken = (await rowOf(productId))!;
    await order(guest!, productId, 1);
    const audits = (await auditOf(productId)).length;
    const answers = await Promise.all([
      save({ ...base, VarianceID: varianceId, SetAside: 9 }),
      save({ ...base, VarianceID: varianceId, SetAside: 14 }),
    ]);
    expect(answers.map((a) => a.Created)).toEqual([false, false]);
    const rows = (await auditOf(productId)).slice(audits);
    expect(rows.map((r) => r.action)).toEqual([UPDATE_POUR_ACTION, UPDATE_POUR_ACTION]);
    expect(rows[1]!.before).toEqual(rows[0]!.after);
    const final = (await rowOf(productId))!;
    expect(final.setAside).toBe((rows[1]!.after as { SetAside: number }).SetAside);
    expect(final.setAside - final.remaining).toBe(taken.setAside - taken.remaining + 1);
  });

  it('two presses adding the same product at once: one adds it, the other changes it; one pour', async () => {
    const { productId, varianceId } = spare(2);
    const gathering = SEED_SCHEDULED_GATHERING_ID;
    const answers = await Promise.all(
      [3, 7].map((SetAside) => save({ GatheringID: gathering, ProductID: productId, VarianceID: varianceId, Price: { HKD: 100, USD: 13 }, SetAside })),
    );
    expect(answers.map((a) => a.Created).sort()).toEqual([false, true]);
    expect((await pourList(gathering)).filter((p) => p.ProductID === productId)).toHaveLength(1);
    expect((await auditOf(productId, gathering)).map((r) => r.action)).toEqual([CREATE_POUR_ACTION, UPDATE_POUR_ACTION]);
    const final = (await rowOf(productId, gathering))!;
    expect(final.remaining).toBe(final.setAside);
  });
});

describe('a closed gathering', () => {
  it('keeps its pour list: saving and removing answer GatheringClosed; it is listed among the closed', async () => {
    const gathering = SEED_SCHEDULED_GATHERING_ID;
    const { productId, varianceId } = spare(3);
    await save({ GatheringID: gathering, ProductID: productId, VarianceID: varianceId, Price: { HKD: 100, USD: 13 }, SetAside: 2 });
    await closeGatheringAt(t.deps, gathering, new Date(SEED_NOW.getTime() + 60_000));
    const audits = (await auditOf(productId, gathering)).length;
    expect(await as('staff-save-pour', { GatheringID: gathering, ProductID: productId, VarianceID: varianceId, Price: { HKD: 200, USD: 26 }, SetAside: 2 })).toMatchObject({
      status: 400,
      json: { ErrorCode: 'GatheringClosed', field: 'GatheringID' },
    });
    expect(await as('staff-remove-pour', { GatheringID: gathering, ProductID: productId })).toMatchObject({ status: 400, json: { ErrorCode: 'GatheringClosed' } });
    expect(await pourOf(productId, gathering)).toMatchObject({ Price: { HKD: 100 } });
    expect(await auditOf(productId, gathering)).toHaveLength(audits);
    const closed = (await t.call(staffListGatherings, { Status: 'Closed' }, auth(staff))).GatheringList;
    expect(closed.find((g) => g.GatheringID === gathering)).toMatchObject({ Status: 'Closed', ClosedAt: expect.any(String) });
    expect((await t.call(staffListGatherings, {}, auth(staff))).GatheringList.map((g) => g.GatheringID)).not.toContain(gathering);
  });

  it('is for staff only', async () => {
    const m = await shopper(t, { address: false });
    expect((await refused(t, 'staff-save-pour', { GatheringID: G, ProductID: GYOKURO.productId, VarianceID: GYOKURO.varianceId, Price: { HKD: 1, USD: 1 }, SetAside: 1 })).status).toBe(401);
    expect((await refused(t, 'staff-remove-pour', { GatheringID: G, ProductID: GYOKURO.productId }, m)).status).toBe(403);
    expect(await pourOf(GYOKURO.productId)).toBeDefined();
  });
});
