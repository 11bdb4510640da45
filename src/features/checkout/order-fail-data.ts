import type { PlaceOrderFailData } from '../../../machines/checkout/checkout.types.ts';

/** A refused payment may still have placed the order: its id travels in the error answer. */
export function orderFailData(details: Record<string, unknown>): PlaceOrderFailData | undefined {
  return typeof details.OrderID === 'string' ? { OrderID: details.OrderID } : undefined;
}
