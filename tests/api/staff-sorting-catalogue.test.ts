/**
 * Issue 32: the back office's tables sort on the server, for the catalogue, coupons, subscribers and failed
 * renewals (as tests/api/staff-sorting.test.ts does for orders, refunds, enquiries and the audit log). Each list,
 * sorted by each of its fields both ways, pages through every row once (none twice, none missed) in small pages
 * as in one, ties included (equal names, prices, stock, times, and times within one millisecond); descending is
 * ascending reversed; the default order is the one the list had before sorting; a key from another sort is
 * refused 400 naming LastEvaluatedKey.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FailedRenewalSort,
  StaffCouponSort,
  StaffProductSort,
  StaffSubscriptionSort,
  staffListCoupons,
  staffListFailedRenewals,
  staffListProducts,
  staffListSubscriptions,
  type FailedRenewal,
  type StaffCoupon,
  type StaffProduct,
  type StaffSubscription,
  type TokenSet,
} from '../../contract/index.ts';
import { auditLog, couponRedemptions, coupons, productTypes, products, subscriptionPlans, subscriptions, users, variances } from '../../server/db/schema.ts';
import { SKIP_CYCLE_ACTION } from '../../server/services/orders/subscription/renewals.ts';
import { setStaffRole } from '../../server/services/staff/members.ts';
import { signUpMember } from '../support/members.ts';
import { auth, refused } from '../support/shop.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { checkSorts, padded, type Page } from '../support/list-sorting.ts';

let t: TestApp;
let owner: TokenSet & { email: string };

/** Instants that tie: the same value several times, and two apart by microseconds only (one JavaScript millisecond). */
const INSTANTS = ['2026-03-01T10:00:00.000000Z', '2026-03-01T10:00:00.123456Z', '2026-03-01T10:00:00.123789Z', '2026-03-02T08:30:00.500000Z'];
const at = (i: number) => sql`${INSTANTS[i % INSTANTS.length]}::timestamptz`;
const letter = (i: number) => String.fromCharCode(97 + i);

let subscriptionIds: string[] = [];

beforeAll(async () => {
  // No seed: every product, coupon, subscription and failed renewal listed below is one of this file's.
  t = await createTestApp({ seed: false });
  owner = await signUpMember(t, { email: `sort-catalogue-owner.${Date.now()}@example.com` });
  await setStaffRole(t.deps, { email: owner.email, role: 'owner', actorUserId: null });

  await t.db.insert(productTypes).values(
    ['tea', 'coffee'].map((id) => ({ id, nameEn: id, nameZh: id, descriptionEn: '', descriptionZh: '' })),
  );
  // Ten products, ids not in the order they are made: names, types, prices, stock and creation times repeat.
  const productIds = Array.from({ length: 10 }, (_, i) => `sort-product-${letter((i * 3) % 10)}`);
  await t.db.insert(products).values(
    productIds.map((id, i) => ({
      id,
      typeId: i % 3 ? 'tea' : 'coffee',
      nameEn: ['Oolong', 'Sencha', 'Oolong', '單樅'][i % 4]!,
      nameZh: '茶',
      descriptionEn: '',
      descriptionZh: '',
      images: [],
      minPriceHkd: [12_000, 8_000, 12_000][i % 3]!,
      minPriceUsd: 1_500,
      createdAt: at(Math.floor(i / 3)),
    })),
  );
  // Stock added up per product: 0 (no variance), 5, or 3 + 2 = 5 (a tie from two variances).
  await t.db.insert(variances).values(
    productIds.flatMap((productId, i) =>
      i % 3 === 0
        ? []
        : (i % 3 === 1 ? [5] : [3, 2]).map((stock, j) => ({ id: `${productId}-v${j}`, productId, nameEn: `V${j}`, nameZh: `V${j}`, priceHkd: 8_000, priceUsd: 1_000, stock })),
    ),
  );

  // Nine coupons: names, kinds, dates and uses repeat.
  const codes = Array.from({ length: 9 }, (_, i) => `SORT${letter((i * 4) % 9).toUpperCase()}`);
  await t.db.insert(coupons).values(
    codes.map((code, i) => ({
      code,
      nameEn: ['Spring', 'Welcome', 'Spring'][i % 3]!,
      nameZh: '優惠',
      descriptionEn: '',
      descriptionZh: '',
      ...(i % 2 ? { kind: 'percent' as const, rateBp: 1_000 } : { kind: 'fixed' as const, amountHkd: 5_000, amountUsd: 600 }),
      validFrom: at(i % 4),
      validUntil: at((i % 2) + 2),
    })),
  );

  // Members and plans of subscribers (two members of one address' beginning, plan names that tie).
  const run = Date.now();
  const memberIds = [0, 1, 2].map(() => randomUUID());
  await t.db.insert(users).values(memberIds.map((id, i) => ({ id, email: `sort-sub-${letter(2 - i)}.${run}@example.com`, passwordHash: 'x', givenName: 'Mei', familyName: 'Chan' })));
  await t.db.insert(couponRedemptions).values(
    [0, 0, 1, 3, 3, 4].map((i, n) => ({ couponCode: codes[i]!, userId: memberIds[n % 3]!, createdAt: new Date('2026-03-01T00:00:00Z') })),
  );
  await t.db.insert(subscriptionPlans).values(
    ['sort-plan-a', 'sort-plan-b', 'sort-plan-c'].map((id, i) => ({
      id,
      duration: 'month' as const,
      nameEn: ['Monthly tea', 'Coffee club', 'Monthly tea'][i]!,
      nameZh: '茶',
      descriptionEn: '',
      descriptionZh: '',
      image: 'art',
      priceHkd: 30_000,
      priceUsd: 4_000,
    })),
  );
  // Twelve subscriptions: active (some waiting on stock), cancelled, ended (failed payments), pending.
  subscriptionIds = Array.from({ length: 12 }, (_, i) => `sort-sub-${letter((i * 5) % 12)}`);
  const period = (i: number) => new Date(Date.UTC(2026, 4 + (i % 2), 1));
  await t.db.insert(subscriptions).values(
    subscriptionIds.map((id, i) => {
      const kind = (['active', 'waiting', 'cancelled', 'ended', 'unpaid', 'pending'] as const)[i % 6]!;
      return {
        id,
        userId: memberIds[i % 3]!,
        planId: `sort-plan-${letter(i % 3)}`,
        status: kind === 'ended' || kind === 'unpaid' ? ('Ended' as const) : kind === 'pending' ? ('Pending' as const) : ('Active' as const),
        ...(kind === 'ended' ? { endReason: 'PaymentFailed' as const } : kind === 'unpaid' ? { endReason: 'Unpaid' as const } : {}),
        language: 'en',
        currency: 'HKD',
        paymentMethod: i % 2 ? 'FPS' : 'CreditCard',
        priceHkd: 30_000,
        priceUsd: 4_000,
        deliveryAddress: {},
        firstOrderId: `sort-first-${id}`,
        ...(kind === 'pending' ? {} : { startedAt: at(i), currentPeriodEnd: period(i) }),
        ...(kind === 'waiting' ? { stockDelayMailedFor: period(i) } : {}),
        ...(kind === 'cancelled' ? { cancelledAt: at(i) } : {}),
        ...(kind === 'ended' || kind === 'unpaid' ? { endedAt: at(i) } : {}),
        createdAt: at(Math.floor(i / 2)),
      };
    }),
  );
  // Cycles skipped out of stock, as the renewal job records them: two at the same instant.
  await t.db.insert(auditLog).values(
    [0, 1, 2].map((i) => ({
      at: at(i === 2 ? 1 : i),
      actorUserId: null,
      action: SKIP_CYCLE_ACTION,
      target: `subscription:${subscriptionIds[i]}`,
      before: null,
      after: { SubscriptionID: subscriptionIds[i], SkippedBillingDate: period(i).toISOString(), NextBillingDate: period(i + 1).toISOString() },
    })),
  );
});
afterAll(() => t?.close());

/** A call refused 400 InvalidParameter naming LastEvaluatedKey. */
async function refusesKey(call: string, body: Record<string, unknown>) {
  const r = await refused(t, call, body, owner);
  expect(r.status).toBe(400);
  expect(r.json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'LastEvaluatedKey' });
}

const after = (key: string | undefined) => (key ? { LastEvaluatedKey: key } : {});
const stockOf = (p: StaffProduct) => p.Variances.reduce((n, v) => n + v.Stock, 0);

describe('staff-list-products sorted', () => {
  const read = async (Sort: StaffProductSort, Size: number, key: string | undefined): Promise<Page<StaffProduct>> => {
    const r = await t.call(staffListProducts, { Sort, Size, ...after(key) }, auth(owner));
    return { rows: r.ProductList, key: r.LastEvaluatedKey };
  };

  it('pages through every product once under each sort, both ways, ties included', async () => {
    const all = (await t.db.select({ id: products.id }).from(products)).map((r) => r.id);
    expect(all).toHaveLength(10);
    await checkSorts({
      fields: StaffProductSort.entries.Field.options,
      all,
      read,
      id: (p) => p.ProductID,
      value: (field, p) =>
        field === 'Name' ? p.Name.en : field === 'MinPrice' ? padded(p.MinPrice.HKD) : field === 'Stock' ? padded(stockOf(p)) : String(p[field]),
      ordered: ['ProductID', 'ProductTypeID', 'MinPrice', 'Stock', 'CreatedAt'],
    });
  });

  it('keeps id order as the default, and refuses a key from another sort', async () => {
    const byDefault = await t.call(staffListProducts, { Size: 100 }, auth(owner));
    const ids = byDefault.ProductList.map((p) => p.ProductID);
    expect(ids).toEqual([...ids].sort());
    const { key } = await read({ Field: 'Stock', Direction: 'asc' }, 2, undefined);
    await refusesKey(staffListProducts.name, { Sort: { Field: 'Stock', Direction: 'desc' }, LastEvaluatedKey: key });
    await refusesKey(staffListProducts.name, { LastEvaluatedKey: key });
  });
});

describe('staff-list-coupons sorted', () => {
  const read = async (Sort: StaffCouponSort, Size: number, key: string | undefined): Promise<Page<StaffCoupon>> => {
    const r = await t.call(staffListCoupons, { Sort, Size, ...after(key) }, auth(owner));
    return { rows: r.CouponList, key: r.LastEvaluatedKey };
  };

  it('pages through every coupon once under each sort, both ways, ties included', async () => {
    const all = (await t.db.select({ code: coupons.code }).from(coupons)).map((r) => r.code);
    expect(all).toHaveLength(9);
    await checkSorts({
      fields: StaffCouponSort.entries.Field.options,
      all,
      read,
      id: (c) => c.CouponID,
      value: (field, c) => (field === 'Name' ? c.Name.en : field === 'TimesUsed' ? padded(c.TimesUsed) : String(c[field])),
      ordered: ['CouponID', 'Kind', 'ValidFrom', 'ValidUntil', 'TimesUsed'],
    });
  });

  it('keeps code order as the default, and refuses a key from another sort', async () => {
    const byDefault = await t.call(staffListCoupons, { Size: 100 }, auth(owner));
    const codes = byDefault.CouponList.map((c) => c.CouponID);
    expect(codes).toEqual([...codes].sort());
    expect(byDefault.CouponList.map((c) => c.TimesUsed).sort()).toEqual([0, 0, 0, 0, 0, 1, 1, 2, 2]);
    const { key } = await read({ Field: 'TimesUsed', Direction: 'desc' }, 2, undefined);
    await refusesKey(staffListCoupons.name, { Sort: { Field: 'ValidFrom', Direction: 'desc' }, LastEvaluatedKey: key });
    await refusesKey(staffListCoupons.name, { LastEvaluatedKey: key });
  });
});

describe('staff-list-subscriptions sorted', () => {
  const read = async (Sort: StaffSubscriptionSort, Size: number, key: string | undefined): Promise<Page<StaffSubscription>> => {
    const r = await t.call(staffListSubscriptions, { Sort, Size, ...after(key) }, auth(owner));
    return { rows: r.SubscriptionList, key: r.LastEvaluatedKey };
  };

  it('pages through every subscriber once under each sort, both ways, ties included', async () => {
    await checkSorts({
      fields: StaffSubscriptionSort.entries.Field.options,
      all: subscriptionIds,
      read,
      id: (s) => s.SubscriptionID,
      value: (field, s) => (field === 'Member' ? s.Member.Email : field === 'Plan' ? s.Plan.Name.en : (s[field] ?? '')),
      ordered: ['CreatedAt', 'Member', 'NextBillingDate'],
    });
  });

  it('keeps newest first as the default, and refuses a key from another sort', async () => {
    const byDefault = await t.call(staffListSubscriptions, { Size: 100 }, auth(owner));
    const newest = await read({ Field: 'CreatedAt', Direction: 'desc' }, 100, undefined);
    expect(byDefault.SubscriptionList.map((s) => s.SubscriptionID)).toEqual(newest.rows.map((s) => s.SubscriptionID));
    const { key } = await read({ Field: 'Plan', Direction: 'asc' }, 2, undefined);
    await refusesKey(staffListSubscriptions.name, { Sort: { Field: 'Member', Direction: 'asc' }, LastEvaluatedKey: key });
    await refusesKey(staffListSubscriptions.name, { LastEvaluatedKey: key });
  });
});

describe('staff-list-failed-renewals sorted', () => {
  const read = async (Sort: FailedRenewalSort, Size: number, key: string | undefined): Promise<Page<FailedRenewal>> => {
    const r = await t.call(staffListFailedRenewals, { Sort, Size, ...after(key) }, auth(owner));
    return { rows: r.RenewalList, key: r.LastEvaluatedKey };
  };
  // A renewal is its source and subscription: a subscription may have failed once and skipped a cycle besides.
  const idOf = (r: FailedRenewal) => `${r.Reason}:${r.SubscriptionID}:${r.At}`;

  it('pages through every failed renewal once under each sort, both ways, ties included', async () => {
    const all = (await read({ Field: 'At', Direction: 'desc' }, 100, undefined)).rows.map(idOf);
    // Two ended on a declined card, two unpaid, two waiting on stock, three cycles skipped.
    expect(all).toHaveLength(9);
    await checkSorts({
      fields: FailedRenewalSort.entries.Field.options,
      all,
      read,
      id: idOf,
      value: (field, r) => (field === 'Member' ? r.Member.Email : field === 'Plan' ? r.Plan.Name.en : r[field]),
      ordered: ['At', 'BillingDate', 'Reason', 'Member'],
    });
  });

  it('keeps newest first as the default, and refuses a key from another sort', async () => {
    const byDefault = (await t.call(staffListFailedRenewals, { Size: 100 }, auth(owner))).RenewalList.map((r) => r.At);
    expect(byDefault).toEqual([...byDefault].sort().reverse());
    const { key } = await read({ Field: 'Reason', Direction: 'asc' }, 2, undefined);
    await refusesKey(staffListFailedRenewals.name, { Sort: { Field: 'Reason', Direction: 'desc' }, LastEvaluatedKey: key });
    await refusesKey(staffListFailedRenewals.name, { LastEvaluatedKey: key });
  });
});
