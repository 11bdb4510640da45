import type { gatheringMachine } from './gathering.machine.ts';
import type { FlowFixtures } from '../../flows/model.ts';

const IN_ROOM = {
  GatheringID: 'gth-matcha-whisking-0',
  Status: 'Ongoing',
  IAmIn: true,
  Title: { en: 'Matcha Whisking Workshop', zh: '抹茶刷茶工作坊' },
  Venue: { en: 'Sip & Gather Studio', zh: 'Sip & Gather 工作室' },
  AttendeeCount: 3,
} as const;

/** What `npm run paths`, the tests and the flow atlas drive the gatheringMachine with. */
export const fixtures: FlowFixtures<typeof gatheringMachine> = {
  inputs: [undefined],
  events: {
    CHANGE_CART: [{ type: 'CHANGE_CART', change: { kind: 'add', productID: 'tea-gyokuro', quantity: 2 } }],
    PLACE_ORDER: [{ type: 'PLACE_ORDER', ageConfirmed: false, delivery: false, method: 'FPS' }],
    ORDER_MORE: [{ type: 'ORDER_MORE' }],
    LEAVE: [{ type: 'LEAVE' }],
    RETRY: [{ type: 'RETRY' }],
    BUY_PLACE: [
      { type: 'BUY_PLACE', gatheringID: 'gth-matcha-whisking-0', method: 'FPS' },
      { type: 'BUY_PLACE', gatheringID: 'gth-matcha-whisking-0', method: 'CreditCard', cardID: 'pm_visa_4242' },
    ],
    PLACE_PAID: [{ type: 'PLACE_PAID' }],
    BACK: [{ type: 'BACK' }],
  },
  actors: {
    getUserOngoingGathering: {
      done: [{ ok: true, data: { Gathering: IN_ROOM } }, { ok: true, data: {} }, { ok: false, code: 'Unauthorized' }],
      error: new Error('network down'),
    },
    changeCart: {
      done: [{ ok: true, data: {} }, { ok: false, code: 'OutOfStock' }, { ok: false, code: 'GatheringClosed' }],
      error: new Error('network down'),
    },
    createProductOrder: {
      done: [{ ok: true, data: { Order: { OrderID: 'ord_1' } } }, { ok: false, code: 'OutOfStock' }, { ok: false, code: 'NotInGathering' }, { ok: false, code: 'DeliveryAddressRequired' }],
      error: new Error('network down'),
    },
    createGatheringOrder: {
      done: [{ ok: true, data: { Order: { OrderID: 'ord_place_1', GatheringID: 'gth-matcha-whisking-0' } } }, { ok: false, code: 'OutOfStock' }],
      error: new Error('network down'),
    },
    payPlaceByCard: {
      done: [
        { ok: true, data: { OrderID: 'ord_place_1', PaymentStatus: 'succeeded' } },
        { ok: true, data: { OrderID: 'ord_place_1', PaymentStatus: 'requires_action', RedirectURL: 'http://shop.test/api/payments/sandbox/pages/pi_1' } },
        { ok: true, data: { OrderID: 'ord_place_1', PaymentStatus: 'processing' } },
        { ok: false, code: 'PaymentFail' },
      ],
      error: new Error('network down'),
    },
    quitOngoingGathering: {
      done: [{ ok: true, data: {} }, { ok: false, code: 'LimitError' }],
      error: new Error('network down'),
    },
  },
  abstraction: ({ context }) => ({
    in: context.gathering?.IAmIn === true,
    cartError: context.cartError !== undefined,
    orderError: context.orderError !== undefined,
    order: context.orderID !== undefined,
    place: context.placeOrderID !== undefined,
    placeError: context.placeError !== undefined,
    byCard: context.placeMethod === 'CreditCard',
  }),
};
