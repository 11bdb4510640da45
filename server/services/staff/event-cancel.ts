/**
 * Cancelling a session from the back office (issue 32, staff-cancel-session), once however many presses arrive:
 *
 * 1. One transaction moves the session scheduled → cancelled with a conditional update (the press that moved it
 *    is the only one that writes the audit row and mails), closes its sale now, and records a refund request for
 *    each paid booking. refund_requests.payment_id is unique and the insert skips a payment recorded already, so
 *    a payment is owed back once whoever records it; staff pay it out with pay-refund (staff/refunds.ts).
 * 2. Its unpaid orders are cancelled through the order core (handed in by the caller: staff/ does not import
 *    orders/, which imports it); one whose payment went through meanwhile is paid after all, so
 * 3. the refunds are recorded again, after step 2, for bookings paid since step 1. Event orders cannot take
 *    seats of a cancelled session (the hold's conditional update checks its status).
 * A later press on the cancelled session repeats 2 and 3 (each harmless twice), finishing what a press that died
 * half-way left, and mails nobody. Every press forgets the event page's head facts once step 1 is committed.
 */
import { and, asc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { StaffSession } from '../../../contract/staff-events.ts';
import type { Db } from '../../db/client.ts';
import { eventBookings, events, eventVariances, orders, refundRequests } from '../../db/schema.ts';
import { sessionCancelledMail } from '../mail-templates.ts';
import { hongKongDate, timeSlotOf } from '../events/sessions.ts';
import { appendAudit } from './audit.ts';
import { describeSession, forgetEventPage, mailLanguage, paidBookersOf, sessionNotFound, type SessionDeps } from './events.ts';

/** The audit log's action for a session cancelled, and the reason its refund requests carry. */
export const CANCEL_SESSION_ACTION = 'session.cancel';
export const SESSION_CANCELLED_REASON = 'session_cancelled';

/** The order's payment method in the provider's words (as refund_requests.method keeps it). */
const PROVIDER_METHOD: Readonly<Record<string, string>> = { CreditCard: 'card', Alipay: 'alipay', FPS: 'fps' };

export interface CancelSession {
  sessionId: string;
  reason: string;
  actorUserId: string;
  /** Cancels one unpaid order through the order core; throws (or resolves) if it turned out paid. */
  cancelUnpaidOrder: (orderId: string) => Promise<unknown>;
}

export interface SessionRefund {
  RefundID: string;
  OrderID: string;
  Amount: number;
  Currency: string;
}

/** Records one refund request per paid booking of the session not recorded yet (free seats owe nothing). */
async function recordRefunds(db: Db, sessionId: string, now: Date): Promise<void> {
  const paid = await db
    .select({ id: orders.id, paymentId: orders.paymentId, total: orders.total, currency: orders.currency, method: orders.paymentMethod })
    .from(eventBookings)
    .innerJoin(orders, eq(orders.id, eventBookings.orderId))
    .where(and(eq(eventBookings.varianceId, sessionId), eq(orders.paymentStatus, 'Paid'), isNotNull(orders.paymentId), gt(orders.total, 0)));
  if (paid.length === 0) return;
  await db
    .insert(refundRequests)
    .values(
      paid.map((o) => ({
        orderId: o.id,
        paymentId: o.paymentId!,
        amount: o.total,
        currency: o.currency,
        method: PROVIDER_METHOD[o.method] ?? null,
        reason: SESSION_CANCELLED_REASON,
        createdAt: now,
      })),
    )
    .onConflictDoNothing();
}

async function refundsOf(db: Db, sessionId: string): Promise<SessionRefund[]> {
  const rows = await db
    .select({ id: refundRequests.id, orderId: refundRequests.orderId, amount: refundRequests.amount, currency: refundRequests.currency })
    .from(refundRequests)
    .innerJoin(eventBookings, eq(eventBookings.orderId, refundRequests.orderId))
    .where(and(eq(eventBookings.varianceId, sessionId), eq(refundRequests.reason, SESSION_CANCELLED_REASON)))
    .orderBy(asc(refundRequests.id));
  return rows.map((r) => ({ RefundID: String(r.id), OrderID: r.orderId, Amount: r.amount, Currency: r.currency }));
}

/** staff-cancel-session (see the top of this file). */
export async function cancelStaffSession(deps: SessionDeps, request: CancelSession): Promise<{ Session: StaffSession; Refunds: SessionRefund[]; MailedBookers: number }> {
  const now = deps.clock.now();
  const { cancelledNow, eventId } = await deps.db.transaction(async (tx) => {
    const before = await describeSession(tx, request.sessionId);
    // The one press that finds it scheduled moves it; every other finds nothing to move.
    const [moved] = await tx
      .update(eventVariances)
      .set({ status: 'cancelled', cancelledAt: now, saleClosesAt: sql`least(${eventVariances.saleClosesAt}, ${now.toISOString()}::timestamptz)` })
      .where(and(eq(eventVariances.id, request.sessionId), eq(eventVariances.status, 'scheduled')))
      .returning({ id: eventVariances.id });
    if (!moved) return { cancelledNow: false, eventId: before.EventID };
    await recordRefunds(tx, request.sessionId, now);
    const after = await describeSession(tx, request.sessionId);
    await appendAudit(tx, {
      at: now,
      actorUserId: request.actorUserId,
      action: CANCEL_SESSION_ACTION,
      target: `session:${request.sessionId}`,
      before,
      after: { ...after, Reason: request.reason },
    });
    return { cancelledNow: true, eventId: before.EventID };
  });
  // Every press: one that died before forgetting left the page's head stale (forgetting twice is harmless).
  forgetEventPage(deps, eventId);

  const unpaid = await deps.db
    .select({ id: orders.id })
    .from(eventBookings)
    .innerJoin(orders, eq(orders.id, eventBookings.orderId))
    .where(and(eq(eventBookings.varianceId, request.sessionId), inArray(orders.paymentStatus, ['WaitForPayment', 'PaymentFailed'])));
  for (const order of unpaid) {
    try {
      await request.cancelUnpaidOrder(order.id);
    } catch (err) {
      // Paid meanwhile: its refund is recorded below. Anything else: the order expires on its own within its window.
      deps.log.warn({ err, orderId: order.id, sessionId: request.sessionId }, 'unpaid order of a cancelled session not cancelled');
    }
  }
  await recordRefunds(deps.db, request.sessionId, now);

  const MailedBookers = cancelledNow ? await mailBookers(deps, request.sessionId) : 0;
  return { Session: await describeSession(deps.db, request.sessionId), Refunds: await refundsOf(deps.db, request.sessionId), MailedBookers };
}

/** Tells each paid booking's booker, once (only the cancelling press calls this); a mail not sent is logged. */
async function mailBookers(deps: SessionDeps, sessionId: string): Promise<number> {
  const [found] = await deps.db
    .select({ session: eventVariances, titleEn: events.titleEn, titleZh: events.titleZh })
    .from(eventVariances)
    .innerJoin(events, eq(events.id, eventVariances.eventId))
    .where(eq(eventVariances.id, sessionId));
  if (!found) throw sessionNotFound();
  const refunded = new Set((await refundsOf(deps.db, sessionId)).map((r) => r.OrderID));
  let mailed = 0;
  for (const booker of await paidBookersOf(deps.db, sessionId)) {
    try {
      await deps.mailer.send(
        sessionCancelledMail(booker.email, mailLanguage(booker.language), {
          reference: booker.reference,
          title: { en: found.titleEn, zh: found.titleZh },
          date: hongKongDate(found.session.startsAt),
          timeSlot: timeSlotOf(found.session),
          refunded: refunded.has(booker.orderId),
        }),
      );
      mailed++;
    } catch (err) {
      deps.log.error({ err, orderId: booker.orderId }, 'session cancelled mail not sent');
    }
  }
  return mailed;
}
