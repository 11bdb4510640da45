import type { couponTotalsMachine } from './coupon-totals.machine.ts';
import type { FlowFixtures } from '../../flows/model.ts';

/** Stand-in totals: what the totals call answers is opaque to this flow. */
export const withWelcome10 = { Total: 9000, Discount: 1000 };
export const withoutCoupon = { Total: 10000, Discount: 0 };

/** What `npm run paths`, the tests and the flow atlas drive the couponTotalsMachine with. */
export const fixtures: FlowFixtures<typeof couponTotalsMachine> = {
  inputs: [
    { couponID: 'WELCOME10', request: { Currency: 'HKD' } },
    { couponID: '  ', request: { Currency: 'HKD' } },
    { request: { Currency: 'HKD' } },
  ],
  describeInput: (input) => (input.couponID?.trim() ? `coupon ${input.couponID}` : 'no coupon'),
  events: {},
  actors: {
    calculateTotals: {
      done: [
        { ok: true, data: withWelcome10 },
        { ok: false, code: '70600', message: 'This coupon has expired', data: { reason: 'Expired' } },
        { ok: false, code: 'InvalidParameter', message: 'Currency' },
      ],
      error: new Error('network down'),
    },
  },
};
