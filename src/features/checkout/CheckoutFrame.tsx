import { Trans } from '@lingui/react/macro';
import { useRouterState } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, type ReactNode } from 'react';
import type { AnyActorRef } from 'xstate';
import type { UserDetail } from '../../../contract/index.ts';
import * as sessionState from '../../../machines/session/session.selectors.ts';
import type { PaymentStepName } from '../../../machines/payment-step/payment-step.types.ts';
import type { OrderKind } from '../../app/order-kinds.ts';
import { useOrderOutcome, type OrderCheckoutResult } from '../../app/order-outcome.ts';
import { useServices } from '../../app/services.ts';
import { sendToPaymentStep, type HeadingRef } from './checkout-parts.tsx';
import { usePaymentStep } from './payment-step-chunk.ts';
import type { CreatePaymentStep } from './payment-step.actors.ts';
import { useRememberedPayment, type RememberedPaymentView } from './remembered-payment.ts';

/**
 * Every kind's checkout page: its heading, then the flow, a checkout of its own on each visit (also when the
 * page is reached again before it unmounted). `ready` false shows `missing` instead (nothing named to buy);
 * with `member`, the flow waits for the member's account (the addresses are theirs). The flow also waits for
 * the payment step's chunk (payment-step-chunk.ts), showing `loading`, the kind's words for its first step.
 */
export function CheckoutPage(props: {
  className: string;
  title: ReactNode;
  ready?: boolean | undefined;
  missing?: ReactNode;
  loading: ReactNode;
  flow: (visit: string, member: UserDetail | undefined, createPaymentStep: CreatePaymentStep) => ReactNode;
  member?: boolean | undefined;
}) {
  const { session } = useServices();
  const member = useSelector(session, sessionState.user);
  const createPaymentStep = usePaymentStep();
  const visit = useRouterState({ select: (s) => s.location.state.__TSR_key ?? s.location.href });
  return (
    <div className={`page checkout-page ${props.className}`.trim()}>
      <header className="page-head">
        <h1>{props.title}</h1>
      </header>
      {props.ready === false ? (
        props.missing
      ) : props.member && !member ? (
        <p className="muted" role="status">
          <Trans>Loading your account…</Trans>
        </p>
      ) : createPaymentStep ? (
        props.flow(visit, member, createPaymentStep)
      ) : (
        props.loading
      )}
    </div>
  );
}

/** The member's main (selected) delivery address, its index, when they have any address. */
export const mainAddressIndex = (member: UserDetail) =>
  member.deliveryAddress.length ? Math.min(Math.max(member.mainDeliveryAddressIndex, 0), member.deliveryAddress.length - 1) : undefined;

/** What follows placing, in every kind's checkout: a lost answer looked up, or not confirmed, waiting for the provider, the end. */
export type AfterPlacingStep = 'checking' | 'unconfirmed' | 'paying' | 'done';

/** What the frame reads from a kind's flow, through that flow's selectors. */
export type CheckoutFrameView<S, Own extends string> = RememberedPaymentView<S> & {
  step: (s: S) => Own | PaymentStepName | 'done';
  isBusy: (s: S) => boolean;
  result: (s: S) => OrderCheckoutResult | undefined;
};

type FlowActor<S> = Pick<AnyActorRef, 'subscribe'> & { getSnapshot(): S };

const isAfterPlacing = (step: string): step is AfterPlacingStep => step === 'checking' || step === 'unconfirmed' || step === 'paying' || step === 'done';
const isPaymentStep = (step: string): step is 'payment' | 'addCard' | 'placing' => step === 'payment' || step === 'addCard' || step === 'placing';

/**
 * The frame of every kind's checkout page: the steps column (the kind's own steps, then the payment step
 * and what follows placing, which every kind shares) with the summary beside it, busy while a call runs.
 * Each step starts with its heading, which takes the focus so keyboard and screen reader users follow
 * (not when the page first appears, nor for a step that only says it is loading). Where the checkout
 * ends goes through useOrderOutcome; the payment choice is remembered and offered again.
 */
export function CheckoutFrame<S, Own extends string>(props: {
  kind: OrderKind;
  actor: FlowActor<S>;
  view: CheckoutFrameView<NoInfer<S>, Own>;
  /** Own steps that say they are loading, without a heading to focus. */
  quiet: readonly Own[];
  /** Where leaving goes, when not to the kind's way back (the registry's). */
  leave?: (() => void) | undefined;
  /** Above the steps (the session being booked). */
  above?: ReactNode;
  summary: ReactNode;
  ownStep: (step: Own, heading: HeadingRef) => ReactNode;
  payment: (heading: HeadingRef) => ReactNode;
  afterPlacing: (step: AfterPlacingStep, result: OrderCheckoutResult | undefined, heading: HeadingRef) => ReactNode;
}) {
  const { actor, view } = props;
  const step = useSelector(actor, view.step);
  const result = useSelector(actor, view.result);
  const busy = useSelector(actor, view.isBusy);
  useOrderOutcome(props.kind, result, props.leave);
  useRememberedPayment(actor, view, (request) => sendToPaymentStep(actor, request));
  const heading = useRef<HTMLHeadingElement>(null);
  const settled = useRef(false);
  const quiet = (props.quiet as readonly string[]).includes(step);
  useEffect(() => {
    if (quiet) return;
    if (settled.current) heading.current?.focus();
    settled.current = true;
  }, [step, quiet]);

  return (
    <div className="checkout-layout" aria-busy={busy}>
      <div className="checkout-main">
        {props.above}
        {isPaymentStep(step) ? props.payment(heading) : isAfterPlacing(step) ? props.afterPlacing(step, result, heading) : props.ownStep(step, heading)}
      </div>
      {/* Stays on show while the totals are read again. */}
      <aside className="checkout-side">{props.summary}</aside>
    </div>
  );
}
