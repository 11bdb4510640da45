import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { thirdPartySignInMachine } from '../../machines/third-party-sign-in/third-party-sign-in.machine.ts';
import * as select from '../../machines/third-party-sign-in/third-party-sign-in.selectors.ts';
import type { CallResult, LoginCodeChallengeResult, TokenSet } from '../../machines/third-party-sign-in/third-party-sign-in.types.ts';
import { coverage, modelPaths } from './coverage.ts';
import { replayOnActor } from '../support/replay.ts';
import { linkedTokens, thirdPartySignInModel } from './third-party-sign-in.model.ts';

const paths = modelPaths(thirdPartySignInModel);

describe('thirdPartySignIn: model paths', () => {
  it('reach every state and take every transition', () => {
    const c = coverage(thirdPartySignInMachine, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, p) => {
    const { calls } = await replayOnActor(thirdPartySignInModel, p);
    for (const call of calls) {
      if (call.src === 'loginCodeChallenge') expect(call.input).toEqual({ Code: 'oidc-code-1', State: 'oidc-state-1' });
      if (call.src === 'userLinkThirdPartyAccountWithLogin') {
        expect(call.input).toEqual({ email: 'mei@example.com', password: 'Oolong2024', thirdPartyID: 'google-42' });
      }
    }
  });
});

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('thirdPartySignIn: behaviour', () => {
  it('an e-mail that already has an account is linked after its password, then signed in', async () => {
    const linked: unknown[] = [];
    let attempts = 0;
    const actor = createActor(
      thirdPartySignInMachine.provide({
        actors: {
          loginCodeChallenge: fromPromise(
            async (): Promise<LoginCodeChallengeResult> => ({
              ok: false,
              code: 'LinkRequired',
              data: { email: 'mei@example.com', thirdPartyID: 'google-42' },
            }),
          ),
          userLinkThirdPartyAccountWithLogin: fromPromise(async ({ input }): Promise<CallResult<TokenSet>> => {
            linked.push(input);
            return attempts++ === 0 ? { ok: false, code: 'IncorrectUsernameOrPassword' } : { ok: true, data: linkedTokens };
          }),
        },
      }),
      { input: { code: 'abc', state: 'xyz' } },
    ).start();
    expect(select.isBusy(actor.getSnapshot())).toBe(true);
    await tick();
    expect(select.needsPassword(actor.getSnapshot())).toBe(true);
    expect(select.linkEmail(actor.getSnapshot())).toBe('mei@example.com');
    actor.send({ type: 'SUBMIT_PASSWORD', password: 'wrong' });
    await tick();
    expect(select.errorCode(actor.getSnapshot())).toBe('IncorrectUsernameOrPassword');
    actor.send({ type: 'SUBMIT_PASSWORD', password: 'Oolong2024' });
    await tick();
    expect(select.isSignedIn(actor.getSnapshot())).toBe(true);
    expect(select.tokens(actor.getSnapshot())).toEqual(linkedTokens);
    expect(actor.getSnapshot().output).toEqual({ tokens: linkedTokens });
    expect(linked).toEqual([
      { email: 'mei@example.com', password: 'wrong', thirdPartyID: 'google-42' },
      { email: 'mei@example.com', password: 'Oolong2024', thirdPartyID: 'google-42' },
    ]);
  });

  it('a refused provider code ends the flow with the reason', async () => {
    const actor = createActor(
      thirdPartySignInMachine.provide({
        actors: {
          loginCodeChallenge: fromPromise(async (): Promise<LoginCodeChallengeResult> => ({ ok: false, code: 'NotAuthorizedException' })),
        },
      }),
      { input: { code: 'abc', state: 'xyz' } },
    ).start();
    await tick();
    expect(select.isRejected(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().output).toEqual({ errorCode: 'NotAuthorizedException' });
  });
});
