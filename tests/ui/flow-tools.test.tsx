import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor as settled } from 'xstate';
import { userLogin } from '../../contract/index.ts';
import { formatPlan, testPlan } from '../../flows/plan.ts';
import { isUserReady } from '../../machines/session/session.selectors.ts';
import { demoMember } from '../../server/db/seed/member-data.ts';
import { maskedCopy, MASK } from '../../src/app/masking.ts';
import { diff } from '../../src/features/flow-tools/snapshot-diff.ts';
import { signUpModel } from '../machines/sign-up.model.ts';
import { renderApp } from '../support/render-app.tsx';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
});
afterAll(() => server.close());

// jsdom's URL cannot make file paths; tests run from the repository root.
const machinesDir = path.join(process.cwd(), 'machines/');
/** Every machine folder on disk: the atlas must list each without being told. */
const flowsOnDisk = readdirSync(machinesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(`${machinesDir}${d.name}/${d.name}.machine.ts`))
  .map((d) => d.name)
  .sort();

const chart = () => screen.findByRole('img', { name: 'Statechart of signUp' }, { timeout: 20_000 });
const activeStates = (svg: Element) =>
  [...svg.querySelectorAll('[data-state][data-active="true"]')].map((g) => g.getAttribute('data-state')).sort();

describe('the flow atlas (/testing)', () => {
  it('lists every machine folder under machines/', async () => {
    await renderApp(server, '/testing');
    const nav = await screen.findByRole('navigation', { name: 'Machines' });
    const listed = within(nav)
      .getAllByRole('button')
      .map((b) => b.textContent)
      .sort();
    expect(listed).toEqual(flowsOnDisk);
    expect(listed).toEqual(expect.arrayContaining(['session', 'sign-in', 'sign-up']));
  });

  it('draws the machine as an SVG statechart and runs it with fixture actors', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp(server, '/testing');
    await user.click(await screen.findByRole('button', { name: 'sign-up' }));
    expect(router.state.location.search).toEqual({ machine: 'sign-up' });
    expect(await screen.findByRole('heading', { level: 2, name: 'signUp' })).toBeTruthy();
    const svg = await chart();

    // States (nested ones too), an initial marker, the final state, labels with event, guard and delay, descriptions.
    const states = [...svg.querySelectorAll('[data-state]')].map((g) => g.getAttribute('data-state'));
    expect(states).toEqual(expect.arrayContaining(['signUp.editing', 'signUp.verifying', 'signUp.verifying.code.waiting', 'signUp.verifying.resend.cooldown']));
    expect(svg.querySelector('[data-initial-of="signUp.verifying.code"]')).not.toBeNull();
    expect(svg.querySelector('[data-state="signUp.verified"] .sc-final')).not.toBeNull();
    const labels = [...svg.querySelectorAll('.sc-label')].map((t) => [...t.querySelectorAll('tspan')].map((line) => line.textContent).join(' '));
    expect(labels).toEqual(expect.arrayContaining(['SUBMIT', 'done: userSignup [succeeded]', 'after resendCooldown', 'always [hasEmail]']));
    expect(svg.textContent).toContain('invoke: userSignup');
    expect(svg.textContent).toContain('The sign-up form (e-mail, password,');
    // Full descriptions, as text too (readable at any width).
    const stateList = within(document.querySelector<HTMLElement>('.flow-states')!);
    expect(stateList.getByText(/^Creating the account \(user-signup\); the server e-mails/).tagName).toBe('DD');

    // Clicking enabled events moves the highlight.
    expect(activeStates(svg)).toEqual(['signUp', 'signUp.editing']);
    const events = screen.getByRole('group', { name: 'Events' });
    expect(within(events).getAllByRole('button').map((b) => b.textContent)).toEqual(['SUBMIT']);
    await user.click(within(events).getByRole('button', { name: 'SUBMIT' }));
    expect(activeStates(svg)).toEqual(['signUp', 'signUp.submitting']);
    await user.click(within(screen.getByRole('group', { name: 'Actors answer' })).getByRole('button', { name: 'userSignup → ok' }));
    expect(activeStates(svg)).toEqual([
      'signUp',
      'signUp.verifying',
      'signUp.verifying.code',
      'signUp.verifying.code.waiting',
      'signUp.verifying.resend',
      'signUp.verifying.resend.cooldown',
    ]);
    // A named delay, fast-forwarded.
    await user.click(within(screen.getByRole('group', { name: 'Delays (fast-forward)' })).getByRole('button', { name: 'after resendCooldown (30 s)' }));
    expect(activeStates(svg)).toContain('signUp.verifying.resend.canResend');
    expect(screen.getByTestId('current-state').textContent).toBe('verifying.code.waiting + verifying.resend.canResend');

    // Rewind to the step after SUBMIT.
    await user.click(screen.getByRole('button', { name: 'Rewind to step 2' }));
    expect(activeStates(svg)).toEqual(['signUp', 'signUp.submitting']);
    expect(screen.queryByRole('button', { name: 'Rewind to step 2' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'userSignup → UsernameExistsException' }));
    expect(activeStates(svg)).toEqual(['signUp', 'signUp.editing']);
    expect(within(screen.getByRole('group', { name: 'Events' })).getAllByRole('button').map((b) => b.textContent)).toEqual(['SUBMIT', 'EDIT']);
  });

  it('exports the source path, the JSON definition, the SVG and the paths of npm run paths', async () => {
    const user = userEvent.setup();
    await renderApp(server, '/testing?machine=sign-up');
    await chart();
    expect(screen.getAllByText('machines/sign-up/sign-up.machine.ts').length).toBeGreaterThan(0);

    const json = screen.getByRole('link', { name: 'Definition (JSON)' }) as HTMLAnchorElement;
    expect(json.getAttribute('download')).toBe('sign-up.json');
    const definition = JSON.parse(decodeURIComponent(json.href.replace(/^data:application\/json;charset=utf-8,/, '')));
    expect(definition).toMatchObject({ id: 'signUp', states: { editing: { on: { SUBMIT: [{ target: ['#signUp.submitting'] }] } } } });

    const svgLink = screen.getByRole('link', { name: 'Statechart (SVG)' }) as HTMLAnchorElement;
    svgLink.addEventListener('click', (e) => e.preventDefault()); // jsdom cannot navigate to a download
    await user.click(svgLink);
    const svgText = decodeURIComponent(svgLink.href.replace(/^data:image\/svg\+xml;charset=utf-8,/, ''));
    expect(svgText).toMatch(/^<\?xml[^>]*>\n<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svgText).toContain('<style>');
    expect(svgText).toContain('resendCooldown');

    await user.click(screen.getByRole('button', { name: 'Test plan (npm run paths -- sign-up)' }));
    const plan = await screen.findByLabelText('paths', {}, { timeout: 20_000 });
    // The same text the CLI prints for this machine (same fixtures, same code).
    expect(plan.textContent).toBe(formatPlan(testPlan(signUpModel as never), signUpModel.machine, 'machines/sign-up/sign-up.machine.ts'));
    expect(plan.textContent).toContain('1. in editing, send SUBMIT');
  });
});

describe('the live inspector (/testing2)', () => {
  it('shows the session actor and its events, with tokens masked', async () => {
    const user = userEvent.setup();
    const { services } = await renderApp(server, '/testing2');
    await screen.findByRole('heading', { level: 1, name: 'Live inspector' });
    // The page says hello; the app (the same page here) answers with its actors.
    const table = await screen.findByRole('table');
    // Earlier tests' apps in this file are other pages, and answer too; this page's session is named so.
    const ownSession = await waitFor(() => {
      const row = [...table.querySelectorAll<HTMLElement>('tr[data-actor="session"]')].find((tr) => tr.textContent?.includes('this page'));
      expect(row).toBeDefined();
      return row!;
    });

    const tokens = await server.call(userLogin, { email: demoMember.email, password: demoMember.password });
    act(() => services.session.send({ type: 'SIGNED_IN', tokens }));
    await act(() => settled(services.session, isUserReady));

    const log = await screen.findByRole('list', { name: 'Event log' });
    const signedIn = await waitFor(() => {
      const entry = log.querySelector('li[data-actor="session"][data-event="SIGNED_IN"]');
      expect(entry).not.toBeNull();
      return entry as HTMLElement;
    });
    // The calls the session makes are actors too.
    await waitFor(() => expect(log.querySelector('li[data-actor="session › userGetInfo"]')).not.toBeNull());

    await user.click(within(signedIn).getByText('SIGNED_IN'));
    expect(signedIn.textContent).toContain('•••');
    expect(signedIn.textContent).not.toContain(tokens.idToken);
    expect(signedIn.textContent).not.toContain(tokens.refreshToken);
    expect(within(signedIn).getAllByText(/^context\.tokens/).length).toBeGreaterThan(0);

    // Filter by actor.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Actor' }), 'session (this page)');
    expect([...log.querySelectorAll(':scope > li')].every((li) => li.getAttribute('data-actor') === 'session')).toBe(true);

    // The actor's current snapshot, masked too.
    await user.click(within(ownSession).getByRole('button', { name: 'session' }));
    const detail = screen.getByRole('region', { name: 'Snapshot of session' });
    expect(detail.textContent).toContain(demoMember.email);
    expect(detail.textContent).not.toContain(tokens.accessToken);
  });
});

describe('what the inspector may show', () => {
  it('masks tokens, card data and passwords, by key and by look, and keeps the rest', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1MSJ9.c2lnbmF0dXJl';
    const masked = maskedCopy({
      type: 'PAY',
      tokens: { idToken: jwt, accessToken: 'a-1', refreshToken: 'r-1', userID: 'u1' },
      password: 'Oolong2026',
      card: { number: '4242424242424242' },
      cardNumber: '4000 0000 0000 0002',
      cvc: '123',
      note: `Bearer ${jwt}`,
      pasted: '4242424242424242',
      orderNumber: '1234567890123',
      code: 'UsernameExistsException',
      coupon: { code: '70600' },
      verification: { code: '123456' },
      email: 'mei@example.com',
      amount: 18000,
      when: new Date('2026-11-01T04:00:00Z'),
    });
    expect(masked).toEqual({
      type: 'PAY',
      tokens: MASK,
      password: MASK,
      card: MASK,
      cardNumber: `${MASK} 0002`,
      cvc: MASK,
      note: `Bearer ${MASK} (JWT)`,
      pasted: `${MASK} 4242`,
      orderNumber: '1234567890123', // not a card number (Luhn)
      code: 'UsernameExistsException',
      coupon: { code: '70600' },
      verification: { code: MASK },
      email: 'mei@example.com',
      amount: 18000,
      when: '2026-11-01T04:00:00.000Z',
    });
    expect(maskedCopy({ idToken: undefined, value: jwt })).toEqual({ idToken: undefined, value: `${MASK} (JWT)` });
  });

  it('copies cycles and actor references as text', () => {
    const loop: Record<string, unknown> = { name: 'loop' };
    loop.self = loop;
    const actor = { id: 'userGetInfo', sessionId: 'x:3', send: () => {} };
    expect(maskedCopy({ loop, child: actor })).toEqual({ loop: { name: 'loop', self: '[cycle]' }, child: '[actor userGetInfo]' });
  });

  it('diffs snapshots path by path', () => {
    expect(
      diff(
        { status: 'active', value: 'signedOut', context: { user: { name: 'a' }, list: [1, 2] } },
        { status: 'active', value: { signedIn: 'loadingUser' }, context: { user: { name: 'b' }, list: [1], tokens: MASK } },
      ),
    ).toEqual([
      { path: 'value', kind: 'changed', before: 'signedOut', after: { signedIn: 'loadingUser' } },
      { path: 'context.user.name', kind: 'changed', before: 'a', after: 'b' },
      { path: 'context.list[1]', kind: 'removed', before: 2 },
      { path: 'context.tokens', kind: 'added', after: MASK },
    ]);
  });
});
