/**
 * Data of the FPS QR payment popup. Declared here, not imported from contract/, so the machine
 * opens unchanged in the Stately visualizer; the payment calls' contract is still to come and
 * should match these (spec §7 names and fields).
 */

/** What every actor of the flow resolves with (one type for every flow: machines/shared). */
export type { CallResult } from '../shared/call-result.ts';
/** The codes flows act on (machines/shared/codes.ts). */
export { NETWORK_ERROR } from '../shared/codes.ts';
export type { CallCode } from '../shared/codes.ts';
import type { CallCode } from '../shared/codes.ts';

/** The QR the server made for the order: a dynamic EMVCo FPS payload and its picture. */
export type FpsQr = {
  /** The payload a banking app scans (for "copy" and for apps that read text). */
  QRCode: string;
  /** The payload drawn as an SVG document. */
  QRImage: string;
  /** What the payer transfers, in HKD cents (FPS moves Hong Kong dollars). */
  AmountHKD: number;
  /** The order reference the transfer carries. */
  Reference: string;
  /** ISO date-time after which the QR is no longer honoured. */
  ExpiresAt: string;
  /**
   * Only for an order in another currency: its own total, and what AmountHKD is (HKDPrices: the order
   * at the shop's HKD prices; ExchangeRate: its total converted, for orders placed before HKD pricing).
   */
  OrderTotal?: { Amount: number; Currency: 'HKD' | 'USD'; AmountHKDBasis: 'HKDPrices' | 'ExchangeRate' } | undefined;
};

/** create-product-payment {PaymentMethod: 'FPS', OrderID} (spec §7): the order's live QR (the same one when asked again). */
export type CreateProductPaymentInput = { OrderID: string; PaymentMethod: 'FPS' };
export type FpsPaymentStart = {
  OrderID: string;
  /** succeeded: the order was already paid (e.g. the popup reopened after paying). */
  PaymentStatus: 'pending' | 'succeeded';
  PaymentID: string;
  Fps: FpsQr;
};

/** get-product-order {orderID}: the order's payment status (machines/checkout OrderPaymentStatus). */
export type OrderPaymentStatus = 'WaitForPayment' | 'Paid' | 'PaymentFailed' | 'Cancelled' | 'Expired';
export type GetProductOrderInput = { orderID: string };
export type GetProductOrderOutput = { Order: { OrderID: string; PaymentStatus: OrderPaymentStatus } };

/** cancelOrder {orderID}: cancels the unpaid order; the server invalidates its QR. */
export type CancelOrderInput = { orderID: string };
export type Empty = Record<string, never>;

export type FpsPaymentInput = { OrderID: string };

export type FpsPaymentError = { code: CallCode; message?: string | undefined };

export type FpsPaymentContext = {
  orderID: string;
  qr?: FpsQr | undefined;
  paymentID?: string | undefined;
  error?: FpsPaymentError | undefined;
  outcome?: FpsPaymentOutcome | undefined;
};

export type FpsPaymentEvent =
  /** The member cancels the payment (and with it the order). */
  | { type: 'CANCEL' }
  /** The server pushed that the order is paid (faster than the next poll). */
  | { type: 'ORDER_PAID' }
  | { type: 'RETRY' };

export type FpsPaymentOutcome = 'paid' | 'expired' | 'cancelled';
export type FpsPaymentOutput = { outcome: FpsPaymentOutcome; OrderID: string };

export type FpsPaymentTag = 'busy' | 'qr';
