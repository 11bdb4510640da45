/**
 * The event join machine with its real actors, named after the calls they make (DESIGN §5: they
 * resolve to CallResult values). Loaded with the event checkout screen only.
 */
import { fromPromise } from 'xstate';
import {
  createEventPayment,
  EventCalculate,
  getEventDetail,
  getEventOrder,
  listUserEventOrder,
  listUserEventRecord,
  newEventCheckOut,
  productCreditcardPayment,
  type CallResponse,
} from '../../../../contract/index.ts';
import { couponFailData, withCouponRecovery } from '../../../../machines/coupon-totals/coupon-totals.provide.ts';
import { eventJoinMachine } from '../../../../machines/event-join/event-join.machine.ts';
import type { EventJoinSnapshot } from '../../../../machines/event-join/event-join.selectors.ts';
import type { EventCalculateRequest, EventTotals, ListUserEventOrderInput, NewEventCheckOutInput } from '../../../../machines/event-join/event-join.types.ts';
import { asCallResult } from '../../../api/call-result.ts';
import type { ApiClient } from '../../../api/client.ts';
import { orderFailData } from '../order-fail-data.ts';
import type { CreatePaymentStep } from '../payment-step.actors.ts';

/** The event as getEventDetail answers it (the machine keeps the whole answer; it reads only part). */
export type JoinEvent = CallResponse<typeof getEventDetail>['eventDetail'];
/** The totals as EventCalculate answers them. */
export type JoinTotals = CallResponse<typeof EventCalculate>;

/** `createPaymentStep`: from the payment step's chunk (payment-step-chunk.ts). */
export function createEventJoinFlow(api: ApiClient, createPaymentStep: CreatePaymentStep) {
  return eventJoinMachine.provide({
    actors: {
      getEventDetail: fromPromise(({ input }) => asCallResult(api.call(getEventDetail, input))),
      listUserEventRecord: fromPromise(({ input }) => asCallResult(api.call(listUserEventRecord, input))),
      // A refused coupon (70600) is dropped, its message kept, and the totals read again (spec §4).
      EventCalculate: withCouponRecovery<EventTotals, EventCalculateRequest>((input) =>
        asCallResult(
          api.call(EventCalculate, {
            ...input.request,
            ...(input.couponID ? { CouponID: input.couponID } : {}),
          }),
          couponFailData,
        ),
      ),
      getEventOrder: fromPromise(({ input }) => asCallResult(api.call(getEventOrder, input))),
      // The payment step every kind shares, with choosing how to pay and paying by this kind's calls.
      paymentStep: createPaymentStep(api, {
        // The request the payment step builds for newEventCheckOut from event-join.machine.ts's order (the paying flow passes it on as it is).
        placeOrder: fromPromise(({ input }) => asCallResult(api.call(newEventCheckOut, input as NewEventCheckOutInput), orderFailData)),
        payOrder: fromPromise(({ input }) => asCallResult(api.call(createEventPayment, input), orderFailData)),
        confirmCardPayment: fromPromise(({ input }) => asCallResult(api.call(productCreditcardPayment, input), orderFailData)),
        readOrder: fromPromise(({ input }) => asCallResult(api.call(getEventOrder, input))),
        // The member's orders for the session: noted before placing, read again when placing's answer is lost.
        listOrders: fromPromise(({ input }) => asCallResult(api.call(listUserEventOrder, input as ListUserEventOrderInput))),
      }),
    },
  });
}

/** The whole event answer the machine holds (our getEventDetail actor puts it there). */
export const joinEvent = (s: EventJoinSnapshot): JoinEvent | undefined => s.context.event as JoinEvent | undefined;
/** The whole totals answer the machine holds. */
export const joinTotals = (s: EventJoinSnapshot): JoinTotals | undefined => s.context.totals as JoinTotals | undefined;
