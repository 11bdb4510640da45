/**
 * The subscription mails (issue 18): started or renewed (paid), a renewal's payment link (Alipay / FPS), a
 * card declined (with the next try), a renewal's box out of stock (delayed, then skipped), ended (why). Sent after the change they report has committed; a mail
 * that fails is logged and changes nothing.
 */
import { eq } from 'drizzle-orm';
import { subscriptionPlans, subscriptions, users } from '../../../db/schema.ts';
import type { Deps } from '../../../deps.ts';
import {
  subscriptionBoxDelayedMail,
  subscriptionBoxSkippedMail,
  subscriptionCardDeclinedMail,
  subscriptionEndedMail,
  subscriptionPaidMail,
  subscriptionPaymentLinkMail,
} from '../../mail-templates.ts';
import type { OrderRow } from '../kind.ts';

type MailDeps = Pick<Deps, 'db' | 'mailer' | 'log'> & { config: Pick<Deps['config'], 'publicUrl'> };
type SubscriptionRow = typeof subscriptions.$inferSelect;

/** yyyy-MM-dd in Hong Kong (spec §9 date format). */
export const hongKongDay = (date: Date) => new Date(date.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/** The member's page of the subscription, reached by one of its orders (spec §2 subscription_record/{orderID}). */
export const recordLink = (deps: MailDeps, orderId: string) => `${deps.config.publicUrl}/subscription_record/${encodeURIComponent(orderId)}`;

async function factsOf(deps: MailDeps, subscriptionId: string) {
  const [row] = await deps.db
    .select({ email: users.email, language: users.language, nameEn: subscriptionPlans.nameEn, nameZh: subscriptionPlans.nameZh, sub: subscriptions })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(eq(subscriptions.id, subscriptionId));
  if (!row) return undefined;
  return { ...row, language: row.language === 'zh-Hant' ? ('zh-Hant' as const) : ('en' as const), plan: { en: row.nameEn, zh: row.nameZh } };
}

async function sending(deps: MailDeps, what: string, subscriptionId: string, send: () => Promise<void>) {
  try {
    await send();
  } catch (err) {
    deps.log.error({ err, subscriptionId }, `subscription mail not sent: ${what}`);
  }
}

export function mailSubscriptionPaid(deps: MailDeps, subscriptionId: string, order: OrderRow, first: boolean) {
  return sending(deps, 'paid', subscriptionId, async () => {
    const f = await factsOf(deps, subscriptionId);
    if (!f || !f.sub.currentPeriodEnd) return;
    await deps.mailer.send(
      subscriptionPaidMail(f.email, f.language, {
        plan: f.plan,
        reference: order.reference,
        total: order.total,
        currency: order.currency,
        link: recordLink(deps, order.id),
        first,
        nextBillingDate: hongKongDay(f.sub.currentPeriodEnd),
      }),
    );
  });
}

export function mailPaymentLink(deps: MailDeps, subscriptionId: string, order: OrderRow, billingAt: Date) {
  return sending(deps, 'payment link', subscriptionId, async () => {
    const f = await factsOf(deps, subscriptionId);
    if (!f) return;
    await deps.mailer.send(
      subscriptionPaymentLinkMail(f.email, f.language, {
        plan: f.plan,
        reference: order.reference,
        total: order.total,
        currency: order.currency,
        link: recordLink(deps, order.id),
        billingDate: hongKongDay(billingAt),
        payBefore: hongKongDay(order.payBefore ?? billingAt),
      }),
    );
  });
}

export function mailCardDeclined(deps: MailDeps, subscriptionId: string, order: OrderRow, nextTry: Date) {
  return sending(deps, 'card declined', subscriptionId, async () => {
    const f = await factsOf(deps, subscriptionId);
    if (!f) return;
    await deps.mailer.send(
      subscriptionCardDeclinedMail(f.email, f.language, {
        plan: f.plan,
        reference: order.reference,
        total: order.total,
        currency: order.currency,
        link: recordLink(deps, order.id),
        nextTry: hongKongDay(nextTry),
      }),
    );
  });
}

/** The renewal billed at billingAt is out of stock: delayed, tried again each day until giveUpAt. */
export function mailBoxDelayed(deps: MailDeps, sub: SubscriptionRow, billingAt: Date, giveUpAt: Date) {
  return sending(deps, 'box delayed', sub.id, async () => {
    const f = await factsOf(deps, sub.id);
    if (!f) return;
    await deps.mailer.send(
      subscriptionBoxDelayedMail(f.email, f.language, {
        plan: f.plan,
        billingDate: hongKongDay(billingAt),
        giveUpDate: hongKongDay(giveUpAt),
        link: recordLink(deps, sub.firstOrderId),
      }),
    );
  });
}

/** The renewal billed at billingAt stayed out of stock: that cycle is skipped, the next is billed at nextBillingAt. */
export function mailBoxSkipped(deps: MailDeps, sub: SubscriptionRow, billingAt: Date, nextBillingAt: Date) {
  return sending(deps, 'box skipped', sub.id, async () => {
    const f = await factsOf(deps, sub.id);
    if (!f) return;
    await deps.mailer.send(
      subscriptionBoxSkippedMail(f.email, f.language, {
        plan: f.plan,
        billingDate: hongKongDay(billingAt),
        nextBillingDate: hongKongDay(nextBillingAt),
        link: recordLink(deps, sub.firstOrderId),
      }),
    );
  });
}

export function mailSubscriptionEnded(deps: MailDeps, sub: SubscriptionRow) {
  return sending(deps, 'ended', sub.id, async () => {
    const f = await factsOf(deps, sub.id);
    if (!f || !sub.endReason || sub.endReason === 'NotStarted') return;
    await deps.mailer.send(
      subscriptionEndedMail(f.email, f.language, {
        plan: f.plan,
        reason: sub.endReason,
        endedOn: hongKongDay(sub.endedAt ?? new Date()),
        link: recordLink(deps, sub.firstOrderId),
      }),
    );
  });
}
