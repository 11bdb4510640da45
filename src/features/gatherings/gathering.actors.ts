/** The gathering machine with its real actors, named after the calls they make (DESIGN §5). */
import { fromPromise } from 'xstate';
import {
  addUserShoppingCart,
  createGatheringOrder,
  createGatheringPayment,
  createProductOrder,
  getUserOngoingGathering,
  quitOngoingGathering,
  updateUserShoppingCartQuantity,
  type Currency,
} from '../../../contract/index.ts';
import { gatheringMachine } from '../../../machines/gathering/gathering.machine.ts';
import type { OngoingGatheringOutput } from '../../../machines/gathering/gathering.types.ts';
import { asCallResult } from '../../api/call-result.ts';
import type { AppServices } from '../../app/services.ts';
import { GATHERING_KEY } from './queries.ts';

/** Orders are placed in the shop's language and the member's currency. */
export function createGatheringFlow({ api, queryClient }: AppServices, language: 'en' | 'zh', currency: Currency) {
  // The pour list and the cart are read afresh after every change, whatever its answer.
  const refresh = <T>(result: T) => queryClient.invalidateQueries({ queryKey: GATHERING_KEY }).then(() => result);
  return gatheringMachine.provide({
    actors: {
      getUserOngoingGathering: fromPromise(() => asCallResult(api.call(getUserOngoingGathering, {}).then((r): OngoingGatheringOutput => r))),
      changeCart: fromPromise(async ({ input: { gatheringID, change } }) => {
        const call =
          change.kind === 'add'
            ? api.call(addUserShoppingCart, { gatheringID, gatheringType: 'gathering', productList: [{ productID: change.productID, quantity: change.quantity }] })
            : api.call(updateUserShoppingCartQuantity, { gatheringID, productID: change.productID, quantity: change.quantity });
        return refresh(await asCallResult(call.then(() => ({}))));
      }),
      createProductOrder: fromPromise(async ({ input }) =>
        refresh(
          await asCallResult(
            api.call(createProductOrder, {
              product: { gatheringID: input.gatheringID, delivery: input.delivery },
              Language: language,
              Currency: currency,
              PaymentMethod: input.method,
              AgeConfirmed: input.ageConfirmed,
            }),
          ),
        ),
      ),
      // A walk-in's place, paid by FPS (the shop's FPS popup) or with a saved card; the gatherings going on are read again (seats left, the place).
      createGatheringOrder: fromPromise(async ({ input }) =>
        refresh(
          await asCallResult(api.call(createGatheringOrder, { gatheringID: input.gatheringID, Language: language, Currency: currency, PaymentMethod: input.method })),
        ),
      ),
      // The place paid with the saved card chosen; paid, the member is in: the floating Tonight button and the list are read again.
      payPlaceByCard: fromPromise(async ({ input }) =>
        refresh(await asCallResult(api.call(createGatheringPayment, { GatheringID: input.gatheringID, PaymentMethod: 'CreditCard', CardID: input.cardID }))),
      ),
      quitOngoingGathering: fromPromise(async ({ input }) => refresh(await asCallResult(api.call(quitOngoingGathering, input).then(() => ({}))))),
    },
  });
}
