import type { SnapshotFrom } from 'xstate';
import type { orderPaymentMachine } from './order-payment.machine.ts';
import type { OrderPaymentOutput, OrderPaymentStep } from './order-payment.types.ts';

export type OrderPaymentSnapshot = SnapshotFrom<typeof orderPaymentMachine>;

/** A call is running. */
export const isBusy = (s: OrderPaymentSnapshot): boolean => s.hasTag('busy');

/** The step the state names with its `step:` tag; undefined once finished (the kind's flow takes over). */
export function step(s: OrderPaymentSnapshot): OrderPaymentStep | undefined {
  if (s.status === 'done') return undefined;
  for (const tag of s.tags) if (tag.startsWith('step:')) return tag.slice('step:'.length) as OrderPaymentStep;
  throw new Error(`orderPayment: state ${JSON.stringify(s.value)} names no step`);
}

/** The look-up after a lost answer failed too: the member can look again (it never places or pays again). */
export const canCheckAgain = (s: OrderPaymentSnapshot): boolean => s.matches({ lostAnswer: 'lookupFailed' }) && s.can({ type: 'RETRY' });

/** Waiting for the payment's result (the order read every few seconds). */
export const isPolling = (s: OrderPaymentSnapshot): boolean => s.matches('polling');

/** Where paying ended, once it did. */
export const result = (s: OrderPaymentSnapshot): OrderPaymentOutput | undefined => (s.status === 'done' ? s.output : undefined);
