/** The payment provider as the order core uses it. */
import type { PaymentMethod } from '../../../contract/orders.ts';
import type { Deps } from '../../deps.ts';
import type { PaymentMethodKind, PaymentProvider } from '../payments/provider.ts';

export const METHOD_KIND: Record<PaymentMethod, PaymentMethodKind> = { CreditCard: 'card', Alipay: 'alipay', FPS: 'fps' };
export const KIND_METHOD: Record<PaymentMethodKind, PaymentMethod> = { card: 'CreditCard', alipay: 'Alipay', fps: 'FPS' };

/** Where the provider sends the browser back after its page (Alipay, the card's extra step); see payment-routes.ts. */
export const PAYMENT_RETURN_PATH = '/api/payments/return';

export const providerOf = async (deps: Deps): Promise<PaymentProvider> => (await deps.payments.ready).provider;

/** Cancels a payment no longer needed; one that already ended, or cannot be reached, is only logged. */
export async function cancelQuietly(deps: Deps, paymentId: string): Promise<void> {
  try {
    const cancelled = await (await providerOf(deps)).cancelPayment(paymentId);
    if (!cancelled.ok && cancelled.code !== 'invalid_state' && cancelled.code !== 'not_found') {
      deps.log.warn({ paymentId, code: cancelled.code }, 'payment could not be cancelled');
    }
  } catch (err) {
    deps.log.warn({ paymentId, err }, 'payment could not be cancelled');
  }
}
