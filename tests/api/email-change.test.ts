import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  userConfirmUpdateEmail,
  userGetInfo,
  userLogin,
  userUpdateEmail,
  type TokenSet,
} from '../../contract/index.ts';
import { freshEmail, mailedCode, mails, MEMBER_PASSWORD, signUpMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const HOUR = 3_600_000;
let now = Date.parse('2026-11-21T02:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date(now) } });
});
afterAll(() => t.close());

const PASSWORD = MEMBER_PASSWORD;
const newEmail = () => freshEmail('changer');
const auth = (tokens: TokenSet) => ({ authorization: `Bearer ${tokens.idToken}` });

async function post(call: string, body: unknown, headers: Record<string, string> = {}) {
  return t.raw(`/api/${call}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
}

/** A verified member with a fresh address (or `email`), signed up through the API. */
const signUpAndVerify = (email = newEmail()) => signUpMember(t, { email });

const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

describe('changing the e-mail address', () => {
  it('mails a code to the new address, a notice to the old one, and changes on confirmation', async () => {
    const member = await signUpAndVerify();
    const target = newEmail();
    const before = (await mails(t, member.email)).length;
    expect(await t.call(userUpdateEmail, { accessToken: member.accessToken, email: target }, auth(member))).toEqual({});

    const { code, text } = await mailedCode(t, target);
    expect(text).toContain('confirm this e-mail address');
    expect(text).toContain('驗證碼');
    // The old address hears of it, without the code.
    const oldMails = await mails(t, member.email);
    expect(oldMails.length).toBe(before + 1);
    expect(oldMails[0]!.text).toContain(target);
    expect(oldMails[0]!.text).not.toContain(code);
    // Nothing changes until the code comes back.
    expect((await t.call(userGetInfo, { accessToken: member.accessToken }, auth(member))).userDetailInfo.email).toBe(member.email);

    const answer = await t.call(userConfirmUpdateEmail, { accessToken: member.accessToken, AttributeName: 'email', code }, auth(member));
    expect(answer.userDetailInfo).toMatchObject({ email: target, emailVerified: true, userID: member.userID });
    expect((await t.call(userGetInfo, { accessToken: member.accessToken }, auth(member))).userDetailInfo.email).toBe(target);

    // Sign-in works with the new address and no longer with the old one.
    expect((await t.call(userLogin, { email: target, password: PASSWORD })).userID).toBe(member.userID);
    expect((await post('user-login', { email: member.email, password: PASSWORD })).json?.ErrorCode).toBe('IncorrectUsernameOrPassword');
    // The code is spent.
    const again = await post('user-confirm-update-email', { accessToken: member.accessToken, AttributeName: 'email', code }, auth(member));
    expect(again.json?.ErrorCode).toBe('CodeMismatchException');
  });

  it('accepts the new address in any letter case, stored in lower case', async () => {
    const member = await signUpAndVerify();
    const target = newEmail();
    await t.call(userUpdateEmail, { accessToken: member.accessToken, email: target.toUpperCase() }, auth(member));
    const { code } = await mailedCode(t, target);
    const answer = await t.call(userConfirmUpdateEmail, { accessToken: member.accessToken, AttributeName: 'email', code }, auth(member));
    expect(answer.userDetailInfo.email).toBe(target);
  });

  it('refuses an address another account holds', async () => {
    const member = await signUpAndVerify();
    const other = await signUpAndVerify();
    const r = await post('user-update-email', { accessToken: member.accessToken, email: other.email.toUpperCase() }, auth(member));
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ ErrorCode: 'UsernameExistsException', message: 'An account with the given email already exists.' });
    // No code went out to the other member.
    expect((await mails(t, other.email)).length).toBe(1);
  });

  it('refuses at confirmation an address taken since the code was sent', async () => {
    const member = await signUpAndVerify();
    const target = newEmail();
    await t.call(userUpdateEmail, { accessToken: member.accessToken, email: target }, auth(member));
    const { code } = await mailedCode(t, target);
    await signUpAndVerify(target);
    const r = await post('user-confirm-update-email', { accessToken: member.accessToken, AttributeName: 'email', code }, auth(member));
    expect(r.json?.ErrorCode).toBe('UsernameExistsException');
    expect((await t.call(userGetInfo, { accessToken: member.accessToken }, auth(member))).userDetailInfo.email).toBe(member.email);
  });

  it('refuses the current address', async () => {
    const member = await signUpAndVerify();
    const r = await post('user-update-email', { accessToken: member.accessToken, email: member.email }, auth(member));
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'email' });
    expect((await mails(t, member.email)).length).toBe(1);
  });

  it('fails a wrong code, limits attempts, and expires codes', async () => {
    let member = await signUpAndVerify();
    const target = newEmail();
    const confirm = (code: string) =>
      post('user-confirm-update-email', { accessToken: member.accessToken, AttributeName: 'email', code }, auth(member));
    await t.call(userUpdateEmail, { accessToken: member.accessToken, email: target }, auth(member));
    const { code } = await mailedCode(t, target);
    expect((await confirm(wrongCode(code))).json?.ErrorCode).toBe('CodeMismatchException');
    for (let i = 0; i < 4; i++) await confirm(wrongCode(code));
    expect((await confirm(code)).json?.ErrorCode).toBe('LimitError');

    // A new code replaces the spent one; an hour later it has expired.
    await t.call(userUpdateEmail, { accessToken: member.accessToken, email: target }, auth(member));
    const fresh = (await mailedCode(t, target)).code;
    now += HOUR + 60_000;
    // The tokens of an hour ago have expired too: sign in again.
    member = { ...(await t.call(userLogin, { email: member.email, password: PASSWORD })), email: member.email };
    expect((await confirm(fresh)).json?.ErrorCode).toBe('ExpiredCodeException');
    expect((await t.call(userGetInfo, { accessToken: member.accessToken }, auth(member))).userDetailInfo.email).toBe(member.email);

    await t.call(userUpdateEmail, { accessToken: member.accessToken, email: target }, auth(member));
    const last = (await mailedCode(t, target)).code;
    expect((await confirm(last)).json?.result).toBe(true);
  });

  it('confirms only the newest code', async () => {
    const member = await signUpAndVerify();
    const first = newEmail();
    const second = newEmail();
    await t.call(userUpdateEmail, { accessToken: member.accessToken, email: first }, auth(member));
    const firstCode = (await mailedCode(t, first)).code;
    await t.call(userUpdateEmail, { accessToken: member.accessToken, email: second }, auth(member));
    const secondCode = (await mailedCode(t, second)).code;
    if (firstCode !== secondCode) {
      const r = await post('user-confirm-update-email', { accessToken: member.accessToken, AttributeName: 'email', code: firstCode }, auth(member));
      expect(r.json?.ErrorCode).toBe('CodeMismatchException');
    }
    const answer = await t.call(userConfirmUpdateEmail, { accessToken: member.accessToken, AttributeName: 'email', code: secondCode }, auth(member));
    expect(answer.userDetailInfo.email).toBe(second);
  });

  it('rate limits code requests per account', async () => {
    const member = await signUpAndVerify();
    const answers = [];
    for (let i = 0; i < 11; i++) {
      answers.push((await post('user-update-email', { accessToken: member.accessToken, email: newEmail() }, auth(member))).json as Record<string, unknown> | undefined);
    }
    expect(answers.slice(0, 10).every((a) => a?.result === true)).toBe(true);
    expect(answers[10]?.ErrorCode).toBe('LimitError');
  });

  it("refuses another member's access token, and no token at all", async () => {
    const member = await signUpAndVerify();
    const other = await signUpAndVerify();
    const target = newEmail();
    const update = await post('user-update-email', { accessToken: other.accessToken, email: target }, auth(member));
    expect(update.status).toBe(401);
    expect(await mails(t, target)).toEqual([]);

    await t.call(userUpdateEmail, { accessToken: member.accessToken, email: target }, auth(member));
    const { code } = await mailedCode(t, target);
    const confirm = await post('user-confirm-update-email', { accessToken: other.accessToken, AttributeName: 'email', code }, auth(member));
    expect(confirm.status).toBe(401);
    const anonymous = await post('user-confirm-update-email', { accessToken: member.accessToken, AttributeName: 'email', code });
    expect(anonymous.status).toBe(401);
    // The code still works for its owner.
    const answer = await t.call(userConfirmUpdateEmail, { accessToken: member.accessToken, AttributeName: 'email', code }, auth(member));
    expect(answer.userDetailInfo.email).toBe(target);
  });
});
