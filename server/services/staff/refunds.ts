/**
 * Refunds paid out from the back office (issue 32): each refund_requests row is paid once, however many
 * presses arrive and whatever dies half-way.
 *
 * - FPS (a bank transfer staff made themselves): one transaction locks the row and moves it open → paid
 *   with the bank reference and its audit row.
 * - Card and Alipay (the provider pays): the provider is never asked inside a transaction (PGlite has one
 *   connection, and a row lock should not wait on the network). A press first claims the row (locked,
 *   open → paying); a second press finding it claimed is refused RefundInProgress. The claimant asks the
 *   provider with a key derived from the request, so asking again (a claim left by a crash, taken over after
 *   PAYING_LEASE_MS) answers the refund already made instead of paying twice. The row then moves
 *   paying → paid, conditionally, with the provider's refund id and the audit row in one transaction.
 * A press on a paid row answers it as it stands; only the press that paid writes the audit row and mails.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ErrorCode } from '../../../contract/errors.ts';
import type { PaymentMethod } from '../../../contract/orders.ts';
import type { RefundSort, StaffRefund } from '../../../contract/staff-refunds.ts';
import type { Db } from '../../db/client.ts';
import { orders, refundRequests, users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http/errors.ts';
import { refundPaidMail } from '../mail-templates.ts';
import { afterPageKey, keysetColumn, keysetOrder, nextPageKey, sortKeyset, type KeyPart } from '../keyset-pages.ts';
import type { PaymentMethodKind } from '../payments/provider.ts';
import { appendAudit } from './audit.ts';

/** The audit log's action for a refund paid out. */
export const PAY_REFUND_ACTION = 'refund.pay';
/** How long a press's claim holds: past it, the press is taken for dead and another may finish its work. */
export const PAYING_LEASE_MS = 2 * 60_000;

export type RefundDeps = Pick<Deps, 'db' | 'clock' | 'mailer' | 'log' | 'payments'>;
type RefundRow = typeof refundRequests.$inferSelect;
type Listed = RefundRow & { reference: string | null; kind: string | null };

/** The provider's method in the contract's words (as orders/provider.ts KIND_METHOD; not imported: staff → orders would close a loop of parts). */
const METHOD_NAMES: Readonly<Record<PaymentMethodKind, PaymentMethod>> = { card: 'CreditCard', alipay: 'Alipay', fps: 'FPS' };
const methodKind = (method: string | null): PaymentMethodKind | undefined => (method && Object.hasOwn(METHOD_NAMES, method) ? (method as PaymentMethodKind) : undefined);

function toStaffRefund(r: Listed): StaffRefund {
  const method = methodKind(r.method);
  return {
    RefundID: String(r.id),
    OrderID: r.orderId,
    Reference: r.reference ?? '',
    Kind: r.kind ?? '',
    Amount: r.amount,
    Currency: r.currency as StaffRefund['Currency'],
    PaymentMethod: method ? METHOD_NAMES[method] : null,
    Reason: r.reason,
    CreatedAt: r.createdAt.toISOString(),
    Status: r.status as StaffRefund['Status'],
    ...(r.paidAt ? { PaidAt: r.paidAt.toISOString() } : {}),
    ...(r.paidBy ? { PaidBy: r.paidBy } : {}),
    ...(r.providerRefundId ? { ProviderRefundID: r.providerRefundId } : {}),
    ...(r.bankReference ? { BankReference: r.bankReference } : {}),
  };
}

const listedColumns = { refund: refundRequests, reference: orders.reference, kind: orders.kind };
const flatten = ({ refund, reference, kind }: { refund: RefundRow; reference: string | null; kind: string | null }): Listed => ({ ...refund, reference, kind });

async function readRefund(db: Db, id: number): Promise<Listed | undefined> {
  const [row] = await db.select(listedColumns).from(refundRequests).leftJoin(orders, eq(orders.id, refundRequests.orderId)).where(eq(refundRequests.id, id));
  return row && flatten(row);
}

/** The order of list-refund-requests under each sort (contract RefundSort): ties broken by creation, then id. */
const REFUND_SORTS: Record<RefundSort['Field'], KeyPart[]> = {
  CreatedAt: [],
  // The order's, left joined: '' when the order is gone, as the list shows it.
  Reference: [{ expr: sql`coalesce(${orders.reference}, '')`, type: 'text' }],
  Kind: [{ expr: sql`coalesce(${orders.kind}, '')`, type: 'text' }],
  Amount: [
    { expr: refundRequests.currency, type: 'text' },
    { expr: refundRequests.amount, type: 'integer' },
  ],
  Reason: [{ expr: refundRequests.reason, type: 'text' }],
};

const refundKeyset = (sort: RefundSort) =>
  sortKeyset(sort.Field, sort.Direction, [
    ...REFUND_SORTS[sort.Field],
    { expr: refundRequests.createdAt, type: 'timestamptz' },
    { expr: refundRequests.id, type: 'bigint' },
  ]);

export interface RefundQuery {
  status: 'open' | 'paid' | 'all';
  size: number;
  /** Absent: what is owed oldest first, the rest newest first. */
  sort?: RefundSort | undefined;
  lastEvaluatedKey?: string | undefined;
}

/** list-refund-requests: by default what is owed oldest first (a queue to work through), paid and all newest first. */
export async function listRefundRequests(db: Db, query: RefundQuery): Promise<{ RefundList: StaffRefund[]; LastEvaluatedKey?: string }> {
  const keyset = refundKeyset(query.sort ?? { Field: 'CreatedAt', Direction: query.status === 'open' ? 'asc' : 'desc' });
  const conditions: SQL[] = [];
  if (query.status === 'open') conditions.push(inArray(refundRequests.status, ['open', 'paying']));
  if (query.status === 'paid') conditions.push(eq(refundRequests.status, 'paid'));
  const after = afterPageKey(keyset, query.lastEvaluatedKey);
  if (after) conditions.push(after);
  const rows = await db
    .select({ ...listedColumns, pageKey: keysetColumn(keyset) })
    .from(refundRequests)
    .leftJoin(orders, eq(orders.id, refundRequests.orderId))
    .where(and(...conditions))
    .orderBy(...keysetOrder(keyset))
    .limit(query.size + 1);
  const next = nextPageKey(keyset, rows, query.size);
  return { RefundList: rows.slice(0, query.size).map(flatten).map(toStaffRefund), ...(next ? { LastEvaluatedKey: next } : {}) };
}

export interface PayRefund {
  refundId: string;
  bankReference?: string | undefined;
  actorUserId: string;
}

/** The provider's refund key: one per refund request, so no retry of it can pay a second time. */
export const refundKey = (id: number) => `refund-request-${id}`;

const notFound = () => new ApiError(400, ErrorCode.ObjectNotFound, 'No such refund request', 'RefundID');

/** How the money came: as recorded, else (rows recorded before the method was kept) as the provider says. */
async function methodFor(deps: RefundDeps, row: RefundRow): Promise<PaymentMethodKind> {
  const recorded = methodKind(row.method);
  if (recorded) return recorded;
  const read = await (await deps.payments.ready).provider.confirmPayment(row.paymentId);
  if (!read.ok) throw new ApiError(400, ErrorCode.RefundFailed, 'The provider does not know this payment', undefined, { reason: read.code });
  return read.payment.method;
}

/** Locks the row for this transaction; undefined when there is none. */
async function lockRefund(tx: Db, id: number): Promise<RefundRow | undefined> {
  const [row] = await tx.select().from(refundRequests).where(eq(refundRequests.id, id)).for('update');
  return row;
}

/** pay-refund: pays one refund request out, once (see the top of this file). */
export async function payRefund(deps: RefundDeps, request: PayRefund): Promise<StaffRefund> {
  const id = Number(request.refundId);
  if (!Number.isSafeInteger(id) || id < 1) throw notFound();
  const found = await readRefund(deps.db, id);
  if (!found) throw notFound();
  if (found.status === 'paid') return toStaffRefund(found);
  const method = await methodFor(deps, found);
  const paid = method === 'fps' ? await payByTransfer(deps, id, request) : await payThroughProvider(deps, id, method, request);
  if (paid.justPaid) await mailMember(deps, paid.refund);
  return toStaffRefund(paid.refund);
}

interface Paid {
  refund: Listed;
  /** This press paid it (and wrote the audit row); false: it was paid already. */
  justPaid: boolean;
}

/** Moves a locked row to paid with its audit row, in the caller's transaction; undefined when it was not in `from`. */
async function markPaid(tx: Db, deps: RefundDeps, before: RefundRow, from: RefundRow['status'], patch: Partial<RefundRow>, actorUserId: string): Promise<Listed | undefined> {
  const now = deps.clock.now();
  const [row] = await tx
    .update(refundRequests)
    .set({ ...patch, status: 'paid', paidAt: now, paidBy: actorUserId, payingSince: null })
    .where(and(eq(refundRequests.id, before.id), eq(refundRequests.status, from)))
    .returning();
  if (!row) return undefined;
  const [order] = await tx.select({ reference: orders.reference, kind: orders.kind }).from(orders).where(eq(orders.id, row.orderId));
  const after: Listed = { ...row, reference: order?.reference ?? null, kind: order?.kind ?? null };
  const was: Listed = { ...before, status: 'open', payingSince: null, reference: after.reference, kind: after.kind };
  await appendAudit(tx, { at: now, actorUserId, action: PAY_REFUND_ACTION, target: `refund:${row.id}`, before: toStaffRefund(was), after: toStaffRefund(after) });
  return after;
}

async function payByTransfer(deps: RefundDeps, id: number, request: PayRefund): Promise<Paid> {
  if (!request.bankReference) throw new ApiError(400, ErrorCode.MissingParameter, 'An FPS refund is paid by bank transfer: give its BankReference', 'BankReference');
  const paid = await deps.db.transaction(async (tx) => {
    const locked = await lockRefund(tx, id);
    if (!locked) throw notFound();
    if (locked.status === 'paid') return undefined;
    return markPaid(tx, deps, locked, locked.status, { method: 'fps', bankReference: request.bankReference! }, request.actorUserId);
  });
  return paid ? { refund: paid, justPaid: true } : { refund: (await readRefund(deps.db, id))!, justPaid: false };
}

async function payThroughProvider(deps: RefundDeps, id: number, method: PaymentMethodKind, request: PayRefund): Promise<Paid> {
  const now = deps.clock.now();
  // 1. Claim the row: one press at a time asks the provider.
  const claimed = await deps.db.transaction(async (tx) => {
    const locked = await lockRefund(tx, id);
    if (!locked) throw notFound();
    if (locked.status === 'paid') return undefined;
    if (locked.status === 'paying' && locked.payingSince && now.getTime() - locked.payingSince.getTime() < PAYING_LEASE_MS) {
      throw new ApiError(400, ErrorCode.RefundInProgress, 'Another press is paying this refund out right now');
    }
    await tx.update(refundRequests).set({ status: 'paying', payingSince: now, method }).where(eq(refundRequests.id, id));
    return locked;
  });
  if (!claimed) return { refund: (await readRefund(deps.db, id))!, justPaid: false };

  // 2. The provider pays, once per key, whoever asks with it.
  const { provider } = await deps.payments.ready;
  const result = await provider.refund({ paymentId: claimed.paymentId, amount: claimed.amount, idempotencyKey: refundKey(id) });
  if (!result.ok) {
    // Nothing was paid: the request is owed again, for a later press.
    await deps.db
      .update(refundRequests)
      .set({ status: 'open', payingSince: null })
      .where(and(eq(refundRequests.id, id), eq(refundRequests.status, 'paying'), eq(refundRequests.payingSince, now)));
    deps.log.warn({ refundId: id, code: result.code, message: result.message }, 'refund refused by the provider');
    throw new ApiError(400, ErrorCode.RefundFailed, 'The payment provider did not make this refund', undefined, { reason: result.code });
  }

  // 3. Record it: only the claim still in force (or a taker-over's, with the same provider refund) moves it to paid.
  const paid = await deps.db.transaction(async (tx) => {
    const locked = await lockRefund(tx, id);
    if (!locked || locked.status !== 'paying') return undefined;
    return markPaid(tx, deps, claimed, 'paying', { method, providerRefundId: result.refundId }, request.actorUserId);
  });
  return paid ? { refund: paid, justPaid: true } : { refund: (await readRefund(deps.db, id))!, justPaid: false };
}

/** Tells the member their money is on its way back; a mail that cannot be sent does not undo the payout. */
async function mailMember(deps: RefundDeps, refund: Listed): Promise<void> {
  try {
    const [member] = await deps.db
      .select({ email: users.email, language: users.language })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, refund.orderId));
    if (!member) return;
    const language = member.language === 'zh-Hant' ? 'zh-Hant' : 'en';
    await deps.mailer.send(refundPaidMail(member.email, language, { reference: refund.reference ?? refund.orderId, amount: refund.amount, currency: refund.currency, fps: refund.method === 'fps' }));
  } catch (err) {
    deps.log.error({ err, refundId: refund.id }, 'refund paid mail not sent');
  }
}
