/**
 * Carries out a visitor's intent once they are signed in (src/app/sign-in-intent.ts, which loads this
 * only when there is one): the add goes to the member's bag as soon as it has been read, the save to
 * their wishlist; `result` tells the control that asked how it went.
 */
import { waitFor } from 'xstate';
import { addWishlist } from '../../contract/index.ts';
import * as bagState from '../../machines/bag/bag.selectors.ts';
import { whenBag } from './bag.ts';
import type { AppServices } from './services.ts';
import type { IntentResult, SignInIntent } from './sign-in-intent-types.ts';
import type { Store } from './store.ts';

export async function carryOut(services: AppServices, intent: SignInIntent, result: Store<IntentResult | undefined>) {
  if (intent.kind === 'joinEvent') {
    // The event page takes the member on to its checkout.
    result.set({ kind: 'joinEvent', EventID: intent.EventID, VarianceID: intent.VarianceID, seats: intent.seats });
    return;
  }
  if (intent.kind === 'activateTicket') {
    result.set({ kind: 'activateTicket', TicketID: intent.TicketID });
    return;
  }
  if (intent.kind === 'activateInvite') {
    // The invitation's page activates it (and says how it went).
    result.set({ kind: 'activateInvite', InviteCode: intent.InviteCode });
    return;
  }
  if (intent.kind === 'addNfcProduct') {
    // The tag's page adds it (and says how it went).
    result.set({ kind: 'addNfcProduct', ID: intent.ID });
    return;
  }
  if (intent.kind === 'addToBag') {
    try {
      const bag = await whenBag(services);
      // The bag takes changes once it has been read.
      const ready = await waitFor(bag, bagState.canChange, { timeout: Infinity });
      const before = bagState.changeOutcome(ready);
      const done: IntentResult = { kind: 'addToBag', ProductID: intent.ProductID, VarianceID: intent.VarianceID, before };
      result.set(done);
      bag.send({ type: 'ADD', varianceID: intent.VarianceID, quantity: intent.quantity });
      // Once the bag has changed again, what became of this add is no longer news for any form.
      const answered = bagState.changeOutcome(await waitFor(bag, (s) => bagState.canChange(s) && bagState.changeOutcome(s) !== before, { timeout: Infinity }));
      const subscription = bag.subscribe((s) => {
        if (bagState.changeOutcome(s) === answered) return;
        subscription.unsubscribe();
        result.set((now) => (now === done ? undefined : now));
      });
    } catch {
      // The bag could not be loaded, or the member signed out meanwhile: nothing to add to.
    }
    return;
  }
  const ProductID = intent.product.ProductID;
  result.set({ kind: 'saveToWishlist', ProductID, status: 'saving' });
  try {
    await services.api.call(addWishlist, { ProductID });
  } catch {
    result.set({ kind: 'saveToWishlist', ProductID, status: 'failed' });
    return;
  }
  await services.queryClient.invalidateQueries({ queryKey: ['member', 'wishlist'] });
  result.set((now) => (now?.kind === 'saveToWishlist' && now.ProductID === ProductID ? undefined : now));
}

