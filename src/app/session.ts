import { createActor, fromPromise, waitFor, type ActorRefFrom, type InspectionEvent } from 'xstate';
import { userGetInfo, userRefreshToken, userSignOut, type TokenSet } from '../../contract/index.ts';
import { sessionMachine } from '../../machines/session/session.machine.ts';
import { isLoggedIn, isRefreshing, isSettled } from '../../machines/session/session.selectors.ts';
import type { CallResult } from '../../machines/shared/call-result.ts';
import { ApiError, type ApiClient } from '../api/client.ts';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;

/**
 * Runs a call for a machine actor: business failures become values, the unexpected rejects (DESIGN §5).
 * `failData` picks what a flow needs from a failure's answer (e.g. the account a link needs).
 */
export function asCallResult<T>(promise: Promise<T>): Promise<CallResult<T>>;
export function asCallResult<T, F>(
  promise: Promise<T>,
  failData: (details: Record<string, unknown>) => F | undefined,
): Promise<CallResult<T, F>>;
export async function asCallResult<T, F>(
  promise: Promise<T>,
  failData?: (details: Record<string, unknown>) => F | undefined,
): Promise<CallResult<T, F>> {
  try {
    return { ok: true, data: await promise };
  } catch (error) {
    if (!(error instanceof ApiError) || error.code === 'UnknownError' || error.status >= 500) throw error;
    const session = typeof error.details.session === 'string' ? error.details.session : undefined;
    const data = failData?.(error.details);
    return {
      ok: false,
      code: error.code,
      message: error.serverMessage,
      ...(session ? { session } : {}),
      ...(data !== undefined ? { data } : {}),
    };
  }
}

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
  const machine = sessionMachine.provide({
    actors: {
      userGetInfo: fromPromise(({ input }) => asCallResult(api.call(userGetInfo, input))),
      userRefreshToken: fromPromise(({ input }) => asCallResult(api.call(userRefreshToken, input))),
      userSignOut: fromPromise(({ input }) => asCallResult(api.call(userSignOut, input))),
    },
    actions: {
      persistTokens: ({ context }) => {
        if (context.tokens) deps.storage.setItem(TOKENS_KEY, JSON.stringify(context.tokens));
        else deps.storage.removeItem(TOKENS_KEY);
      },
      clearMemberState: () => deps.clearMemberState(),
      openLogin: () => deps.openLogin(),
    },
  });
  const actor = createActor(machine, { input: { tokens: restoreTokens(deps.storage) }, inspect: deps.inspect });
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
