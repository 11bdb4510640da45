/**
 * Who runs the seeded shop (issue 32): an owner to try the back office with, signing in with the demo password;
 * the seed gathering's host holds the host role and reaches their gathering; the demo member holds no role.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getGatheringHostView, listStaff, userLogin } from '../../contract/index.ts';
import { SEED_GATHERING_HOST, SEED_GATHERING_ID, SEED_SCHEDULED_GATHERING_ID } from '../../server/db/seed/gathering-data.ts';
import { demoMember } from '../../server/db/seed/member-data.ts';
import { SEED_OWNER } from '../../server/db/seed/staff-data.ts';
import { auth } from '../support/shop.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the seed’s roles', () => {
  it('an owner signs in with the demo password and sees the seed gathering’s host among the staff; the demo member is a plain member', async () => {
    const owner = await t.call(userLogin, { email: SEED_OWNER.email, password: demoMember.password });
    const { StaffList } = await t.call(listStaff, {}, auth(owner));
    expect(StaffList.map((s) => [s.Email, s.Role])).toEqual([
      [SEED_OWNER.email, 'owner'],
      [SEED_GATHERING_HOST.email, 'host'],
    ]);
    const demo = await t.call(userLogin, { email: demoMember.email, password: demoMember.password });
    const refused = await t.raw(`/api/${listStaff.name}`, { method: 'POST', headers: { 'content-type': 'application/json', ...auth(demo) }, body: '{}' });
    expect(refused.json?.ErrorCode).toBe('Forbidden');
  });

  it('the seed gathering’s host reaches the gathering they opened, and the one they have still to open is theirs to open', async () => {
    const olivia = await t.call(userLogin, { email: SEED_GATHERING_HOST.email, password: demoMember.password });
    expect((await t.call(getGatheringHostView, { gatheringID: SEED_GATHERING_ID }, auth(olivia))).Gathering).toMatchObject({ Status: 'Ongoing' });
    const scheduled = await t.raw(`/api/${getGatheringHostView.name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth(olivia) },
      body: JSON.stringify({ gatheringID: SEED_SCHEDULED_GATHERING_ID }),
    });
    expect(scheduled.json?.ErrorCode).toBe('ObjectNotFound');
  });
});
