/**
 * The bag for the app session (loaded lazily by app/bag.ts): the bag machine with its calls,
 * one actor per signed-in member, stopped on sign-out, told about currency changes.
 */
import { createActor, fromPromise } from 'xstate';
import { addShoppingBag, couponApply, getShoppingBag, setShoppingBag } from '../../contract/index.ts';
import { bagMachine } from '../../machines/bag/bag.machine.ts';
import type { GetShoppingBagInput } from '../../machines/bag/bag.types.ts';
import { couponFailData, withCouponRecovery } from '../../machines/coupon-totals/coupon-totals.provide.ts';
import * as sessionState from '../../machines/session/session.selectors.ts';
import type { AppServices } from './services.ts';
import { asCallResult } from './session.ts';
import type { Store } from './store.ts';
import type { BagActor } from './bag.ts';

export function createBagMachine(api: AppServices['api']) {
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

/** Follows the session for the life of the app: a bag actor per signed-in member, none otherwise. */
export function runBag({ api, session, preferences, inspection }: AppServices, current: Store<BagActor | undefined>): void {
  const machine = createBagMachine(api);
  let member: string | undefined;
  const follow = async () => {
    const snapshot = session.getSnapshot();
    const userID = sessionState.isLoggedIn(snapshot) ? snapshot.context.tokens?.userID : undefined;
    if (userID === member) return;
    member = userID;
    // Spec §4: logout clears the shopping bag (and another member never sees it).
    current.get()?.stop();
    current.set(undefined);
    if (!userID) return;
    const currency = await preferences.resolveCurrency();
    if (member !== userID) return;
    current.set(createActor(machine, { input: { currency }, inspect: inspection.inspect }).start());
  };
  session.subscribe(() => void follow());
  preferences.subscribe(() => {
    const currency = preferences.get().currency;
    if (currency) current.get()?.send({ type: 'CURRENCY_CHANGED', currency });
  });
  void follow();
}
