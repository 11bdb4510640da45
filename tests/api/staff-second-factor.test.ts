/**
 * Issue 32: staff sign in with a second factor. Where the shop requires it (production, or STAFF_SECOND_FACTOR),
 * back-office calls answer 403 SecondFactorRequired until this sign-in session has passed a code from the
 * member's authenticator app (TOTP); the first code completes the set-up; a code is taken once; the pass lasts
 * STAFF_SECOND_FACTOR_HOURS, and a new sign-in asks again. Hosts and members without a role set nothing up.
 */
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_SECOND_FACTOR_HOURS, userLogin, type TokenSet } from '../../contract/index.ts';
import { setStaffRole } from '../../server/services/staff/members.ts';
import { MEMBER_PASSWORD, signUpMember } from '../support/members.ts';
import { auth } from '../support/shop.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const clock = { ms: Date.parse('2026-11-30T09:00:00Z'), now() { return new Date(this.ms); } };
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock, staffSecondFactor: true });
});
afterAll(() => t?.close());

const post = (name: string, body: object, m: TokenSet) =>
  t.raw(`/api/${name}`, { method: 'POST', headers: { 'content-type': 'application/json', ...auth(m) }, body: JSON.stringify(body) });

/** The code the member's app shows at the clock's time, `steps` periods later. */
const codeFor = (secret: string, steps = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: clock.ms + steps * 30_000 });

async function staffMember(role: 'staff' | 'owner' | 'host' = 'staff') {
  const m = await signUpMember(t);
  await setStaffRole(t.deps, { email: m.email, role, actorUserId: null });
  return m;
}

describe('the back office’s second factor', () => {
  it('is set up with the first code, then lets this session in, once per code', async () => {
    const staff = await staffMember();
    const refused = await post('staff-list-orders', {}, staff);
    expect([refused.status, refused.json?.ErrorCode]).toEqual([403, 'SecondFactorRequired']);
    expect((await post('get-staff-second-factor', {}, staff)).json).toMatchObject({ Required: true, Enrolled: false, VerifiedUntil: null });

    const enrolled = (await post('enroll-staff-second-factor', {}, staff)).json as unknown as { Secret: string; OtpauthURI: string };
    expect(enrolled.OtpauthURI).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    const wrong = await post('verify-staff-second-factor', { Code: codeFor(enrolled.Secret) === '000000' ? '111111' : '000000' }, staff);
    expect([wrong.status, wrong.json?.ErrorCode, wrong.json?.field]).toEqual([400, 'CodeMismatchException', 'Code']);
    expect((await post('staff-list-orders', {}, staff)).status).toBe(403);

    // The same code sent twice at once passes once.
    const code = codeFor(enrolled.Secret);
    const answers = await Promise.all([0, 1].map(() => post('verify-staff-second-factor', { Code: code.replace(/(\d{3})/, '$1 ') }, staff)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect((await post('staff-list-orders', {}, staff)).status).toBe(200);
    const status = (await post('get-staff-second-factor', {}, staff)).json!;
    expect(status).toMatchObject({ Required: true, Enrolled: true });
    expect(Date.parse(status.VerifiedUntil as string)).toBe(clock.ms + STAFF_SECOND_FACTOR_HOURS * 3_600_000);

    // Set up once: a second set-up is refused, so a stolen session cannot swap the app.
    const again = await post('enroll-staff-second-factor', {}, staff);
    expect([again.status, again.json?.ErrorCode]).toEqual([400, 'SecondFactorEnrolled']);
  });

  it('lasts its hours on the session; a new sign-in asks again', async () => {
    const owner = await staffMember('owner');
    const { Secret } = (await post('enroll-staff-second-factor', {}, owner)).json as unknown as { Secret: string };
    expect((await post('verify-staff-second-factor', { Code: codeFor(Secret) }, owner)).status).toBe(200);
    expect((await post('list-staff', {}, owner)).status).toBe(200);

    const other = await t.call(userLogin, { email: owner.email, password: MEMBER_PASSWORD });
    expect((await post('list-staff', {}, other)).json?.ErrorCode).toBe('SecondFactorRequired');

    clock.ms += STAFF_SECOND_FACTOR_HOURS * 3_600_000 + 60_000;
    const later = await t.call(userLogin, { email: owner.email, password: MEMBER_PASSWORD });
    expect((await post('list-staff', {}, later)).json?.ErrorCode).toBe('SecondFactorRequired');
    expect((await post('verify-staff-second-factor', { Code: codeFor(Secret) }, later)).status).toBe(200);
    expect((await post('list-staff', {}, later)).status).toBe(200);
  });

  it('is limited after five wrong codes', async () => {
    const staff = await staffMember();
    const { Secret } = (await post('enroll-staff-second-factor', {}, staff)).json as unknown as { Secret: string };
    const bad = codeFor(Secret, 20);
    for (let i = 0; i < 5; i++) expect((await post('verify-staff-second-factor', { Code: bad }, staff)).status).toBe(400);
    expect((await post('verify-staff-second-factor', { Code: codeFor(Secret) }, staff)).status).toBe(429);
  });

  it('is nothing for a member without a role or a host; a bad code is a 400 naming the field', async () => {
    const member = await signUpMember(t);
    expect((await post('get-staff-second-factor', {}, member)).json).toMatchObject({ Required: false, Enrolled: false });
    expect((await post('enroll-staff-second-factor', {}, member)).status).toBe(403);
    const host = await staffMember('host');
    expect((await post('get-staff-second-factor', {}, host)).json).toMatchObject({ Required: false });
    expect((await post('enroll-staff-second-factor', {}, host)).json?.ErrorCode).toBe('Forbidden');
    const staff = await staffMember();
    const letters = await post('verify-staff-second-factor', { Code: 'abcdef' }, staff);
    expect([letters.status, letters.json?.field]).toEqual([400, 'Code']);
  });
});
