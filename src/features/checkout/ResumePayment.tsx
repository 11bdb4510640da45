/**
 * The order confirmation page (OrderConfirmScreen.tsx) back from a provider's page: the checkout flow picks
 * up the order's payment. A chunk of its own, with the checkout's machine, which only such a visit fetches.
 */
import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useState, type ReactNode } from 'react';
import type { PaymentMethod } from '../../../contract/index.ts';
import * as checkoutState from '../../../machines/checkout/checkout.selectors.ts';
import { useServices } from '../../app/services.ts';
import { useStore } from '../../app/store.ts';
import { useFlow } from '../../app/use-flow.ts';
import { contentLanguage } from '../../i18n/i18n.ts';
import { createCheckoutFlow } from './checkout.actors.ts';
import { usePaymentStep } from './payment-step-chunk.ts';
import type { CreatePaymentStep } from './payment-step.actors.ts';
import { Unconfirmed } from './LostAnswer.tsx';

type ResumeProps = {
  orderID: string;
  method: PaymentMethod;
  paymentID: string;
  onDone: () => void;
  /** What the page shows while the payment is confirmed (the page's own, also while this chunk loads). */
  confirming: ReactNode;
};

/** Back from a provider's page: the checkout flow picks up the order's payment (card outcome, or the order's status). */
export function ResumePayment(props: ResumeProps) {
  const createPaymentStep = usePaymentStep();
  return createPaymentStep ? <ResumeFlow {...props} createPaymentStep={createPaymentStep} /> : props.confirming;
}

function ResumeFlow(props: ResumeProps & { createPaymentStep: CreatePaymentStep }) {
  const services = useServices();
  const navigate = useNavigate();
  const { locale, currency } = useStore(services.preferences);
  const [machine] = useState(() => createCheckoutFlow(services.api, services.session, props.createPaymentStep));
  const actor = useFlow(machine, {
    input: {
      currency: currency ?? 'HKD',
      language: contentLanguage(locale),
      resume: { OrderID: props.orderID, PaymentMethod: props.method, PaymentID: props.paymentID },
    },
  });
  const result = useSelector(actor, checkoutState.result);
  // The outcome's answer was lost, and so was the look-up of the order: say so, and offer to look again.
  const unconfirmed = useSelector(actor, (s) => checkoutState.step(s) === 'unconfirmed');
  const { onDone, orderID } = props;
  useEffect(() => {
    if (!result) return;
    if (result.outcome === 'failed') void navigate({ to: '/payment_fail', search: { orderID, code: result.ErrorCode }, replace: true });
    else if (result.outcome === 'redirect' && result.RedirectURL) window.location.assign(result.RedirectURL);
    else onDone();
  }, [result, orderID, navigate, onDone]);
  if (unconfirmed) return <Unconfirmed actor={actor} />;
  return props.confirming;
}
