/**
 * The bag machine with its real actors, named after the calls they make (DESIGN §5). The bag reads
 * itself through the coupon-totals machine: a refused coupon is dropped and the bag read again.
 * The bag lives in app/ (several features show it); its wiring is bag-service.ts.
 */
import { fromPromise } from 'xstate';
import { addShoppingBag, couponApply, getShoppingBag, setShoppingBag } from '../../contract/index.ts';
import { bagMachine } from '../../machines/bag/bag.machine.ts';
import type { GetShoppingBagInput } from '../../machines/bag/bag.types.ts';
import { couponFailData, withCouponRecovery } from '../../machines/coupon-totals/coupon-totals.provide.ts';
import { asCallResult } from '../api/call-result.ts';
import type { ApiClient } from '../api/client.ts';

export function createBagFlow(api: ApiClient) {
  return bagMachine.provide({
    actors: {
      getShoppingBag: withCouponRecovery((input: GetShoppingBagInput) =>
        asCallResult(
          api.call(getShoppingBag, { Currency: input.request.Currency, ...(input.couponID ? { CouponID: input.couponID } : {}) }),
          couponFailData,
        ),
      ),
      addShoppingBag: fromPromise(({ input }) => asCallResult(api.call(addShoppingBag, input))),
      setShoppingBag: fromPromise(({ input }) => asCallResult(api.call(setShoppingBag, input))),
      couponApply: fromPromise(({ input }) => asCallResult(api.call(couponApply, input), couponFailData)),
    },
  });
}
