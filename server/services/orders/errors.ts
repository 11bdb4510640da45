/** The refusals the order core answers with, in spec §8 codes. */
import { ErrorCode } from '../../../contract/errors.ts';
import { ApiError, notFound } from '../../http/errors.ts';
import { toSpecErrorCode, type PaymentFailure, type PaymentMethodKind } from '../payments/provider.ts';
import type { OrderRow } from './kind.ts';

export const orderNotFound = () => notFound('Order');

/** A payment that did not go through: the spec §8 code, with the placed order so it can be paid again. */
export function paymentError(kind: PaymentMethodKind, failure: Pick<PaymentFailure, 'code' | 'declineCode'>, orderId: string): ApiError {
  return new ApiError(400, toSpecErrorCode(kind, failure), 'Payment failed, please try again', undefined, {
    OrderID: orderId,
    reason: failure.code,
    ...(failure.declineCode ? { declineCode: failure.declineCode } : {}),
  });
}

/** A provider failure about cards in spec §8 words (StripeError when the provider could not be reached). */
export const cardError = (failure: Pick<PaymentFailure, 'code' | 'declineCode'>) =>
  new ApiError(400, toSpecErrorCode('card', failure), 'Payment failed, please try again', undefined, {
    reason: failure.code,
    ...(failure.declineCode ? { declineCode: failure.declineCode } : {}),
  });

export const orderClosed = (order: OrderRow) =>
  new ApiError(400, ErrorCode.PaymentFail, 'This order can no longer be paid', undefined, { OrderID: order.id, reason: order.paymentStatus });
