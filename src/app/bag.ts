/**
 * The member's bag actor, held per app (not a module singleton: each app and each test has its own).
 * This file is on the first load, so it is tiny: the bag machine, its calls and its wiring load in a
 * chunk of their own (bag-service.ts) once a member is signed in.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useSyncExternalStore } from 'react';
import * as sessionState from '../../machines/session/session.selectors.ts';
import { CHUNK_LOAD_TIMEOUT_MS, withTimeout } from './lazy-screen.ts';
import { useServices, type AppServices } from './services.ts';
import { createStore, type Store } from './store.ts';
import type { BagActor } from './bag-actor.ts';

export type { BagActor };

interface BagHandle {
  /** The running bag actor: there while a member is signed in and the bag has been started. */
  actor: Store<BagActor | undefined>;
  started?: Promise<void>;
}

const handles = new WeakMap<AppServices, BagHandle>();

function handleFor(services: AppServices): BagHandle {
  let handle = handles.get(services);
  if (!handle) {
    handle = { actor: createStore<BagActor | undefined>(undefined) };
    handles.set(services, handle);
  }
  return handle;
}

/**
 * Loads the bag wiring once per app. From then on it follows the session: a bag actor while a
 * member is signed in, none (stopped, its state gone) once they sign out (spec §4).
 */
export function startBag(services: AppServices): Promise<void> {
  const handle = handleFor(services);
  handle.started ??= withTimeout(import('./bag-service.ts'), CHUNK_LOAD_TIMEOUT_MS).then(
    (module) => module.runBag(services, handle.actor),
    (error: unknown) => {
      handle.started = undefined;
      throw error;
    },
  );
  return handle.started;
}

/** The running bag actor of this app, if any (for code outside React). */
export const currentBag = (services: AppServices): BagActor | undefined => handleFor(services).actor.get();

/** Starts the member's bag if need be and resolves with its actor once there (for code outside React). */
export function whenBag(services: AppServices): Promise<BagActor> {
  const store = handleFor(services).actor;
  return startBag(services).then(
    () =>
      new Promise<BagActor>((resolve) => {
        const now = store.get();
        if (now) return resolve(now);
        const unsubscribe = store.subscribe(() => {
          const actor = store.get();
          if (!actor) return;
          unsubscribe();
          resolve(actor);
        });
      }),
  );
}

/** The member's bag actor; undefined for visitors and until it has loaded. Starts it for a member. */
export function useBagActor(): BagActor | undefined {
  const services = useServices();
  const loggedIn = useSelector(services.session, sessionState.isLoggedIn);
  const store = handleFor(services).actor;
  const actor = useSyncExternalStore(store.subscribe, store.get, store.get);
  useEffect(() => {
    // A chunk that fails to load leaves the badge out; the next render tries again.
    if (loggedIn) startBag(services).catch(() => {});
  }, [loggedIn, services]);
  return loggedIn ? actor : undefined;
}
