/**
 * The sandbox's records in the database (server/services/payments/db-store.ts) behave as the
 * memory store the sandbox was built against: the same checks run on both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbSandboxStore } from '../../server/services/payments/db-store.ts';
import { createMemorySandboxStore, type SandboxStore, type StoredCard, type StoredPayment, type StoredWebhookEvent } from '../../server/services/payments/store.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

const AT = new Date('2026-11-02T04:00:00Z');
let n = 0;
const id = (prefix: string) => `${prefix}_test_${++n}`;

const card = (fields: Partial<StoredCard> = {}): StoredCard => ({
  id: id('pm'),
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2030,
  behaviour: { kind: 'decline', code: 'card_declined', declineCode: 'insufficient_funds' },
  createdAt: AT,
  ...fields,
});

const payment = (orderRef: string, fields: Partial<StoredPayment> = {}): StoredPayment => ({
  id: id('pi'),
  method: 'fps',
  orderRef,
  amount: 12800,
  currency: 'HKD',
  status: 'pending',
  fps: { amountHkdCents: 12800, payload: '000201…6304ABCD', expiresAt: new Date(AT.getTime() + 600_000) },
  createdAt: AT,
  updatedAt: AT,
  ...fields,
});

describe.each([
  ['memory', () => createMemorySandboxStore()],
  ['database', () => createDbSandboxStore(t.db)],
] as const)('the %s store', (_name, makeStore) => {
  let store: SandboxStore;
  beforeAll(() => {
    store = makeStore();
  });

  it('keeps customers and their cards, oldest first, attachable once and only by their owner', async () => {
    const customer = { id: id('cus'), memberId: 'member-1', email: 'a@example.com', createdAt: AT };
    const other = { id: id('cus'), memberId: 'member-2', email: 'b@example.com', createdAt: AT };
    await store.insertCustomer(customer);
    await store.insertCustomer(other);
    expect(await store.getCustomer(customer.id)).toEqual(customer);
    expect(await store.getCustomer('cus_missing')).toBeUndefined();

    const older = card({ createdAt: AT });
    const newer = card({ createdAt: new Date(AT.getTime() + 1000), behaviour: { kind: 'authenticate', thenDecline: 'card_declined' } });
    await store.insertCard(newer);
    await store.insertCard(older);
    expect(await store.getCard(older.id)).toEqual(older);
    expect(await store.attachCard(newer.id, customer.id)).toEqual({ ...newer, customerId: customer.id });
    expect(await store.attachCard(older.id, customer.id)).toMatchObject({ customerId: customer.id });
    expect(await store.attachCard(older.id, customer.id)).toMatchObject({ customerId: customer.id });
    expect(await store.attachCard(older.id, other.id)).toBeUndefined();
    expect((await store.listCards(customer.id)).map((c) => c.id)).toEqual([older.id, newer.id]);
    expect(await store.listCards(other.id)).toEqual([]);

    expect(await store.detachCard(older.id, other.id)).toBe(false);
    expect(await store.detachCard(older.id, customer.id)).toBe(true);
    expect(await store.detachCard(older.id, customer.id)).toBe(false);
    expect((await store.listCards(customer.id)).map((c) => c.id)).toEqual([newer.id]);
  });

  it('holds one live payment per order; a failed or cancelled one makes room', async () => {
    const first = payment('SG-ORDER-1');
    expect(await store.insertPayment(first)).toEqual({ inserted: true, payment: first });
    expect(await store.getPayment(first.id)).toEqual(first);
    const second = payment('SG-ORDER-1', { method: 'card', fps: undefined, cardId: 'pm_x', customerId: 'cus_x' });
    expect(await store.insertPayment(second)).toEqual({ inserted: false, payment: first });

    await store.updatePayment(first.id, ['pending'], { status: 'canceled', failureCode: 'qr_canceled', updatedAt: AT });
    expect(await store.insertPayment(second)).toMatchObject({ inserted: true, payment: { id: second.id, method: 'card', cardId: 'pm_x' } });
    expect(await store.getPayment('pi_missing')).toBeUndefined();
  });

  it('changes a payment only from the statuses given, and clears what the change leaves out', async () => {
    const p = payment('SG-ORDER-2', { method: 'card', fps: undefined });
    await store.insertPayment(p);
    const later = new Date(AT.getTime() + 5000);
    expect(await store.updatePayment(p.id, ['requires_action'], { status: 'succeeded', updatedAt: later })).toBeUndefined();
    const failed = await store.updatePayment(p.id, ['pending'], { status: 'failed', failureCode: 'card_declined', declineCode: 'lost_card', updatedAt: later });
    expect(failed).toMatchObject({ status: 'failed', failureCode: 'card_declined', declineCode: 'lost_card', updatedAt: later });
    const retried = await store.updatePayment(p.id, ['failed'], { status: 'succeeded', failureCode: undefined, declineCode: undefined, updatedAt: later });
    expect(retried).toMatchObject({ status: 'succeeded' });
    expect(retried?.failureCode).toBeUndefined();
    expect(retried?.declineCode).toBeUndefined();
  });

  it('lets exactly one of many simultaneous payments for an order in', async () => {
    const attempts = Array.from({ length: 10 }, () => payment('SG-ORDER-3'));
    const results = await Promise.all(attempts.map((a) => store.insertPayment(a)));
    expect(results.filter((r) => r.inserted)).toHaveLength(1);
    expect(new Set(results.map((r) => r.payment.id)).size).toBe(1);
  });

  it('stores a payment change and its notification together, or neither', async () => {
    const p = payment('SG-ORDER-4', { method: 'card', fps: undefined });
    await store.insertPayment(p);
    const event = (body: string): StoredWebhookEvent => ({ id: id('evt'), paymentId: p.id, body, createdAt: AT, attempts: 0, nextAttemptAt: AT });
    const told = event('{"succeeded":true}');
    expect(await store.updatePayment(p.id, ['pending'], { status: 'succeeded', updatedAt: AT }, told)).toMatchObject({ status: 'succeeded' });
    expect(await store.getEvent(told.id)).toEqual(told);
    // A change that does not apply keeps no notification of it.
    const untold = event('{"failed":true}');
    expect(await store.updatePayment(p.id, ['pending'], { status: 'failed', updatedAt: AT }, untold)).toBeUndefined();
    expect(await store.getEvent(untold.id)).toBeUndefined();
    expect((await store.listPayments('SG-ORDER-4')).map((x) => x.id)).toEqual([p.id]);
  });

  it('hands a due notification to one of several simultaneous claims, and no more once acknowledged', async () => {
    const p = payment('SG-ORDER-5', { method: 'card', fps: undefined });
    await store.insertPayment(p);
    const events = Array.from({ length: 6 }, (_, i): StoredWebhookEvent => ({
      id: id('evt'),
      paymentId: p.id,
      body: `{"n":${i}}`,
      createdAt: AT,
      attempts: 0,
      nextAttemptAt: new Date(AT.getTime() + i),
    }));
    await store.updatePayment(p.id, ['pending'], { status: 'requires_action', updatedAt: AT }, events[0]);
    for (const e of events.slice(1)) await store.updatePayment(p.id, ['requires_action'], { status: 'requires_action', updatedAt: AT }, e);
    const now = new Date(AT.getTime() + 1000);
    const later = new Date(AT.getTime() + 60_000);
    const claims = await Promise.all(Array.from({ length: 4 }, () => store.claimDueEvents(now, () => later, 10)));
    const claimed = claims.flat().filter((e) => e.paymentId === p.id);
    expect(claimed.map((e) => e.id).sort()).toEqual(events.map((e) => e.id).sort());
    expect(claimed.every((e) => e.attempts === 1 && e.nextAttemptAt?.getTime() === later.getTime())).toBe(true);
    // Claimed, they are not due again before their retry time; acknowledged, never.
    expect((await store.claimDueEvents(now, () => later, 10)).filter((e) => e.paymentId === p.id)).toEqual([]);
    await store.endAttempts(events[0]!.id, now);
    expect(await store.beginAttempt(events[0]!.id, later)).toBeUndefined();
    expect(await store.getEvent(events[0]!.id)).toMatchObject({ acknowledgedAt: now, nextAttemptAt: undefined });
    const again = (await store.claimDueEvents(later, () => new Date(later.getTime() + 1), 10)).filter((e) => e.paymentId === p.id);
    expect(again.map((e) => e.id).sort()).toEqual(events.slice(1).map((e) => e.id).sort());
    expect(again.every((e) => e.attempts === 2)).toBe(true);
  });
});
