import type { SnapshotFrom } from 'xstate';
import type { fpsPaymentMachine } from './fps-payment.machine.ts';
import type { FpsPaymentError, FpsPaymentOutput, FpsQr } from './fps-payment.types.ts';

export type FpsPaymentSnapshot = SnapshotFrom<typeof fpsPaymentMachine>;

/** A call the member waits on is running (getting the QR, cancelling, the last check). */
export const isBusy = (s: FpsPaymentSnapshot): boolean => s.hasTag('busy');

/** Show the QR and its countdown. */
export const isShowingQr = (s: FpsPaymentSnapshot): boolean => s.hasTag('qr');

/** The QR (payload, picture, HKD amount, reference, expiry) once the server made it. */
export const qr = (s: FpsPaymentSnapshot): FpsQr | undefined => s.context.qr;

/** Whole seconds left on the QR at `now`, by the server's expiry (never below 0). */
export function secondsLeft(s: FpsPaymentSnapshot, now: Date): number {
  const expiresAt = s.context.qr ? Date.parse(s.context.qr.ExpiresAt) : Number.NaN;
  if (Number.isNaN(expiresAt)) return 0;
  return Math.max(0, Math.ceil((expiresAt - now.getTime()) / 1000));
}

/** The cancel button works (not while a call is deciding the outcome). */
export const canCancel = (s: FpsPaymentSnapshot): boolean => s.can({ type: 'CANCEL' });
export const isCancelling = (s: FpsPaymentSnapshot): boolean => s.matches({ active: 'cancelling' });

/** The QR could not be had: show the reason and a retry button (send RETRY). */
export const hasFailed = (s: FpsPaymentSnapshot): boolean => s.matches('failed');
export const error = (s: FpsPaymentSnapshot): FpsPaymentError | undefined => s.context.error;

export const isPaid = (s: FpsPaymentSnapshot): boolean => s.matches('paid');
export const isExpired = (s: FpsPaymentSnapshot): boolean => s.matches('expired');
export const isCancelled = (s: FpsPaymentSnapshot): boolean => s.matches('cancelled');

/** The flow's result once done: paid (go to the order confirmation), expired or cancelled. */
export const result = (s: FpsPaymentSnapshot): FpsPaymentOutput | undefined => (s.status === 'done' ? s.output : undefined);
