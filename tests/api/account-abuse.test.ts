/**
 * Issue 11: what an anonymous caller could do to the accounts: sign-ups without end, sign-in limits that
 * either a forged X-Forwarded-For bypassed or a guesser turned against the account's owner, sessions that
 * outlived a password change, and answers that told which e-mail addresses have accounts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userChangePassword, userLogin, userSignup, type TokenSet } from '../../contract/index.ts';
import { readConfig } from '../../server/config.ts';
import { freshClientAddress, freshEmail, mailedCode, mails, MEMBER_PASSWORD, signUpMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let now = Date.parse('2026-11-21T02:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date(now) }, seed: false });
});
afterAll(() => t.close());

const MINUTE = 60_000;
const auth = (tokens: TokenSet) => ({ authorization: `Bearer ${tokens.idToken}` });

async function post(call: string, body: unknown, headers: Record<string, string> = {}) {
  return t.raw(`/api/${call}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
}

/** A sign-in attempt from a client address, with a browser's cookie when it has one. */
async function signIn(email: string, password: string, from: { address: string; cookie?: string }) {
  return post('user-login', { email, password }, { 'x-forwarded-for': from.address, ...(from.cookie ? { cookie: from.cookie } : {}) });
}

/** The browser's cookie after an answer: what its Set-Cookie says, as name=value. */
const cookieFrom = (headers: Headers) => headers.get('set-cookie')?.split(';')[0];

describe('the client address behind proxies (TRUST_PROXY)', () => {
  it('reads TRUST_PROXY as a number of proxies', () => {
    expect(readConfig({}).trustProxy).toBe(0);
    expect(readConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(readConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(readConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(readConfig({ TRUST_PROXY: 'yes please' }).trustProxy).toBe(0);
  });

  it('does not let a rotated, client-written X-Forwarded-For entry spray passwords past the address limit', async () => {
    const answers: string[] = [];
    for (let i = 0; i < 31; i++) {
      // The left entry is the client's to write; our one proxy appended the address it saw.
      const r = await post('user-login', { email: freshEmail('sprayed'), password: 'Guess-2026' }, { 'x-forwarded-for': `10.9.${i}.1, 203.0.113.7` });
      answers.push(r.json?.ErrorCode as string);
    }
    expect(answers.slice(0, 30).every((code) => code === 'IncorrectUsernameOrPassword')).toBe(true);
    expect(answers[30]).toBe('LimitError');
    // Another client behind the same proxy is not affected.
    expect((await signIn(freshEmail('other'), 'Guess-2026', { address: '203.0.113.8' })).json?.ErrorCode).toBe('IncorrectUsernameOrPassword');
  });

  it('takes the client from as many places from the right as there are proxies', async () => {
    const two = await createTestApp({ trustProxy: 2, seed: false });
    try {
      const attempt = (forwarded: string) =>
        two.raw('/api/user-login', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': forwarded },
          body: JSON.stringify({ email: freshEmail('two'), password: 'Guess-2026' }),
        });
      // client-invented, real client, first proxy: the real client is counted whatever comes before it.
      for (let i = 0; i < 30; i++) await attempt(`1.2.3.${i}, 203.0.113.20, 10.0.0.2`);
      expect((await attempt('9.9.9.9, 203.0.113.20, 10.0.0.2')).json?.ErrorCode).toBe('LimitError');
      expect((await attempt('9.9.9.9, 203.0.113.21, 10.0.0.2')).json?.ErrorCode).toBe('IncorrectUsernameOrPassword');
    } finally {
      await two.close();
    }
  });

  it('counts only failed sign-ins against an address, so members behind one address are not locked out by signing in', async () => {
    const member = await signUpMember(t);
    for (let i = 0; i < 35; i++) {
      expect((await signIn(member.email, MEMBER_PASSWORD, { address: '203.0.113.50' })).status).toBe(200);
    }
  });
});

describe('guessing one account', () => {
  it('caps guesses from many addresses, but cannot lock the owner out of a browser they signed in from', async () => {
    const owner = await signUpMember(t);
    const home = { address: '203.0.113.60', cookie: '' };
    const first = await signIn(owner.email, MEMBER_PASSWORD, home);
    expect(first.status).toBe(200);
    home.cookie = cookieFrom(first.headers) ?? '';
    expect(home.cookie).toMatch(/^sg_device=/);
    expect(first.headers.get('set-cookie')).toMatch(/HttpOnly/i);

    // Someone who knows the e-mail guesses from ten addresses, then from more.
    const guesses: string[] = [];
    for (let i = 0; i < 12; i++) guesses.push((await signIn(owner.email, `Guess-${i}-2026`, { address: `198.51.100.${i}` })).json?.ErrorCode as string);
    expect(guesses.slice(0, 10).every((code) => code === 'IncorrectUsernameOrPassword')).toBe(true);
    expect(guesses.slice(10)).toEqual(['LimitError', 'LimitError']);
    // Even the right password is refused to a browser the account has not signed in from.
    expect((await signIn(owner.email, MEMBER_PASSWORD, { address: '198.51.100.99' })).json?.ErrorCode).toBe('LimitError');
    // A forged device cookie counts for nothing.
    expect((await signIn(owner.email, MEMBER_PASSWORD, { address: '198.51.100.98', cookie: 'sg_device=forged.token.here' })).json?.ErrorCode).toBe('LimitError');

    // The owner's own browser still signs in, and a mistyped password there spends only its own allowance.
    expect((await signIn(owner.email, 'Typo-2026', home)).json?.ErrorCode).toBe('IncorrectUsernameOrPassword');
    expect((await signIn(owner.email, MEMBER_PASSWORD, home)).status).toBe(200);

    // After the window, a new browser may try again.
    now += 16 * MINUTE;
    expect((await signIn(owner.email, MEMBER_PASSWORD, { address: '198.51.100.99' })).status).toBe(200);
  });

  it('limits a stolen device cookie to its own allowance', async () => {
    const owner = await signUpMember(t);
    const first = await signIn(owner.email, MEMBER_PASSWORD, { address: '203.0.113.61' });
    const device = { address: '203.0.113.61', cookie: cookieFrom(first.headers)! };
    const answers: string[] = [];
    for (let i = 0; i < 11; i++) answers.push((await signIn(owner.email, `Guess-${i}-2026`, device)).json?.ErrorCode as string);
    expect(answers[9]).toBe('IncorrectUsernameOrPassword');
    expect(answers[10]).toBe('LimitError');
  });
});

describe('sign-up', () => {
  it('takes ten sign-ups an hour from one address, and answers the rest LimitError before any work', async () => {
    const address = freshClientAddress();
    const answers: number[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await post('user-signup', { email: freshEmail('flood'), password: MEMBER_PASSWORD, given_name: 'A', family_name: 'B' }, { 'x-forwarded-for': address });
      answers.push(r.status);
    }
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(answers.slice(10)).toEqual([429, 429]);
    // Another address is not held up.
    await t.call(userSignup, { email: freshEmail(), password: MEMBER_PASSWORD, given_name: 'A', family_name: 'B' }, { 'x-forwarded-for': freshClientAddress() });
    now += 61 * MINUTE;
    expect((await post('user-signup', { email: freshEmail('flood'), password: MEMBER_PASSWORD, given_name: 'A', family_name: 'B' }, { 'x-forwarded-for': address })).status).toBe(200);
  });

  it('mails one recipient at most five codes an hour, whoever asks', async () => {
    const email = freshEmail('inbox');
    await t.call(userSignup, { email, password: MEMBER_PASSWORD, given_name: 'A', family_name: 'B' }, { 'x-forwarded-for': freshClientAddress() });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post('user-resend-confirmationcode', { email }, { 'x-forwarded-for': freshClientAddress() })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    expect(await mails(t, email)).toHaveLength(5);
  });
});

describe('a password change', () => {
  it('ends every other session, keeping the one that made it', async () => {
    const member = await signUpMember(t);
    const phone = { ...(await t.call(userLogin, { email: member.email, password: MEMBER_PASSWORD }, { 'x-forwarded-for': '203.0.113.70' })) };
    await t.call(userChangePassword, { accessToken: member.accessToken, previousPassword: MEMBER_PASSWORD, proposedPassword: 'Genmai2026' }, auth(member));

    expect((await post('user-get-info', { accessToken: phone.accessToken }, auth(phone))).status).toBe(401);
    expect((await post('user-refresh-token', { userID: phone.userID, refreshToken: phone.refreshToken })).json?.ErrorCode).toBe('NotAuthorizedException');
    // The session that changed it carries on, tokens and refresh alike.
    expect((await post('user-get-info', { accessToken: member.accessToken }, auth(member))).status).toBe(200);
    expect((await post('user-refresh-token', { userID: member.userID, refreshToken: member.refreshToken })).status).toBe(200);
  });
});

describe('answers that could tell whether an address has an account', () => {
  it('answers a wrong sign-up code alike for a confirmed account, an unconfirmed one and no account', async () => {
    const confirmed = await signUpMember(t);
    const unconfirmed = freshEmail('unconfirmed');
    await t.call(userSignup, { email: unconfirmed, password: MEMBER_PASSWORD, given_name: 'A', family_name: 'B' }, { 'x-forwarded-for': freshClientAddress() });
    const { code } = await mailedCode(t, unconfirmed);
    const wrong = code === '123456' ? '654321' : '123456';
    const answers = await Promise.all(
      [confirmed.email, unconfirmed, freshEmail('nobody')].map(async (email) => {
        const r = await post('user-confirm-signup', { email, confirmationCode: wrong });
        return { status: r.status, json: r.json };
      }),
    );
    expect(answers[0]).toEqual(answers[2]);
    expect(answers[1]).toEqual(answers[2]);
    expect(answers[2]!.json).toMatchObject({ ErrorCode: 'CodeMismatchException' });

    // Past the allowance of checks, LimitError for all three, and after it a spent code still says nothing more.
    for (const email of [confirmed.email, unconfirmed]) for (let i = 0; i < 4; i++) await post('user-confirm-signup', { email, confirmationCode: wrong });
    const nobody = freshEmail('nobody');
    for (let i = 0; i < 5; i++) await post('user-confirm-signup', { email: nobody, confirmationCode: wrong });
    for (const email of [confirmed.email, unconfirmed, nobody]) {
      expect((await post('user-confirm-signup', { email, confirmationCode: wrong })).json?.ErrorCode).toBe('LimitError');
    }
    now += 61 * MINUTE;
    const later = await Promise.all([unconfirmed, nobody].map(async (email) => (await post('user-confirm-signup', { email, confirmationCode: wrong })).json));
    expect(later[0]).toEqual(later[1]);
  });

  it('checks a new password’s rules before the reset code, for any address', async () => {
    const member = await signUpMember(t);
    const weak = await Promise.all(
      [member.email, freshEmail('nobody')].map(async (email) => (await post('user-confirm-forget-password', { email, confirmationCode: '123456', newpassword: 'weak' })).json),
    );
    expect(weak[0]).toEqual(weak[1]);
    expect(weak[0]).toMatchObject({ ErrorCode: 'InvalidPasswordException', field: 'newpassword' });
    const strong = await Promise.all(
      [member.email, freshEmail('nobody')].map(async (email) => (await post('user-confirm-forget-password', { email, confirmationCode: '123456', newpassword: 'Jasmine2026' })).json),
    );
    expect(strong[0]).toEqual(strong[1]);
    expect(strong[0]).toMatchObject({ ErrorCode: 'CodeMismatchException' });
  });

  it('answers a forgotten password for a known address before making its code or mail, as for an unknown one', async () => {
    // Work the request hands to the background is held here, so what the answer waited for can be seen
    // (asserted on work, not on the clock: how long each answer takes is `npm run bench`'s, bench/account-timing.ts).
    const held: Array<() => Promise<void>> = [];
    const background = t.deps.background;
    const run = background.run;
    background.run = (label, task) => void held.push(() => new Promise<void>((done) => run(label, () => task().finally(done))));
    try {
      const member = await signUpMember(t);
      await background.idle();
      const before = (await mails(t, member.email)).length;
      const known = await post('user-forget-password', { email: member.email });
      const unknown = await post('user-forget-password', { email: freshEmail('nobody') });
      expect(known.json).toEqual({ result: true });
      expect(unknown.json).toEqual(known.json);
      // Answered with the known address's code and mail still to make: the answer did not wait for them.
      expect(held).toHaveLength(1);
      expect(await mails(t, member.email)).toHaveLength(before);
      background.run = run;
      await Promise.all(held.map((task) => task()));
      // And the mail did arrive.
      expect(await mails(t, member.email)).toHaveLength(before + 1);
      expect((await mailedCode(t, member.email)).code).toMatch(/^\d{6}$/);
    } finally {
      background.run = run;
    }
  });
});
