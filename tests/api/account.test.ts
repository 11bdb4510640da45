import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkUsername,
  getPreSurvey,
  getPreSurveyResult,
  userChangePassword,
  userConfirmForgetPassword,
  userConfirmSignup,
  userForceChangePassword,
  userForgetPassword,
  userGetInfo,
  userLogin,
  userRefreshToken,
  userResendConfirmationCode,
  userSignOut,
  userSignup,
  userUpdateForgetPassword,
  userUpdateInfo,
  userUpdateName,
  submitPreSurvey,
  type TokenSet,
} from '../../contract/index.ts';
import { users } from '../../server/db/schema.ts';
import { demoMember } from '../../server/db/seed/member-data.ts';
import { freshEmail, mailedCode, MEMBER_PASSWORD, signUpMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const DAY = 86_400_000;
let now = Date.parse('2026-11-21T02:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date(now) } });
});
afterAll(() => t.close());

const PASSWORD = MEMBER_PASSWORD;
const auth = (tokens: TokenSet) => ({ authorization: `Bearer ${tokens.idToken}` });

async function post(call: string, body: unknown, headers: Record<string, string> = {}) {
  return t.raw(`/api/${call}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
}

describe('sign-up and verification', () => {
  it('mails a bilingual code and a link, verifies, and signs the member in', async () => {
    const email = freshEmail();
    await t.call(userSignup, { email, password: PASSWORD, given_name: 'Ka Yan', family_name: 'Wong', gender: 'female' });
    const { code, text } = await mailedCode(t, email);
    expect(text).toContain('verification code');
    expect(text).toContain('驗證碼');
    expect(text).toContain(`http://shop.test/verify_sign_up?email=${encodeURIComponent(email)}&code=${code}`);
    const tokens = await t.call(userConfirmSignup, { email, confirmationCode: code });
    const info = await t.call(userGetInfo, { accessToken: tokens.accessToken }, auth(tokens));
    expect(info.userDetailInfo).toMatchObject({ email, emailVerified: true, givenName: 'Ka Yan', gender: 'female' });
    expect(info.checking.PreSurvey).toBe(false);
  });

  it('refuses a duplicate e-mail, whatever its case', async () => {
    const { email } = await signUpMember(t);
    const r = await post('user-signup', { email: email.toUpperCase(), password: PASSWORD, given_name: 'A', family_name: 'B' });
    expect(r.json).toMatchObject({ ErrorCode: 'UsernameExistsException' });
  });

  it('enforces the password rules', async () => {
    for (const [password, problem] of [
      ['Short1', 'PasswordTooShort'],
      ['NOLOWER123', 'PasswordNoLowercase'],
      ['noupper123', 'PasswordNoUppercase'],
      ['NoNumbersHere', 'PasswordNoNumber'],
    ] as const) {
      const r = await post('user-signup', { email: freshEmail(), password, given_name: 'A', family_name: 'B' });
      expect(r.json).toMatchObject({ ErrorCode: 'InvalidPasswordException', field: 'password' });
      expect(r.json?.Problems).toContain(problem);
    }
  });

  it('fails wrong codes, limits attempts, and expires codes', async () => {
    const email = freshEmail();
    await t.call(userSignup, { email, password: PASSWORD, given_name: 'A', family_name: 'B' });
    const { code } = await mailedCode(t, email);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await post('user-confirm-signup', { email, confirmationCode: wrong })).json?.ErrorCode).toBe('CodeMismatchException');
    for (let i = 0; i < 4; i++) await post('user-confirm-signup', { email, confirmationCode: wrong });
    expect((await post('user-confirm-signup', { email, confirmationCode: code })).json?.ErrorCode).toBe('LimitError');

    await t.call(userResendConfirmationCode, { email });
    const fresh = (await mailedCode(t, email)).code;
    now += DAY + 60_000;
    expect((await post('user-confirm-signup', { email, confirmationCode: fresh })).json?.ErrorCode).toBe('ExpiredCodeException');
    await t.call(userResendConfirmationCode, { email });
    await t.call(userConfirmSignup, { email, confirmationCode: (await mailedCode(t, email)).code });
  });

  it('a resent code replaces the old one', async () => {
    const email = freshEmail();
    await t.call(userSignup, { email, password: PASSWORD, given_name: 'A', family_name: 'B' });
    const first = (await mailedCode(t, email)).code;
    await t.call(userResendConfirmationCode, { email });
    const second = (await mailedCode(t, email)).code;
    if (first !== second) {
      expect((await post('user-confirm-signup', { email, confirmationCode: first })).json?.ErrorCode).toBe('CodeMismatchException');
    }
    await t.call(userConfirmSignup, { email, confirmationCode: second });
  });
});

describe('sign-in', () => {
  it('answers an unknown e-mail and a wrong password identically', async () => {
    const unknown = await post('user-login', { email: 'nobody@example.com', password: PASSWORD });
    const wrong = await post('user-login', { email: demoMember.email, password: 'Wrong-password-1' });
    expect(unknown.status).toBe(400);
    expect(wrong.status).toBe(unknown.status);
    expect(wrong.json).toEqual(unknown.json);
    expect(unknown.json).toMatchObject({ ErrorCode: 'IncorrectUsernameOrPassword' });
  });

  it('signs the demo member in, and refuses an unverified or disabled account', async () => {
    const tokens = await t.call(userLogin, { email: demoMember.email, password: demoMember.password });
    expect(tokens.userID).toBe(demoMember.id);
    const email = freshEmail();
    await t.call(userSignup, { email, password: PASSWORD, given_name: 'A', family_name: 'B' });
    expect((await post('user-login', { email, password: PASSWORD })).json?.ErrorCode).toBe('UserNotConfirmedException');
    const disabled = await signUpMember(t);
    await t.db.update(users).set({ disabled: true }).where(eq(users.email, disabled.email));
    expect((await post('user-login', { email: disabled.email, password: PASSWORD })).json?.ErrorCode).toBe('AccountDisabled');
  });

  it('rate limits attempts on one account', async () => {
    const { email } = await signUpMember(t);
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push((await post('user-login', { email, password: 'Wrong-password-1' })).json?.ErrorCode);
    expect(answers.slice(0, 10).every((c) => c === 'IncorrectUsernameOrPassword')).toBe(true);
    expect(answers[10]).toBe('LimitError');
    expect((await post('user-login', { email, password: PASSWORD })).json?.ErrorCode).toBe('LimitError');
    now += 16 * 60_000;
    await t.call(userLogin, { email, password: PASSWORD });
  });

  it('asks for a new password when a reset is required', async () => {
    const { email } = await signUpMember(t);
    await t.db.update(users).set({ resetRequired: true }).where(eq(users.email, email));
    const r = await post('user-login', { email, password: PASSWORD });
    expect(r.json).toMatchObject({ ErrorCode: 'ResetPasswordRequire' });
    const session = r.json?.session as string;
    expect((await post('user-forceChange-password', { email, password: 'x', session, skipPassword: true })).json?.ErrorCode).toBe('ResetPasswordRequire');
    const tokens = await t.call(userForceChangePassword, { email, password: 'NewLeaf2026', session, skipPassword: false });
    expect(tokens.idToken).toBeTruthy();
    await t.call(userLogin, { email, password: 'NewLeaf2026' });
  });
});

describe('tokens and sessions', () => {
  it('rotates the refresh token on every use and revokes the family when an old one comes back', async () => {
    const first = await signUpMember(t);
    const second = await t.call(userRefreshToken, { userID: first.userID, refreshToken: first.refreshToken });
    expect(second.refreshToken).not.toBe(first.refreshToken);
    const third = await t.call(userRefreshToken, { userID: first.userID, refreshToken: second.refreshToken });
    expect((await post('user-get-info', { accessToken: third.accessToken }, auth(third))).status).toBe(200);

    const replay = await post('user-refresh-token', { userID: first.userID, refreshToken: first.refreshToken });
    expect(replay.json).toMatchObject({ ErrorCode: 'NotAuthorizedException', message: 'Refresh Token has been revoked' });
    // The whole family is gone: the newest refresh token and the id token stop working.
    expect((await post('user-refresh-token', { userID: first.userID, refreshToken: third.refreshToken })).json?.ErrorCode).toBe('NotAuthorizedException');
    expect((await post('user-get-info', { accessToken: third.accessToken }, auth(third))).status).toBe(401);
  });

  it('signing out revokes the session at once', async () => {
    const tokens = await signUpMember(t);
    await t.call(userSignOut, { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
    expect((await post('user-get-info', { accessToken: tokens.accessToken }, auth(tokens))).status).toBe(401);
    expect((await post('user-refresh-token', { userID: tokens.userID, refreshToken: tokens.refreshToken })).json?.ErrorCode).toBe('NotAuthorizedException');
  });

  it('id tokens expire, and a refresh brings new ones', async () => {
    const tokens = await signUpMember(t);
    now += 601_000;
    expect((await post('user-get-info', { accessToken: tokens.accessToken }, auth(tokens))).status).toBe(401);
    const fresh = await t.call(userRefreshToken, { userID: tokens.userID, refreshToken: tokens.refreshToken });
    expect((await post('user-get-info', { accessToken: fresh.accessToken }, auth(fresh))).status).toBe(200);
  });

  it('one member cannot read or change another member’s account', async () => {
    const a = await signUpMember(t);
    const b = await signUpMember(t);
    expect((await post('user-get-info', { accessToken: b.accessToken }, auth(a))).status).toBe(401);
    expect((await post('user-update-info', { accessToken: b.accessToken, bio: 'hijacked' }, auth(a))).status).toBe(401);
    const own = await t.call(userGetInfo, { accessToken: b.accessToken }, auth(b));
    expect(own.userDetailInfo.bio).toBe('');
  });
});

describe('forgotten passwords', () => {
  it('answers the same for an unknown e-mail and mails nothing', async () => {
    const r = await post('user-forget-password', { email: 'nobody-here@example.com' });
    expect(r.status).toBe(200);
    expect((await t.raw('/api/dev/outbox?email=nobody-here@example.com')).json?.Mails).toEqual([]);
  });

  it('resets with the mailed code, ends every session, and the old password stops working', async () => {
    const tokens = await signUpMember(t);
    await t.call(userForgetPassword, { email: tokens.email });
    const { code } = await mailedCode(t, tokens.email);
    const weak = await post('user-confirm-forget-password', { email: tokens.email, confirmationCode: code, newpassword: 'weak' });
    expect(weak.json).toMatchObject({ ErrorCode: 'InvalidPasswordException', field: 'newpassword' });
    await t.call(userConfirmForgetPassword, { email: tokens.email, confirmationCode: code, newpassword: 'Jasmine2026' });
    expect((await post('user-login', { email: tokens.email, password: PASSWORD })).json?.ErrorCode).toBe('IncorrectUsernameOrPassword');
    await t.call(userLogin, { email: tokens.email, password: 'Jasmine2026' });
    expect((await post('user-get-info', { accessToken: tokens.accessToken }, auth(tokens))).status).toBe(401);
  });

  it('resets once through the mailed link', async () => {
    const { email } = await signUpMember(t);
    await t.call(userForgetPassword, { email });
    const token = decodeURIComponent((await mailedCode(t, email)).text.match(/reset_password\?token=([^\s]+)/)![1]!);
    await t.call(userUpdateForgetPassword, { accessToken: token, proposedPassword: 'Pu3rhCake2026' });
    expect((await post('user-update-forget-password', { accessToken: token, proposedPassword: 'Another2026' })).json?.ErrorCode).toBe('ExpiredCodeException');
    await t.call(userLogin, { email, password: 'Pu3rhCake2026' });
  });

  it('changes the password of a signed-in member who knows the old one', async () => {
    const tokens = await signUpMember(t);
    const wrong = await post('user-change-password', { accessToken: tokens.accessToken, previousPassword: 'Nope12345', proposedPassword: 'Genmai2026' }, auth(tokens));
    expect(wrong.json?.ErrorCode).toBe('IncorrectUsernameOrPassword');
    await t.call(userChangePassword, { accessToken: tokens.accessToken, previousPassword: PASSWORD, proposedPassword: 'Genmai2026' }, auth(tokens));
    await t.call(userLogin, { email: tokens.email, password: 'Genmai2026' });
  });
});

describe('profile, addresses and username', () => {
  const address = {
    firstName: 'Ka Yan',
    lastName: 'Wong',
    countryCallingCode: '852',
    phone: '91234567',
    CountryID: 'HK',
    city: 'HK-wan-chai',
    address1: '1 Harbour Road',
    postalCode: '000000',
    label: 'home' as const,
  };

  it('updates profile fields and delivery addresses with one main address', async () => {
    const tokens = await signUpMember(t);
    const r = await t.call(
      userUpdateInfo,
      { accessToken: tokens.accessToken, title: 'Miss', birthday: '1990-05-17', bio: 'Oolong first.', deliveryAddress: [address, { ...address, label: 'office' }], mainDeliveryAddressIndex: 1 },
      auth(tokens),
    );
    expect(r.userDetailInfo).toMatchObject({ title: 'Miss', birthday: '1990-05-17', bio: 'Oolong first.', mainDeliveryAddressIndex: 1 });
    expect(r.userDetailInfo.deliveryAddress).toHaveLength(2);
  });

  it('refuses addresses outside the service range and bad formats', async () => {
    const tokens = await signUpMember(t);
    const outside = await post('user-update-info', { accessToken: tokens.accessToken, deliveryAddress: [{ ...address, CountryID: 'BR' }] }, auth(tokens));
    expect(outside.json).toMatchObject({ ErrorCode: 'InvalidParameter', message: 'Country must be within the service range' });
    const phone = await post('user-update-info', { accessToken: tokens.accessToken, deliveryAddress: [{ ...address, phone: '12ab' }] }, auth(tokens));
    expect(phone.json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'deliveryAddress.0.phone' });
    const index = await post('user-update-info', { accessToken: tokens.accessToken, deliveryAddress: [address], mainDeliveryAddressIndex: 3 }, auth(tokens));
    expect(index.json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'mainDeliveryAddressIndex' });
  });

  it('checks usernames, keeps them unique ignoring case, and makes changes wait', async () => {
    const tokens = await signUpMember(t);
    expect((await t.call(checkUsername, { name: 'MEI_SIPS' })).available).toBe(false);
    expect((await t.call(checkUsername, { name: 'new_sipper' })).available).toBe(true);
    expect((await post('check-username', { name: 'bad name!' })).json?.ErrorCode).toBe('InvalidParameter');
    const taken = await post('user-update-name', { accessToken: tokens.accessToken, name: 'Mei_Sips' }, auth(tokens));
    expect(taken.json?.ErrorCode).toBe('NameAlreadyExists');

    // Choosing the first username starts no wait; changing it does.
    await t.call(userUpdateName, { accessToken: tokens.accessToken, name: 'new_sipper' }, auth(tokens));
    const renamed = await t.call(userUpdateName, { accessToken: tokens.accessToken, name: 'newer_sipper' }, auth(tokens));
    expect(renamed.userDetailInfo.name).toBe('newer_sipper');
    expect(renamed.userDetailInfo.nameChangeAllowedAt).toBeDefined();
    now += 10 * DAY;
    const later = await t.call(userRefreshToken, { userID: tokens.userID, refreshToken: tokens.refreshToken });
    const soon = await post('user-update-name', { accessToken: later.accessToken, name: 'newest_sipper' }, auth(later));
    expect(soon.json).toMatchObject({ ErrorCode: 'UpdateNameLimit', DaysRemaining: 20 });
    now += 21 * DAY;
    const fresh = await t.call(userRefreshToken, { userID: tokens.userID, refreshToken: later.refreshToken });
    await t.call(userUpdateName, { accessToken: fresh.accessToken, name: 'newest_sipper' }, auth(fresh));
  });
});

describe('entry survey', () => {
  it('is due for a new member, refuses incomplete answers, and cannot be submitted twice', async () => {
    const tokens = await signUpMember(t);
    const { Survey } = await t.call(getPreSurvey, {}, auth(tokens));
    expect(Survey.Questions.length).toBeGreaterThan(1);
    const incomplete = await post('submitPreSurvey', { Survey: { SurveyID: Survey.SurveyID, Answers: [{ QuestionID: 'drinks', OptionIDs: ['tea'] }] } }, auth(tokens));
    expect(incomplete.json?.ErrorCode).toBe('SurveyNotComplete');
    const invalid = await post('submitPreSurvey', { Survey: { SurveyID: Survey.SurveyID, Answers: [{ QuestionID: 'drinks', OptionIDs: ['beer'] }] } }, auth(tokens));
    expect(invalid.json?.ErrorCode).toBe('InvalidParameter');

    const answers = [
      { QuestionID: 'drinks', OptionIDs: ['tea', 'coffee'] },
      { QuestionID: 'frequency', OptionIDs: ['weekly'] },
    ];
    const submitted = await t.call(submitPreSurvey, { Survey: { SurveyID: Survey.SurveyID, Answers: answers } }, auth(tokens));
    const info = await t.call(userGetInfo, { accessToken: tokens.accessToken }, auth(tokens));
    expect(info.checking.PreSurvey).toBe(true);
    const result = await t.call(getPreSurveyResult, {}, auth(tokens));
    expect(result).toMatchObject({ Answers: answers, SubmitTime: submitted.SubmitTime });
    const again = await post('submitPreSurvey', { Survey: { SurveyID: Survey.SurveyID, Answers: answers } }, auth(tokens));
    expect(again.json?.ErrorCode).toBe('SurveyCannotResubmit');
  });

  it('needs a signed-in member', async () => {
    expect((await post('getPreSurvey', {})).status).toBe(401);
  });
});
