/**
 * What a visitor was doing when the shop asked them to log in ("Add to bag", the wishlist heart), so
 * that the login popup can say why it opened and the shop can finish it once they are signed in:
 * by password, by signing up and verifying, or through a third-party login (which leaves the shop
 * for the provider's page and comes back, so the intent is kept in storage for a while).
 *
 * One intent at a time; it is carried out once, by whichever sign-in comes first, and dropped when
 * the visitor closes the login popups without signing in.
 */
import { useSelector } from '@xstate/react';
import { useCallback, useEffect } from 'react';
import * as sessionState from '../../machines/session/session.selectors.ts';
import { CHUNK_LOAD_TIMEOUT_MS, withTimeout } from './lazy-screen.ts';
import { useServices, type AppServices } from './services.ts';
import type { IntentResult, SignInIntent } from './sign-in-intent-types.ts';
import { createStore, useStore, type Store } from './store.ts';

export type { IntentResult, SignInIntent };

type Stored = SignInIntent & { at: number };

const STORAGE_KEY = 'sg.signInIntent';
/** Long enough to sign up and read the verification mail, short enough not to surprise a later visit. */
export const INTENT_LIFETIME_MS = 30 * 60_000;
/** The popups of signing in: while one is open, the visitor is still on their way. */
const SIGN_IN_POPUPS: ReadonlySet<string> = new Set(['login', 'signUp', 'forgotPassword']);

interface Handle {
  pending: Store<Stored | undefined>;
  result: Store<IntentResult | undefined>;
  following: boolean;
}

const handles = new WeakMap<AppServices, Handle>();

function restore(storage: AppServices['storage']): Stored | undefined {
  try {
    const stored = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null') as Stored | null;
    if (!stored || typeof stored.at !== 'number' || Date.now() - stored.at > INTENT_LIFETIME_MS) return undefined;
    if (stored.kind === 'addToBag' && stored.VarianceID && stored.quantity >= 1) return stored;
    if (stored.kind === 'saveToWishlist' && stored.product?.ProductID) return stored;
    if (stored.kind === 'joinEvent' && stored.EventID && stored.VarianceID && stored.seats >= 1) return stored;
    if (stored.kind === 'activateTicket' && stored.TicketID) return stored;
    if (stored.kind === 'activateInvite' && stored.InviteCode) return stored;
    if (stored.kind === 'addNfcProduct' && stored.ID && stored.Name) return stored;
  } catch {
    // Unreadable: as if there were none.
  }
  return undefined;
}

function handleFor(services: AppServices): Handle {
  let handle = handles.get(services);
  if (!handle) {
    handle = { pending: createStore(restore(services.storage)), result: createStore<IntentResult | undefined>(undefined), following: false };
    handles.set(services, handle);
  }
  return handle;
}

function setPending(services: AppServices, next: Stored | undefined) {
  handleFor(services).pending.set(next);
  if (next) services.storage.setItem(STORAGE_KEY, JSON.stringify(next));
  else services.storage.removeItem(STORAGE_KEY);
}

/** Takes the pending intent (it is carried out once), if it is still fresh. */
function take(services: AppServices): SignInIntent | undefined {
  const pending = handleFor(services).pending.get();
  if (!pending) return undefined;
  setPending(services, undefined);
  if (Date.now() - pending.at > INTENT_LIFETIME_MS) return undefined;
  const { at: _at, ...intent } = pending;
  return intent;
}

/** Follows the session (once per app): when a member is signed in, the pending intent is carried out. */
function follow(services: AppServices) {
  const handle = handleFor(services);
  if (handle.following) return;
  handle.following = true;
  const { session, popups } = services;
  const check = () => {
    if (!sessionState.isLoggedIn(session.getSnapshot())) return;
    const intent = take(services);
    // What carries it out loads only when there is something to do (DESIGN §10: not on the first load).
    // (A chunk that cannot load leaves the visitor's wish undone, as a failed add would.)
    if (intent) {
      void withTimeout(import('./sign-in-intent-run.ts'), CHUNK_LOAD_TIMEOUT_MS).then(
        (m) => m.carryOut(services, intent, handle.result),
        () => {},
      );
    }
  };
  session.subscribe(check);
  popups.subscribe(() => {
    // Closed without signing in: the visitor changed their mind.
    if (!handle.pending.get() || sessionState.isLoggedIn(session.getSnapshot())) return;
    if (!popups.get().some((p) => SIGN_IN_POPUPS.has(p.name))) setPending(services, undefined);
  });
  check();
}

/**
 * A visitor asked for something only members can do: remember it, and open the login popup (or, when they
 * chose Sign up, the sign-up popup, filled in with `signUp` where the page knows who they are), which says why.
 * Once they are signed in it is done for them.
 */
export function askToSignIn(services: AppServices, intent: SignInIntent, via: 'login' | 'signUp' = 'login', signUp: { givenName?: string; familyName?: string } = {}) {
  follow(services);
  setPending(services, { ...intent, at: Date.now() });
  // One popup, not the login with the sign-up opened over it in the same moment: two dialogs mounting together
  // each hid the other from assistive technology (and from the e2e's role queries).
  if (services.popups.get().some((p) => p.name === via)) return;
  if (via === 'signUp') services.popups.open('signUp', signUp);
  else services.popups.open('login');
}

/**
 * A member's add tapped before their bag has been read (its chunk and its first answer come late on a
 * slow line or a busy phone): it is made as a signed-in visitor's is, once the bag takes changes, and
 * `useIntentResult` tells the form how it went. Settles once the add has been answered (or could not be
 * made: the bag did not load, or the member signed out).
 */
export function addOnceBagIsRead(services: AppServices, intent: Extract<SignInIntent, { kind: 'addToBag' }>): Promise<void> {
  return withTimeout(import('./sign-in-intent-run.ts'), CHUNK_LOAD_TIMEOUT_MS).then((m) => m.carryOut(services, intent, handleFor(services).result));
}

/** The intent waiting for a sign-in, if any (the login popup says it); keeps this app following the session. */
export function usePendingIntent(): SignInIntent | undefined {
  const services = useServices();
  useEffect(() => follow(services), [services]);
  return useStore(handleFor(services).pending);
}

/**
 * The intent carried out after sign-in, while the control it concerns may show it; `done` forgets
 * it (once shown, or when the member acts again). Also keeps this app following the session, so an
 * intent kept over a third-party login is carried out when the member is back.
 */
export function useIntentResult(): { result: IntentResult | undefined; done: () => void } {
  const services = useServices();
  const handle = handleFor(services);
  useEffect(() => follow(services), [services]);
  const result = useStore(handle.result);
  // A member signed out: what was done for them is no longer theirs to see.
  const loggedIn = useSelector(services.session, sessionState.isLoggedIn);
  const done = useCallback(() => handle.result.set(undefined), [handle]);
  return { result: loggedIn ? result : undefined, done };
}
