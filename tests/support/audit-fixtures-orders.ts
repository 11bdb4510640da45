/**
 * Audit fixtures (tests/api/staff-audit-coverage.test.ts) for orders, refunds and subscriptions: each change made
 * as tests/api/staff-orders.test.ts, staff-refunds.test.ts and staff-subscriptions.test.ts make it (orders placed,
 * paid and expired through the customers' own calls and the sandbox's webhook, renewals run as jobs).
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  checkout,
  createSubscription,
  getSubscriptionOrder,
  listRefundRequests,
  payRefund,
  staffCancelOrder,
  staffCreateSubscriptionPlan,
  staffRetryRenewal,
  staffShipOrder,
  staffUpdateSubscriptionPlan,
  type CallBodyInput,
  type StaffRefund,
} from '../../contract/index.ts';
import { orders } from '../../server/db/schema.ts';
import { SEED_SUBSCRIPTION_PLANS } from '../../server/db/seed/subscription-data.ts';
import { runDueJobs } from '../../server/services/jobs.ts';
import { CANCEL_ORDER_ACTION, SHIP_ORDER_ACTION } from '../../server/services/orders/staff.ts';
import { RETRY_RENEWAL_ACTION } from '../../server/services/orders/subscription/staff.ts';
import { SANDBOX_SIGNATURE_HEADER, signWebhook, type SandboxEventBody } from '../../server/services/payments/sandbox.ts';
import { PAY_REFUND_ACTION } from '../../server/services/staff/refunds.ts';
import { CREATE_PLAN_ACTION, UPDATE_PLAN_ACTION } from '../../server/services/orders/subscription/staff-plans.ts';
import { MINUTE, type AuditFixture, type AuditShop } from './audit-fixtures.ts';
import { auth, CARDS, fillBag, saveCard, setStock, shopper, stockOf, type Shopper } from './shop.ts';
import { TEST_WEBHOOK_SECRET } from './test-app.ts';

const TEA = 'tea-tieguanyin-50g';
/** The monthly plan's box (tests/api/subscriptions-support.ts). */
const MONTHLY_BOX = 'boxset-coffee-discovery-beans';

const place = (shop: AuditShop, m: Shopper, body: Partial<CallBodyInput<typeof checkout>> = {}) =>
  shop.t.call(checkout, { Language: 'en', Currency: 'HKD', PaymentMethod: 'FPS', ...body }, auth(m));

/** A member's order for a tea, paid by card at once; its id. */
async function paidOrder(shop: AuditShop): Promise<string> {
  const m = await shopper(shop.t);
  await fillBag(shop.t, m, { [TEA]: 1 });
  const CardID = await saveCard(shop.t, m, CARDS.visa);
  const start = await place(shop, m, { PaymentMethod: 'CreditCard', CardID });
  expect(start.PaymentStatus).toBe('succeeded');
  return start.OrderID;
}

/** A member's FPS order for a tea, waiting for payment; its id. */
async function unpaidOrder(shop: AuditShop): Promise<string> {
  const m = await shopper(shop.t);
  await fillBag(shop.t, m, { [TEA]: 1 });
  return (await place(shop, m)).OrderID;
}

let lateTransfers = 0;
/**
 * An open refund request made the real way: an FPS order left to expire, then the bank's transfer for it reported
 * by the sandbox's signed webhook (money that came too late is owed back).
 */
async function lateFpsRefund(shop: AuditShop): Promise<StaffRefund> {
  const orderId = await unpaidOrder(shop);
  shop.clock.now += 11 * MINUTE;
  await runDueJobs(shop.t.deps);
  const [row] = await shop.t.db.select().from(orders).where(eq(orders.id, orderId));
  expect(row!.paymentStatus).toBe('Expired');
  const seconds = Math.floor(shop.clock.now / 1000);
  const event: SandboxEventBody = {
    id: `evt_audit_late_${++lateTransfers}_${seconds}`,
    type: 'payment_intent.succeeded',
    created: seconds,
    data: { object: { id: row!.paymentId!, method: 'fps', status: 'succeeded', amount: row!.total, currency: 'HKD', metadata: { orderRef: row!.reference } } },
  };
  const text = JSON.stringify(event);
  const delivered = await shop.t.raw('/api/payments/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signWebhook(text, TEST_WEBHOOK_SECRET, seconds) },
    body: text,
  });
  expect(delivered.status).toBe(200);
  // As the back office finds it: every page of the open refunds read.
  let LastEvaluatedKey: string | undefined;
  do {
    const page = await shop.t.call(listRefundRequests, { Status: 'open', ...(LastEvaluatedKey ? { LastEvaluatedKey } : {}) }, auth(shop.staff));
    const refund = page.RefundList.find((r) => r.OrderID === orderId);
    if (refund) return refund;
    LastEvaluatedKey = page.LastEvaluatedKey;
  } while (LastEvaluatedKey);
  throw new Error(`no open refund for ${orderId}`);
}

/**
 * A member subscribed by card to the monthly plan whose first renewal is waiting on stock (the box out of stock on
 * its billing date, the renewal run as the job runner runs it); the box's stock is back when this answers.
 */
async function renewalWaitingOnStock(shop: AuditShop): Promise<string> {
  const m = await shopper(shop.t);
  const PaymentMethodID = await saveCard(shop.t, m, CARDS.visa);
  const start = await shop.t.call(
    createSubscription,
    { Language: 'en', Currency: 'HKD', PaymentMethod: 'CreditCard', PaymentMethodID, SubscriptionID: SEED_SUBSCRIPTION_PLANS.month },
    auth(m),
  );
  expect(start.PaymentStatus).toBe('succeeded');
  const { Record } = await shop.t.call(getSubscriptionOrder, { RecordID: start.RecordID }, auth(m));
  const stock = await stockOf(shop.t, MONTHLY_BOX);
  await setStock(shop.t, MONTHLY_BOX, 0);
  try {
    shop.clock.now = new Date(Record.NextBillingDate!).getTime() + MINUTE;
    await runDueJobs(shop.t.deps);
  } finally {
    await setStock(shop.t, MONTHLY_BOX, stock);
  }
  shop.clock.now += MINUTE;
  return start.RecordID;
}

const planBody = (word: string): CallBodyInput<typeof staffCreateSubscriptionPlan> => ({
  Name: { en: `${word} Box`, zh: `${word}盒` },
  Description: { en: 'A box the audit test makes.', zh: '審計測試用禮盒。' },
  Duration: 'month',
  Price: { HKD: 29800, USD: 3800 },
  Image: 'box-30-0',
  Items: [{ VarianceID: MONTHLY_BOX, Quantity: 1 }],
});

export const orderFixtures: Record<string, AuditFixture> = {
  [staffShipOrder.name]: async (shop) => {
    const orderId = await paidOrder(shop);
    return {
      by: shop.staff,
      change: async () => {
        await shop.t.call(staffShipOrder, { OrderID: orderId, TrackingNumber: 'SF1234567890' }, auth(shop.staff));
        return [{ action: SHIP_ORDER_ACTION, target: `order:${orderId}` }];
      },
    };
  },

  [staffCancelOrder.name]: async (shop) => {
    const orderId = await unpaidOrder(shop);
    return {
      by: shop.staff,
      change: async () => {
        await shop.t.call(staffCancelOrder, { OrderID: orderId, Reason: 'Customer asked by phone' }, auth(shop.staff));
        return [{ action: CANCEL_ORDER_ACTION, target: `order:${orderId}` }];
      },
    };
  },

  [payRefund.name]: async (shop) => {
    const refund = await lateFpsRefund(shop);
    return {
      by: shop.staff,
      change: async () => {
        await shop.t.call(payRefund, { RefundID: refund.RefundID, BankReference: 'HSBC-FT-0042' }, auth(shop.staff));
        return [{ action: PAY_REFUND_ACTION, target: `refund:${refund.RefundID}` }];
      },
    };
  },

  [staffRetryRenewal.name]: async (shop) => {
    const subscriptionId = await renewalWaitingOnStock(shop);
    return {
      by: shop.staff,
      change: async () => {
        const { Outcome } = await shop.t.call(staffRetryRenewal, { SubscriptionID: subscriptionId }, auth(shop.staff));
        expect(Outcome).toBe('Renewed');
        return [{ action: RETRY_RENEWAL_ACTION, target: `subscription:${subscriptionId}` }];
      },
    };
  },

  [staffCreateSubscriptionPlan.name]: async (shop) => ({
    by: shop.staff,
    change: async () => {
      const { Plan } = await shop.t.call(staffCreateSubscriptionPlan, planBody(shop.fresh()), auth(shop.staff));
      return [{ action: CREATE_PLAN_ACTION, target: `subscription-plan:${Plan.PlanID}` }];
    },
  }),

  [staffUpdateSubscriptionPlan.name]: async (shop) => {
    const { Plan } = await shop.t.call(staffCreateSubscriptionPlan, planBody(shop.fresh()), auth(shop.staff));
    return {
      by: shop.staff,
      change: async () => {
        await shop.t.call(staffUpdateSubscriptionPlan, { PlanID: Plan.PlanID, OnSale: false }, auth(shop.staff));
        return [{ action: UPDATE_PLAN_ACTION, target: `subscription-plan:${Plan.PlanID}` }];
      },
    };
  },
};
