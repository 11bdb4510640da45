/**
 * Issue 32: get-my-role tells the signed-in member their own role, so the back office shows an owner's pages,
 * staff's, or none; a visitor is refused 401 like any member call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMyRole } from '../../contract/index.ts';
import { setStaffRole } from '../../server/services/staff/members.ts';
import { signUpMember } from '../support/members.ts';
import { auth } from '../support/shop.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('get-my-role', () => {
  it('answers null for a member, then each role as it is given and taken away', async () => {
    const member = await signUpMember(t);
    expect(await t.call(getMyRole, {}, auth(member))).toEqual({ Role: null });
    for (const role of ['host', 'staff', 'owner'] as const) {
      await setStaffRole(t.deps, { email: member.email, role, actorUserId: null });
      expect(await t.call(getMyRole, {}, auth(member))).toEqual({ Role: role });
    }
    await setStaffRole(t.deps, { email: member.email, role: 'none', actorUserId: null });
    expect(await t.call(getMyRole, {}, auth(member))).toEqual({ Role: null });
  });

  it('refuses a visitor with 401', async () => {
    const res = await t.raw('/api/get-my-role', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(401);
  });
});
