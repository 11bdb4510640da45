import { useLingui } from '@lingui/react/macro';
import type { FlowCode } from '../../../machines/shared/codes.ts';
import { paymentStepActor, type KindCheckoutSnapshot } from '../../../machines/payment-step/payment-step.selectors.ts';
import type { PaymentStepEvent, PaymentStepExtraEvent } from '../../../machines/payment-step/payment-step.types.ts';
import { paymentMessage, serverDetail } from '../../api/payment-messages.ts';
import type { useFlow } from '../../app/use-flow.ts';
import type { createCheckoutFlow } from './checkout.actors.ts';

/** What the checkouts' steps share (the screens and the steps loaded after them). */
export type CheckoutActor = ReturnType<typeof useFlow<ReturnType<typeof createCheckoutFlow>>>;
export type HeadingRef = React.RefObject<HTMLHeadingElement | null>;

/** What the page sends the payment step every kind's checkout runs. */
export type PaymentEvent = PaymentStepEvent | PaymentStepExtraEvent;

/**
 * Sends an event of the payment step to it (how to pay, placing, looking again, back from it, and the
 * kind's coupon, age and leaving there), while the kind's flow runs it; the kind's flow does not relay them.
 */
export function sendToPaymentStep(actor: { getSnapshot(): unknown }, event: PaymentEvent): void {
  paymentStepActor(actor.getSnapshot() as KindCheckoutSnapshot)?.send(event);
}

export function useErrorText() {
  const { i18n } = useLingui();
  return (error: { code: FlowCode; message?: string | undefined } | undefined) => {
    if (!error) return undefined;
    const shown = i18n._(paymentMessage(error.code));
    return { shown, detail: serverDetail(error, shown) };
  };
}

export function ErrorNote({ error }: { error: { code: FlowCode; message?: string | undefined } | undefined }) {
  const text = useErrorText()(error);
  if (!text) return null;
  return (
    <div className="form-error checkout-error" role="alert">
      <p>{text.shown}</p>
      {text.detail && <p className="small">{text.detail}</p>}
    </div>
  );
}
