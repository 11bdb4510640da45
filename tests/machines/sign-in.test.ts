import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { signInMachine } from '../../machines/sign-in/sign-in.machine.ts';
import * as select from '../../machines/sign-in/sign-in.selectors.ts';
import type { CallResult, TokenSet } from '../../machines/sign-in/sign-in.types.ts';
import { coverage, modelPaths } from './coverage.ts';
import { replayOnActor } from '../support/replay.ts';
import { loginTokens, signInModel } from './sign-in.model.ts';

const paths = modelPaths(signInModel);

describe('signIn: model paths', () => {
  it('reach every state and take every transition', () => {
    const c = coverage(signInMachine, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, p) => {
    const { calls } = await replayOnActor(signInModel, p);
    for (const call of calls) {
      if (call.src === 'userLogin') expect(call.input).toEqual({ email: 'mei@example.com', password: 'Oolong2024' });
      if (call.src === 'userForceChangePassword') {
        expect(call.input).toEqual({ email: 'mei@example.com', password: 'Pu-erh2025', session: 'session-1' });
      }
    }
  });
});

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('signIn: behaviour', () => {
  it('ResetPasswordRequire → new password → signed in with the tokens as output', async () => {
    const forced: unknown[] = [];
    const actor = createActor(
      signInMachine.provide({
        actors: {
          userLogin: fromPromise(
            async (): Promise<CallResult<TokenSet>> => ({ ok: false, code: 'ResetPasswordRequire', message: 'Set a new password', session: 'sess-9' }),
          ),
          userForceChangePassword: fromPromise(async ({ input }): Promise<CallResult<TokenSet>> => {
            forced.push(input);
            return { ok: true, data: loginTokens };
          }),
        },
      }),
    ).start();
    actor.send({ type: 'SUBMIT', email: 'mei@example.com', password: 'Temp-pass1' });
    expect(select.isBusy(actor.getSnapshot())).toBe(true);
    await tick();
    expect(actor.getSnapshot().value).toBe('newPasswordRequired');
    expect(select.needsNewPassword(actor.getSnapshot())).toBe(true);
    expect(select.errorCode(actor.getSnapshot())).toBeUndefined();
    actor.send({ type: 'SUBMIT_NEW_PASSWORD', password: 'Pu-erh2025' });
    await tick();
    expect(forced).toEqual([{ email: 'mei@example.com', password: 'Pu-erh2025', session: 'sess-9' }]);
    expect(select.isSignedIn(actor.getSnapshot())).toBe(true);
    expect(select.tokens(actor.getSnapshot())).toEqual(loginTokens);
    expect(actor.getSnapshot().output).toEqual({ tokens: loginTokens });
  });

  it('a wrong password returns to the form with the code; editing clears it', async () => {
    const actor = createActor(
      signInMachine.provide({
        actors: { userLogin: fromPromise(async (): Promise<CallResult<TokenSet>> => ({ ok: false, code: 'IncorrectUsernameOrPassword' })) },
      }),
    ).start();
    actor.send({ type: 'SUBMIT', email: 'mei@example.com', password: 'nope' });
    await tick();
    expect(select.canSubmit(actor.getSnapshot())).toBe(true);
    expect(select.errorCode(actor.getSnapshot())).toBe('IncorrectUsernameOrPassword');
    expect(select.email(actor.getSnapshot())).toBe('mei@example.com');
    actor.send({ type: 'EDIT' });
    expect(select.errorCode(actor.getSnapshot())).toBeUndefined();
  });

  it('an unreachable server shows the generic error; RETRY returns to the form', async () => {
    const actor = createActor(
      signInMachine.provide({
        actors: {
          userLogin: fromPromise(async (): Promise<CallResult<TokenSet>> => {
            throw new TypeError('Failed to fetch');
          }),
        },
      }),
    ).start();
    actor.send({ type: 'SUBMIT', email: 'mei@example.com', password: 'Oolong2024' });
    await tick();
    expect(select.hasFailed(actor.getSnapshot())).toBe(true);
    expect(select.errorCode(actor.getSnapshot())).toBe('NetworkError');
    actor.send({ type: 'RETRY' });
    expect(select.canSubmit(actor.getSnapshot())).toBe(true);
    expect(select.errorCode(actor.getSnapshot())).toBeUndefined();
  });
});
