/** cancelOrder / cancel-product-order: the member cancels an unpaid order of any kind; cancelling twice is fine. */
import { ErrorCode } from '../../../contract/errors.ts';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http/errors.ts';
import { releaseHold } from './hold.ts';
import { inTransaction, isClosed, isUnpaid, runAfterCommit, type AfterCommit, type OrderKinds, type OrderRow } from './kind.ts';
import { lockOrder } from './locks.ts';
import { releasePayment } from './payments.ts';
import { ownOrder } from './read.ts';

const alreadyPaid = () => new ApiError(400, ErrorCode.InvalidParameter, 'This order is paid and can no longer be cancelled', 'orderID');

/** Runs in the cancelling transaction once the order is cancelled (the back office's audit row): both land, or neither. */
export type OnCancelled = (tx: Db, before: OrderRow, after: OrderRow) => Promise<void>;

export async function cancelOrder(deps: Deps, kinds: OrderKinds, userId: string, orderId: string, onCancelled?: OnCancelled): Promise<OrderRow> {
  const order = await ownOrder(deps, kinds, userId, orderId);
  if (isClosed(order)) return order;
  // Its payment is cancelled first; one that turns out to have gone through pays the order instead.
  if (order.paymentStatus === 'Paid' || (await releasePayment(deps, kinds, order))) throw alreadyPaid();
  const now = deps.clock.now();
  const afterCommit: AfterCommit = [];
  const closed = await inTransaction(deps.db, async (tx) => {
    const locked = await lockOrder(tx, { orderId });
    if (!locked || !isUnpaid(locked)) return locked!;
    await releaseHold(tx, kinds, locked, 'Cancelled', now, afterCommit);
    const cancelled = { ...locked, paymentStatus: 'Cancelled' as const, closedAt: now };
    if (onCancelled) await onCancelled(tx, locked, cancelled);
    return cancelled;
  });
  await runAfterCommit(deps, afterCommit);
  if (closed.paymentStatus === 'Paid') throw alreadyPaid();
  return closed;
}
