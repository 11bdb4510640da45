/**
 * The payment method and card a member last paid with, remembered on this device (issue 29, 9: they had to be
 * picked again at every checkout). Every checkout (products, events, subscriptions) asks its flow for the
 * remembered choice when its payment step first shows with nothing chosen; choosing how to pay
 * (machines/payment-choice) checks a remembered card against the member's saved cards, so a card removed
 * since is not offered. Kept per member, in the app's storage (local storage; memory in tests).
 */
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import * as v from 'valibot';
import type { AnyActorRef } from 'xstate';
import { PaymentMethod } from '../../../contract/index.ts';
import { user } from '../../../machines/session/session.selectors.ts';
import type { AppServices } from '../../app/services.ts';
import { useServices } from '../../app/services.ts';

type Storage = AppServices['storage'];

const Remembered = v.object({ method: PaymentMethod, cardID: v.optional(v.pipe(v.string(), v.maxLength(100))) });
export type RememberedPayment = v.InferOutput<typeof Remembered>;

const keyOf = (userID: string) => `sg.payment.${userID}`;

export function recallPayment(storage: Storage, userID: string): RememberedPayment | undefined {
  try {
    const parsed = v.safeParse(Remembered, JSON.parse(storage.getItem(keyOf(userID)) ?? 'null'));
    return parsed.success ? parsed.output : undefined;
  } catch {
    return undefined;
  }
}

export function rememberPayment(storage: Storage, userID: string, choice: RememberedPayment): void {
  try {
    storage.setItem(keyOf(userID), JSON.stringify(choice));
  } catch {
    // Storage full or refused (private mode): the next checkout asks again, as before.
  }
}

/** The request that asks a checkout's flow for the remembered choice: the card itself when it was a card. */
export function recallRequest(remembered: RememberedPayment): { type: 'SELECT_METHOD'; method: PaymentMethod } | { type: 'SELECT_CARD'; cardID: string } {
  return remembered.method === 'CreditCard' && remembered.cardID ? { type: 'SELECT_CARD', cardID: remembered.cardID } : { type: 'SELECT_METHOD', method: remembered.method };
}

/**
 * Outcomes after which the choice is kept: paid (or the provider deciding), or handed to the provider's page or
 * the FPS QR. A refused payment is not remembered.
 */
const TAKEN: readonly string[] = ['confirmed', 'processing', 'redirect', 'fps'];

/** What the hook reads from a kind's flow, through that flow's selectors. */
export type RememberedPaymentView<S> = {
  step: (s: S) => string;
  paymentMethod: (s: S) => PaymentMethod | undefined;
  selectedCard: (s: S) => { id: string } | undefined;
  hasOrder: (s: S) => boolean;
  result: (s: S) => { outcome: string } | undefined;
};

type FlowActor<S> = Pick<AnyActorRef, 'subscribe'> & { getSnapshot(): S };

/**
 * Offers the remembered choice once, when a new order's payment step first shows with no method chosen (an
 * order paid again keeps its own method), and remembers the choice an order was paid with.
 */
export function useRememberedPayment<S>(
  actor: FlowActor<S>,
  view: RememberedPaymentView<NoInfer<S>>,
  send: (request: ReturnType<typeof recallRequest>) => void,
) {
  const { storage, session } = useServices();
  const userID = useSelector(session, user)?.userID;
  const step = useSelector(actor, view.step);
  const method = useSelector(actor, view.paymentMethod);
  const hasOrder = useSelector(actor, view.hasOrder);
  const result = useSelector(actor, view.result);
  const offered = useRef(false);

  useEffect(() => {
    if (offered.current || !userID || step !== 'payment' || method !== undefined || hasOrder) return;
    offered.current = true;
    const remembered = recallPayment(storage, userID);
    if (remembered) send(recallRequest(remembered));
  }, [storage, userID, step, method, hasOrder, send]);

  useEffect(() => {
    if (!userID || !result || !TAKEN.includes(result.outcome)) return;
    const snapshot = actor.getSnapshot();
    const paidWith = view.paymentMethod(snapshot);
    if (!paidWith) return;
    const cardID = paidWith === 'CreditCard' ? view.selectedCard(snapshot)?.id : undefined;
    rememberPayment(storage, userID, cardID ? { method: paidWith, cardID } : { method: paidWith });
    // Once per outcome (`view` is a module of selectors, the same on every render).
  }, [result, userID, storage, actor]);
}
