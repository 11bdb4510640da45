import { waitFor, type ActorRefFrom, type InspectionEvent } from 'xstate';
import type { TokenSet } from '../../contract/index.ts';
import type { sessionMachine } from '../../machines/session/session.machine.ts';
import { isLoggedIn, isRefreshing, isSettled } from '../../machines/session/session.selectors.ts';
import type { ApiClient } from '../api/client.ts';
import { createSessionFlow } from './session.actors.ts';
import { createFlow } from './flow.ts';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;

const TOKENS_KEY = 'sg.tokens';

function restoreTokens(storage: Pick<Storage, 'getItem'>): TokenSet | undefined {
  try {
    const parsed = JSON.parse(storage.getItem(TOKENS_KEY) ?? 'null') as TokenSet | null;
    return parsed?.idToken && parsed.accessToken && parsed.refreshToken && parsed.userID ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The session actor: tokens and the member, persisted across reloads. The API client asks it for
 * tokens and, on a 401, waits for its single refresh.
 */
export function createSession(deps: {
  api: ApiClient;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** Spec §4: logout clears recent search, user info, survey, bag, wishlist and subscription state. */
  clearMemberState: () => void;
  openLogin: () => void;
  /** The app's inspection bus (src/app/inspection.ts). */
  inspect?: (event: InspectionEvent) => void;
}): SessionActor {
  const { api } = deps;
  const machine = createSessionFlow(api, {
    persistTokens: ({ context }) => {
      if (context.tokens) deps.storage.setItem(TOKENS_KEY, JSON.stringify(context.tokens));
      else deps.storage.removeItem(TOKENS_KEY);
    },
    clearMemberState: () => deps.clearMemberState(),
    openLogin: () => deps.openLogin(),
  });
  const actor = createFlow(deps.inspect, machine, { input: { tokens: restoreTokens(deps.storage) } });
  api.setAuth({
    tokens: () => actor.getSnapshot().context.tokens,
    async refreshed(staleIdToken) {
      const current = actor.getSnapshot().context.tokens;
      // Another call already refreshed since this one was sent: just retry with the new token.
      if (current && current.idToken !== staleIdToken && !isRefreshing(actor.getSnapshot())) return true;
      if (!isRefreshing(actor.getSnapshot())) actor.send({ type: 'TOKENS_EXPIRED' });
      const settled = await waitFor(actor, (s) => !isRefreshing(s));
      return isLoggedIn(settled) && settled.context.tokens?.idToken !== staleIdToken;
    },
  });
  actor.start();
  return actor;
}

/** Resolves once start-up and token work are over, so route guards can decide. */
export function sessionSettled(actor: SessionActor) {
  return waitFor(actor, isSettled);
}

