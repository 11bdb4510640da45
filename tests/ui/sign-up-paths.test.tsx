/**
 * The sign-up model's paths, run against the rendered sign-up popup: every user event is done the
 * way a person does it (typing, clicking), every call the path lets answer is answered over HTTP the
 * way the server would (the call is held until then), every delay is a fake-timer advance. After each
 * step the screen must show what the machine's expected state means (through the machine's selectors).
 */
import { i18n } from '@lingui/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnyEventObject, AnyStateMachine } from 'xstate';
import { coverage, DONE, ERROR, AFTER, modelPaths, type ModelSnapshot } from '../../flows/model.ts';
import * as signUp from '../../machines/sign-up/sign-up.selectors.ts';
import { authMessage } from '../../src/api/account-messages.ts';
import { renderApp } from '../support/render-app.tsx';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { covering, heldCalls, httpAnswer } from '../support/ui-paths.ts';
import { signUpModel, verifiedTokens } from '../machines/sign-up.model.ts';

/** The calls the machine's actors make, by actor name. */
const CALLS: Record<string, string> = {
  userSignup: 'user-signup',
  userConfirmSignup: 'user-confirm-signup',
  userResendConfirmationCode: 'user-resend-confirmationcode',
};

const allPaths = modelPaths(signUpModel);

const uiPaths = covering(signUpModel.machine as AnyStateMachine, allPaths);

let server: TestApp;
let held: ReturnType<typeof heldCalls>;
let app: Awaited<ReturnType<typeof renderApp>>;

beforeAll(async () => {
  server = await createTestApp();
});
afterAll(() => server.close());
afterEach(() => vi.useRealTimers());

async function open(input: { email?: string }) {
  // The sign-up calls wait for the path. The fixture tokens mean nothing to the server, so the
  // member's calls after sign-in (and a refresh) wait for ever instead of ending the session.
  held = heldCalls(
    (call, init) => Object.values(CALLS).includes(call) || new Headers(init?.headers).has('authorization') || call === 'user-refresh-token',
  );
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  app = await renderApp(server, '/home', { wrapFetch: held.wrapFetch });
  await screen.findByRole('heading', { name: 'Shop by type' });
  act(() => app.services.popups.open('signUp', input.email ? { email: input.email } : {}));
}

const dialog = (expected: ModelSnapshot) =>
  screen.findByRole('dialog', { name: signUp.isVerifying(expected as never) ? 'Verify your e-mail' : 'Create an account' });

async function fill(label: string, value: string) {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const field = within(screen.getByRole('dialog')).getByLabelText(label);
  await user.clear(field);
  if (value) await user.type(field, value);
}

async function perform(event: AnyEventObject, before: ModelSnapshot) {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const box = within(await dialog(before));
  if (event.type === 'SUBMIT') {
    await fill('Given name', event.given_name);
    await fill('Family name', event.family_name);
    await fill('E-mail', event.email);
    await fill('Password', event.password);
    await fill('Confirm password', event.password);
    await user.selectOptions(box.getByLabelText('Gender (optional)'), event.gender ?? '');
    await user.click(box.getByRole('button', { name: 'Create account' }));
  } else if (event.type === 'EDIT') {
    // The form step edits a name; the code step clears the (full, six-digit) code. Either hides a refused answer's message.
    if (signUp.isVerifying(before as never)) await user.clear(box.getByLabelText('Verification code'));
    else await user.type(box.getByLabelText('Given name'), 'a');
  } else if (event.type === 'SUBMIT_CODE') {
    await fill('Verification code', event.code);
    await user.click(box.getByRole('button', { name: 'Verify' }));
  } else if (event.type === 'RESEND') {
    await user.click(box.getByRole('button', { name: 'Send a new code' }));
  } else if (event.type.startsWith(DONE) || event.type.startsWith(ERROR)) {
    const actor = event.type.replace(/^xstate\.(done|error)\.actor\./, '');
    const call = CALLS[actor]!;
    await held.answerOldest(call, httpAnswer(event, { message: (code) => code }));
  } else if (event.type.startsWith(AFTER)) {
    const delay = (signUpModel.machine.implementations.delays as Record<string, number>)[event.type.slice(AFTER.length).split('.')[0]!]!;
    await act(async () => vi.advanceTimersByTime(delay));
  } else {
    throw new Error(`no UI action for ${event.type}`);
  }
}

/** What the popup shows for a state of the machine. */
async function expectScreen(expected: ModelSnapshot, what: string) {
  const s = expected as never;
  if (signUp.isVerified(s)) {
    // Signed in: the tokens went to the session and the popup closed.
    await waitFor(() => expect(app.services.popups.get().map((p) => p.name), what).not.toContain('signUp'));
    expect(app.services.session.getSnapshot().context.tokens, what).toMatchObject(verifiedTokens);
    return;
  }
  const box = await dialog(expected);
  await waitFor(() => {
    expect(box.querySelector('form')?.getAttribute('aria-busy'), `${what}: busy`).toBe(String(signUp.isBusy(s)));
    const code = signUp.errorCode(s);
    expect(box.querySelector('.form-error')?.textContent, `${what}: error`).toBe(code ? i18n._(authMessage(code)) : undefined);
    if (signUp.isVerifying(s)) {
      expect((within(box).getByRole('button', { name: /Verify|Checking/ }) as HTMLButtonElement).disabled, `${what}: verify`).toBe(
        !signUp.canSubmitCode(s),
      );
      expect((within(box).getByRole('button', { name: 'Send a new code' }) as HTMLButtonElement).disabled, `${what}: resend`).toBe(
        !signUp.canResend(s),
      );
    } else {
      expect((within(box).getByRole('button', { name: /Create account|Creating/ }) as HTMLButtonElement).disabled, `${what}: submit`).toBe(
        signUp.isBusy(s),
      );
    }
  });
}

describe('sign-up paths against the rendered popup', () => {
  it('the paths run here reach every state and every transition the popup can send', () => {
    const c = coverage(signUpModel.machine as AnyStateMachine, uiPaths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
    expect(uiPaths.length).toBeLessThan(allPaths.length);
  });

  it.each(uiPaths.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    await open(path.input as { email?: string });
    const [first, ...rest] = path.path.steps;
    await expectScreen(first!.state, 'start');
    let before = first!.state;
    for (const [i, step] of rest.entries()) {
      await perform(step.event, before);
      await expectScreen(step.state, `step ${i + 1} (${step.event.type})`);
      if (step.event.type === 'SUBMIT') {
        const request = await waitFor(() => held.requests('user-signup')[0] ?? Promise.reject(new Error('user-signup not called')));
        expect(request.body).toMatchObject({ email: step.event.email, given_name: step.event.given_name, password: step.event.password });
      }
      before = step.state;
    }
  });
});
