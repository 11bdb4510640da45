/**
 * Issue 32: the back office's tables sort on the server. Every list call that takes a Sort, sorted by each of its
 * fields both ways, pages through every row once (no row twice, none missed), ties included: rows written at the
 * same instant, or within one millisecond (microseconds apart), rows with the same name, kind, amount or action.
 * Small pages give the same rows in the same order as one big page; descending is ascending reversed. A key
 * answered under one sort and sent with another is refused 400 naming LastEvaluatedKey, as is a forged one.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuditSort,
  EnquirySort,
  listAuditLog,
  listRefundRequests,
  listStaff,
  RefundSort,
  staffListEnquiries,
  staffListOrders,
  StaffOrderSort,
  StaffSort,
  type AuditEntry,
  type StaffEnquiry,
  type StaffOrder,
  type StaffRefund,
  type TokenSet,
} from '../../contract/index.ts';
import type { ListSort } from '../../contract/staff-sort.ts';
import { auditLog, b2bEnquiries, orders, refundRequests, users } from '../../server/db/schema.ts';
import { setStaffRole } from '../../server/services/staff/members.ts';
import { checkSorts, padded, pageThrough, type Page } from '../support/list-sorting.ts';
import { signUpMember } from '../support/members.ts';
import { auth, refused } from '../support/shop.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let owner: TokenSet & { email: string };

/** Instants that tie: the same value several times, and two apart by microseconds only (one JavaScript millisecond). */
const INSTANTS = ['2026-03-01T10:00:00.000000Z', '2026-03-01T10:00:00.123456Z', '2026-03-01T10:00:00.123789Z', '2026-03-02T08:30:00.500000Z'];
const at = (i: number) => sql`${INSTANTS[i % INSTANTS.length]}::timestamptz`;

let memberIds: string[] = [];

beforeAll(async () => {
  // No seed: every order, refund, enquiry and audit row listed below is one of this file's.
  t = await createTestApp({ seed: false });
  owner = await signUpMember(t, { email: `sort-owner.${Date.now()}@example.com` });
  await setStaffRole(t.deps, { email: owner.email, role: 'owner', actorUserId: null });

  // Members: two with the same name (a tie on Name), holding roles granted at the same instant (a tie on GrantedAt).
  const run = Date.now();
  const members = [
    { given: 'Mei', family: 'Chan', email: `sort-b.${run}@example.com`, role: 'staff' as const },
    { given: 'Mei', family: 'Chan', email: `sort-a.${run}@example.com`, role: 'staff' as const },
    { given: '大文', family: '陳', email: `sort-c.${run}@example.com`, role: 'host' as const },
  ];
  memberIds = members.map(() => randomUUID());
  await t.db.insert(users).values(members.map((m, i) => ({ id: memberIds[i]!, email: m.email, passwordHash: 'x', givenName: m.given, familyName: m.family })));
  for (const m of members) await setStaffRole(t.deps, { email: m.email, role: m.role, actorUserId: null });

  // Twelve orders: kinds, members, currencies, totals, methods and creation times repeat.
  const kinds = ['product', 'event', 'product', 'subscription'];
  const methods = ['CreditCard', 'FPS', 'Alipay'];
  await t.db.insert(orders).values(
    Array.from({ length: 12 }, (_, i) => ({
      id: `sort-order-${String.fromCharCode(97 + ((i * 7) % 12))}`,
      reference: `SRT${String(i).padStart(3, '0')}`,
      userId: memberIds[i % 3]!,
      kind: kinds[i % kinds.length]!,
      language: 'en',
      currency: i % 2 ? 'USD' : 'HKD',
      paymentMethod: methods[i % methods.length]!,
      paymentStatus: 'Paid' as const,
      fulfilmentStatus: 'InProcess' as const,
      orderDetail: {},
      total: [10_000, 5_000, 10_000][i % 3]!,
      createdAt: at(Math.floor(i / 3)),
    })),
  );

  // Nine refund requests: three of orders that are gone (Reference and Kind ''), amounts and reasons repeat.
  await t.db.insert(refundRequests).values(
    Array.from({ length: 9 }, (_, i) => ({
      orderId: i < 3 ? `gone-${i}` : `sort-order-${String.fromCharCode(97 + i)}`,
      paymentId: `sort-payment-${i}-${run}`,
      amount: [2_000, 2_000, 7_500][i % 3]!,
      currency: i % 4 ? 'HKD' : 'USD',
      reason: ['order_expired', 'paid_twice', 'order_expired'][i % 3]!,
      createdAt: at(i % 4),
      status: ['open', 'paying', 'paid'][i % 3]!,
    })),
  );

  // Ten business enquiries: names (one in Chinese), types, statuses and times repeat.
  const types = ['curatedBoxSets', 'teaCollection', 'curatedBoxSets', 'bespokeGiftSets'];
  await t.db.insert(b2bEnquiries).values(
    Array.from({ length: 10 }, (_, i) => ({
      id: randomUUID(),
      fullName: ['Harbour Hotel', '陳大文', 'Harbour Hotel', 'Peak Tea House', 'Harbour Hotel'][i % 5]!,
      email: `buyer${i}@example.com`,
      countryCallingCode: '852',
      contactNumber: '91234567',
      enquiryType: types[i % types.length]!,
      message: `Enquiry ${i}`,
      language: 'en',
      consentedAt: new Date(),
      createdAt: at(i % 3),
      status: (['new', 'contacted', 'new', 'closed'] as const)[i % 4]!,
    })),
  );

  // Ten audit rows beside those the role grants wrote: actions, targets and times repeat.
  await t.db.insert(auditLog).values(
    Array.from({ length: 10 }, (_, i) => ({
      at: at(i % 4),
      actorUserId: null,
      action: ['order.ship', 'refund.pay', 'order.ship'][i % 3]!,
      target: `order:sort-${i % 4}`,
      before: null,
      after: null,
    })),
  );
});
afterAll(() => t?.close());

/** A key of the first page under `sort` (Size 2). */
async function firstKey<F extends string>(read: (sort: ListSort<F>, size: number, key: string | undefined) => Promise<Page<unknown>>, sort: ListSort<F>) {
  const { key } = await read(sort, 2, undefined);
  expect(key).toBeTruthy();
  return key!;
}

/** A call refused 400 InvalidParameter naming LastEvaluatedKey. */
async function refusesKey(call: string, body: Record<string, unknown>) {
  const r = await refused(t, call, body, owner);
  expect(r.status).toBe(400);
  expect(r.json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'LastEvaluatedKey' });
}

/** A key of the right shape and sort whose values are forged: `values` as the key's parts. */
const forged = (tag: string, values: string[]) => Buffer.from(JSON.stringify([tag, ...values])).toString('base64url');

const after = (key: string | undefined) => (key ? { LastEvaluatedKey: key } : {});
const money = (currency: string, amount: number) => `${currency} ${padded(amount)}`;

describe('staff-list-orders sorted', () => {
  const read = async (Sort: StaffOrderSort, Size: number, key: string | undefined): Promise<Page<StaffOrder>> => {
    const r = await t.call(staffListOrders, { Sort, Size, ...after(key) }, auth(owner));
    return { rows: r.OrderList, key: r.LastEvaluatedKey };
  };

  it('pages through every order once under each sort, both ways, ties included', async () => {
    const all = (await t.db.select({ id: orders.id }).from(orders)).map((r) => r.id);
    expect(all).toHaveLength(12);
    await checkSorts({
      fields: StaffOrderSort.entries.Field.options,
      all,
      read,
      id: (o) => o.OrderID,
      value: (field, o) => (field === 'Member' ? o.Member.Email : field === 'Total' ? money(o.Currency, o.Total) : String(o[field])),
      ordered: ['CreatedAt', 'Total'],
    });
  });

  it('keeps newest first as the default, and pages a filtered list under a sort', async () => {
    const byDefault = await t.call(staffListOrders, { Size: 100 }, auth(owner));
    const newest = await read({ Field: 'CreatedAt', Direction: 'desc' }, 100, undefined);
    expect(byDefault.OrderList.map((o) => o.OrderID)).toEqual(newest.rows.map((o) => o.OrderID));

    const products = async (key: string | undefined) => {
      const r = await t.call(staffListOrders, { Kind: 'product', Sort: { Field: 'Total', Direction: 'desc' }, Size: 2, ...after(key) }, auth(owner));
      return { rows: r.OrderList, key: r.LastEvaluatedKey };
    };
    const ids = await pageThrough(products, (o) => o.OrderID, 12);
    const whole = await t.call(staffListOrders, { Kind: 'product', Sort: { Field: 'Total', Direction: 'desc' }, Size: 100 }, auth(owner));
    expect(ids).toEqual(whole.OrderList.map((o) => o.OrderID));
    expect(ids).toHaveLength(6);
  });

  it('refuses a key from another sort, or a forged one, naming LastEvaluatedKey', async () => {
    const key = await firstKey(read, { Field: 'Total', Direction: 'asc' });
    await refusesKey(staffListOrders.name, { Sort: { Field: 'Total', Direction: 'desc' }, LastEvaluatedKey: key });
    await refusesKey(staffListOrders.name, { Sort: { Field: 'Reference', Direction: 'asc' }, LastEvaluatedKey: key });
    await refusesKey(staffListOrders.name, { LastEvaluatedKey: key });
    await refusesKey(staffListOrders.name, { LastEvaluatedKey: forged('CreatedAt:desc', ['2026-02-31T10:00:00.000000Z', 'x']) });
    await refusesKey(staffListOrders.name, { Sort: { Field: 'Total', Direction: 'asc' }, LastEvaluatedKey: forged('Total:asc', ['HKD', '99999999999', '2026-03-01T10:00:00.000000Z', 'x']) });
    await refusesKey(staffListOrders.name, { LastEvaluatedKey: 'not a key' });
  });
});

describe('list-refund-requests sorted', () => {
  const read = async (Sort: RefundSort, Size: number, key: string | undefined): Promise<Page<StaffRefund>> => {
    const r = await t.call(listRefundRequests, { Status: 'all', Sort, Size, ...after(key) }, auth(owner));
    return { rows: r.RefundList, key: r.LastEvaluatedKey };
  };

  it('pages through every refund request once under each sort, both ways, ties included', async () => {
    const all = (await t.db.select({ id: refundRequests.id }).from(refundRequests)).map((r) => String(r.id));
    expect(all).toHaveLength(9);
    await checkSorts({
      fields: RefundSort.entries.Field.options,
      all,
      read,
      id: (r) => r.RefundID,
      value: (field, r) => (field === 'Amount' ? money(r.Currency, r.Amount) : r[field]),
      ordered: ['CreatedAt', 'Amount'],
    });
  });

  it('keeps what is owed oldest first and the rest newest first by default; a key from one is refused by the other', async () => {
    const open = await t.call(listRefundRequests, { Status: 'open', Size: 2 }, auth(owner));
    const times = open.RefundList.map((r) => r.CreatedAt);
    expect(times).toEqual([...times].sort());
    const paid = await t.call(listRefundRequests, { Status: 'all', Size: 100 }, auth(owner));
    expect(paid.RefundList.map((r) => r.RefundID)).toEqual((await read({ Field: 'CreatedAt', Direction: 'desc' }, 100, undefined)).rows.map((r) => r.RefundID));
    await refusesKey(listRefundRequests.name, { Status: 'all', LastEvaluatedKey: open.LastEvaluatedKey });
    await refusesKey(listRefundRequests.name, { Status: 'open', Sort: { Field: 'Amount', Direction: 'asc' }, LastEvaluatedKey: open.LastEvaluatedKey });
    await refusesKey(listRefundRequests.name, { Status: 'open', LastEvaluatedKey: forged('CreatedAt:asc', ['2026-03-01T10:00:00.000000Z', '1.5']) });
  });
});

describe('staff-list-enquiries sorted', () => {
  const read = async (Sort: EnquirySort, Size: number, key: string | undefined): Promise<Page<StaffEnquiry>> => {
    const r = await t.call(staffListEnquiries, { Status: 'all', Sort, Size, ...after(key) }, auth(owner));
    return { rows: r.EnquiryList, key: r.LastEvaluatedKey };
  };

  it('pages through every enquiry once under each sort, both ways, ties included', async () => {
    const all = (await t.db.select({ id: b2bEnquiries.id }).from(b2bEnquiries)).map((r) => r.id);
    expect(all).toHaveLength(10);
    await checkSorts({ fields: EnquirySort.entries.Field.options, all, read, id: (e) => e.EnquiryID, value: (field, e) => e[field], ordered: ['CreatedAt'] });
  });

  it('refuses a key from another sort', async () => {
    const key = await firstKey(read, { Field: 'FullName', Direction: 'asc' });
    await refusesKey(staffListEnquiries.name, { Sort: { Field: 'Status', Direction: 'asc' }, LastEvaluatedKey: key });
    await refusesKey(staffListEnquiries.name, { LastEvaluatedKey: key });
  });
});

describe('list-audit-log sorted', () => {
  const read = async (Sort: AuditSort, Size: number, key: string | undefined): Promise<Page<AuditEntry>> => {
    const r = await t.call(listAuditLog, { Sort, Size, ...after(key) }, auth(owner));
    return { rows: r.AuditLog, key: r.LastEvaluatedKey };
  };

  it('pages through every change once under each sort, both ways, ties included', async () => {
    const all = (await t.db.select({ id: auditLog.id }).from(auditLog)).map((r) => String(r.id));
    expect(all.length).toBeGreaterThanOrEqual(14);
    await checkSorts({ fields: AuditSort.entries.Field.options, all, read, id: (e) => e.ID, value: (field, e) => e[field], ordered: ['At'] });
  });

  it('refuses a key from another sort', async () => {
    const key = await firstKey(read, { Field: 'Action', Direction: 'desc' });
    await refusesKey(listAuditLog.name, { Sort: { Field: 'Action', Direction: 'asc' }, LastEvaluatedKey: key });
    await refusesKey(listAuditLog.name, { LastEvaluatedKey: key });
  });
});

describe('list-staff sorted', () => {
  it('lists everyone once under each sort, descending the reverse of ascending; owners first by default', async () => {
    const everyone = (await t.call(listStaff, {}, auth(owner))).StaffList;
    expect(everyone.map((m) => m.Role)).toEqual(['owner', 'staff', 'staff', 'host']);
    for (const Field of StaffSort.entries.Field.options) {
      const asc = (await t.call(listStaff, { Sort: { Field, Direction: 'asc' } }, auth(owner))).StaffList.map((m) => m.UserID);
      const desc = (await t.call(listStaff, { Sort: { Field, Direction: 'desc' } }, auth(owner))).StaffList.map((m) => m.UserID);
      expect([...asc].sort(), Field).toEqual(everyone.map((m) => m.UserID).sort());
      expect(desc, Field).toEqual([...asc].reverse());
    }
    // The two of the same name, and the two granted at once, in e-mail order.
    const byName = (await t.call(listStaff, { Sort: { Field: 'Name', Direction: 'asc' } }, auth(owner))).StaffList.filter((m) => m.Name === 'Mei Chan');
    expect(byName.map((m) => m.UserID)).toEqual([memberIds[1], memberIds[0]]);
  });
});
