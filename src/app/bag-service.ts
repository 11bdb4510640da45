/**
 * The bag for the app session (loaded lazily by app/bag.ts): the bag flow (bag.actors.ts),
 * one actor per signed-in member, stopped on sign-out, told about currency changes.
 */
import * as sessionState from '../../machines/session/session.selectors.ts';
import { createBagFlow } from './bag.actors.ts';
import type { BagActor } from './bag-actor.ts';
import { startFlow } from './flow.ts';
import type { AppServices } from './services.ts';
import type { Store } from './store.ts';

/** Follows the session for the life of the app: a bag actor per signed-in member, none otherwise. */
export function runBag({ api, session, preferences, inspection }: AppServices, current: Store<BagActor | undefined>): void {
  const machine = createBagFlow(api);
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
    current.set(startFlow(inspection, machine, { input: { currency } }));
  };
  session.subscribe(() => void follow());
  preferences.subscribe(() => {
    const currency = preferences.get().currency;
    if (currency) current.get()?.send({ type: 'CURRENCY_CHANGED', currency });
  });
  void follow();
}
