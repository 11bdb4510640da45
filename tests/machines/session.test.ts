import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { sessionMachine } from '../../machines/session/session.machine.ts';
import * as select from '../../machines/session/session.selectors.ts';
import type { CallResult, TokenSet, UserInfo } from '../../machines/session/session.types.ts';
import { coverage, modelPaths } from './coverage.ts';
import { replayOnActor } from '../support/replay.ts';
import { member, newcomerFlags, refreshedTokens, restoredTokens, sessionModel, signedInTokens } from './session.model.ts';

const paths = modelPaths(sessionModel);

describe('session: model paths', () => {
  it('reach every state and take every transition', () => {
    const c = coverage(sessionMachine, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
    expect(c.transitions.covered).toBeGreaterThan(0);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, p) => {
    await replayOnActor(sessionModel, p);
  });
});

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
const userInfo: CallResult<UserInfo> = { ok: true, data: { userDetailInfo: member, checking: newcomerFlags } };

function startSession(options: {
  refresh?: () => Promise<CallResult<TokenSet>>;
  signOut?: () => Promise<CallResult<Record<string, never>>>;
  getInfo?: () => Promise<CallResult<UserInfo>>;
}) {
  const calls = { refresh: [] as unknown[], getInfo: [] as unknown[], signOut: [] as unknown[] };
  const actions = { persistTokens: vi.fn(), clearMemberState: vi.fn(), openLogin: vi.fn() };
  const machine = sessionMachine.provide({
    actors: {
      userGetInfo: fromPromise(async ({ input }) => {
        calls.getInfo.push(input);
        return options.getInfo ? options.getInfo() : userInfo;
      }),
      userRefreshToken: fromPromise(async ({ input }) => {
        calls.refresh.push(input);
        return options.refresh ? options.refresh() : { ok: true as const, data: refreshedTokens };
      }),
      userSignOut: fromPromise(async ({ input }) => {
        calls.signOut.push(input);
        return options.signOut ? options.signOut() : { ok: true as const, data: {} };
      }),
    },
    actions: {
      persistTokens: ({ context }) => actions.persistTokens(context.tokens),
      clearMemberState: () => actions.clearMemberState(),
      openLogin: () => actions.openLogin(),
    },
  });
  const actor = createActor(machine, { input: { tokens: restoredTokens } }).start();
  return { actor, calls, actions };
}

describe('session: behaviour', () => {
  it('restores tokens from storage: logged in, loads the member, then knows the entry survey is due', async () => {
    const { actor } = startSession({});
    expect(actor.getSnapshot().matches({ signedIn: 'loadingUser' })).toBe(true);
    expect(select.isLoggedIn(actor.getSnapshot())).toBe(true);
    expect(select.isSettled(actor.getSnapshot())).toBe(false);
    await tick();
    const s = actor.getSnapshot();
    expect(select.isUserReady(s)).toBe(true);
    expect(select.user(s)).toEqual(member);
    expect(select.needsEntrySurvey(s)).toBe(true);
    actor.send({ type: 'STATUS_UPDATED', checking: { PreSurvey: true } });
    expect(select.needsEntrySurvey(actor.getSnapshot())).toBe(false);
    expect(select.checking(actor.getSnapshot())).toEqual({ ...newcomerFlags, PreSurvey: true });
  });

  it('without stored tokens the visitor is signed out and not logged in', () => {
    const actor = createActor(sessionMachine, { input: {} }).start();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(select.isLoggedIn(actor.getSnapshot())).toBe(false);
    expect(select.needsEntrySurvey(actor.getSnapshot())).toBe(false);
  });

  it('any number of concurrent 401s cause exactly one refresh; success keeps the member and stores the new tokens', async () => {
    const refresh = deferred<CallResult<TokenSet>>();
    const { actor, calls, actions } = startSession({ refresh: () => refresh.promise });
    await tick();
    expect(select.isUserReady(actor.getSnapshot())).toBe(true);
    for (let i = 0; i < 5; i++) actor.send({ type: 'TOKENS_EXPIRED' });
    await tick();
    expect(select.isRefreshing(actor.getSnapshot())).toBe(true);
    expect(calls.refresh).toEqual([{ userID: restoredTokens.userID, refreshToken: restoredTokens.refreshToken }]);
    refresh.resolve({ ok: true, data: refreshedTokens });
    await tick();
    const s = actor.getSnapshot();
    expect(s.matches({ signedIn: 'ready' })).toBe(true);
    expect(select.tokens(s)).toEqual(refreshedTokens);
    expect(select.user(s)).toEqual(member);
    expect(calls.refresh).toHaveLength(1);
    expect(calls.getInfo).toHaveLength(1);
    expect(actions.persistTokens).toHaveBeenCalledExactlyOnceWith(refreshedTokens);
  });

  it('a refused refresh signs out once: session cleared, member state cleared, login popup opened once', async () => {
    const refresh = deferred<CallResult<TokenSet>>();
    const { actor, calls, actions } = startSession({ refresh: () => refresh.promise });
    await tick();
    for (let i = 0; i < 5; i++) actor.send({ type: 'TOKENS_EXPIRED' });
    refresh.resolve({ ok: false, code: 'NotAuthorizedException' });
    await tick();
    for (let i = 0; i < 3; i++) actor.send({ type: 'TOKENS_EXPIRED' });
    const s = actor.getSnapshot();
    expect(s.value).toBe('signedOut');
    expect(select.isLoggedIn(s)).toBe(false);
    expect(select.user(s)).toBeUndefined();
    expect(calls.refresh).toHaveLength(1);
    expect(actions.openLogin).toHaveBeenCalledTimes(1);
    expect(actions.clearMemberState).toHaveBeenCalledTimes(1);
    expect(actions.persistTokens).toHaveBeenCalledExactlyOnceWith(undefined);
  });

  it('an expired id token while loading the member refreshes, then loads the member with the new tokens', async () => {
    const answers: CallResult<UserInfo>[] = [{ ok: false, code: 'Unauthorized' }, userInfo];
    const { actor, calls } = startSession({ getInfo: async () => answers.shift() ?? userInfo });
    await tick();
    await tick();
    expect(select.isUserReady(actor.getSnapshot())).toBe(true);
    expect(calls.refresh).toHaveLength(1);
    expect(calls.getInfo).toEqual([{ accessToken: restoredTokens.accessToken }, { accessToken: refreshedTokens.accessToken }]);
  });

  it('a refresh that cannot reach the server keeps the tokens and lets the member retry', async () => {
    let fail = true;
    const { actor, calls } = startSession({
      refresh: async () => {
        if (fail) throw new Error('network down');
        return { ok: true, data: refreshedTokens };
      },
    });
    await tick();
    actor.send({ type: 'TOKENS_EXPIRED' });
    await tick();
    expect(actor.getSnapshot().value).toBe('refreshInterrupted');
    expect(select.hasConnectionProblem(actor.getSnapshot())).toBe(true);
    expect(select.errorCode(actor.getSnapshot())).toBe('NetworkError');
    expect(select.isLoggedIn(actor.getSnapshot())).toBe(true);
    fail = false;
    actor.send({ type: 'RETRY' });
    await tick();
    expect(select.isUserReady(actor.getSnapshot())).toBe(true);
    expect(select.errorCode(actor.getSnapshot())).toBeUndefined();
    expect(calls.refresh).toHaveLength(2);
  });

  it('sign-out revokes the tokens and clears the member state, even when the server cannot be reached', async () => {
    for (const signOut of [
      async () => ({ ok: true as const, data: {} }),
      async (): Promise<never> => {
        throw new Error('network down');
      },
    ]) {
      const { actor, calls, actions } = startSession({ signOut });
      await tick();
      actor.send({ type: 'SIGN_OUT' });
      expect(select.isSigningOut(actor.getSnapshot())).toBe(true);
      await tick();
      expect(actor.getSnapshot().value).toBe('signedOut');
      expect(select.isLoggedIn(actor.getSnapshot())).toBe(false);
      expect(calls.signOut).toEqual([{ accessToken: restoredTokens.accessToken, refreshToken: restoredTokens.refreshToken }]);
      expect(actions.clearMemberState).toHaveBeenCalledTimes(1);
      expect(actions.openLogin).not.toHaveBeenCalled();
    }
  });

  it('SIGNED_IN from a sign-in flow stores the tokens and loads the member', async () => {
    const actor = createActor(
      sessionMachine.provide({
        actors: { userGetInfo: fromPromise(async (): Promise<CallResult<UserInfo>> => userInfo) },
      }),
      { input: {} },
    ).start();
    actor.send({ type: 'SIGNED_IN', tokens: signedInTokens });
    expect(select.isLoggedIn(actor.getSnapshot())).toBe(true);
    await tick();
    expect(select.isUserReady(actor.getSnapshot())).toBe(true);
    expect(select.tokens(actor.getSnapshot())).toEqual(signedInTokens);
  });

  it('SIGNED_IN while the member is loading starts a fresh load with the new tokens', () => {
    const { actor, calls } = startSession({ getInfo: () => new Promise(() => {}) });
    actor.send({ type: 'SIGNED_IN', tokens: signedInTokens });
    expect(actor.getSnapshot().matches({ signedIn: 'loadingUser' })).toBe(true);
    expect(calls.getInfo).toEqual([{ accessToken: restoredTokens.accessToken }, { accessToken: signedInTokens.accessToken }]);
  });
});
