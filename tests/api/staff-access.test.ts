/**
 * Issue 32, first slice: who may make each call. The access checks are generated over the served registry
 * (every call whose contract auth is a role), not listed by hand, so a new staff call is covered the day it
 * is added; then the owner calls themselves: roles, the last owner, the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRoleAuth, listAuditLog, listStaff, roleSatisfies, setStaffRole, STAFF_ROLES, type RoleAuth, type TokenSet } from '../../contract/index.ts';
import { registry } from '../../server/calls/index.ts';
import { auditLog, staffRoles } from '../../server/db/schema.ts';
import { setStaffRole as grantRole, SET_STAFF_ROLE_ACTION } from '../../server/services/staff/members.ts';
import { auth } from '../support/shop.ts';
import { freshEmail, signUpMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const roleCalls = [...registry.values()].map((r) => r.call).filter((c) => isRoleAuth(c.auth));

let t: TestApp;
/** One member per role, and one with none. */
let holders: Record<RoleAuth, TokenSet & { email: string }>;
let member: TokenSet & { email: string };

/** A call with an empty body: the role is checked before the body, so each answer below is the access check's. */
function ask(name: string, method: 'GET' | 'POST', headers: Record<string, string> = {}) {
  return method === 'GET'
    ? t.raw(`/api/${name}`, { headers })
    : t.raw(`/api/${name}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' });
}

beforeAll(async () => {
  t = await createTestApp();
  const signed = await Promise.all([...STAFF_ROLES, 'none'].map(() => signUpMember(t)));
  holders = { owner: signed[0]!, staff: signed[1]!, host: signed[2]! };
  member = signed[3]!;
  // The first owner is made as `npm run staff -- add owner` makes them: no actor.
  for (const role of STAFF_ROLES) await grantRole(t.deps, { email: holders[role].email, role, actorUserId: null });
});
afterAll(() => t?.close());

/** A shop of its own whose only roles are the ones its test grants: the seed's owner and host are taken away. */
async function soloShop(): Promise<TestApp> {
  const solo = await createTestApp();
  await solo.db.delete(staffRoles);
  return solo;
}

describe('every role call, from the contract', () => {
  it('there are role calls to check (the generated checks below would pass vacuously otherwise)', () => {
    expect(roleCalls.length).toBeGreaterThan(0);
    expect(roleCalls.map((c) => c.name)).toEqual(expect.arrayContaining(['list-staff', 'set-staff-role', 'list-audit-log']));
  });

  it('answers 401 Unauthorized to a visitor', async () => {
    const refused: string[] = [];
    for (const call of roleCalls) {
      const r = await ask(call.name, call.method);
      expect({ call: call.name, status: r.status, code: r.json?.ErrorCode }).toEqual({ call: call.name, status: 401, code: 'Unauthorized' });
      refused.push(call.name);
    }
    expect(refused).toHaveLength(roleCalls.length);
  });

  it('answers 403 Forbidden to a signed-in member without a role', async () => {
    const refused: string[] = [];
    for (const call of roleCalls) {
      const r = await ask(call.name, call.method, auth(member));
      expect({ call: call.name, status: r.status, code: r.json?.ErrorCode }).toEqual({ call: call.name, status: 403, code: 'Forbidden' });
      refused.push(call.name);
    }
    expect(refused).toHaveLength(roleCalls.length);
  });

  it.each(STAFF_ROLES)('lets a member holding %s through exactly the calls its rank reaches (owner ⊇ staff ⊇ host)', async (held) => {
    for (const call of roleCalls) {
      const r = await ask(call.name, call.method, auth(holders[held]));
      const allowed = roleSatisfies(held, call.auth as RoleAuth);
      if (allowed) expect([401, 403], `${held} on ${call.name}`).not.toContain(r.status);
      else expect({ call: call.name, status: r.status, code: r.json?.ErrorCode }).toEqual({ call: call.name, status: 403, code: 'Forbidden' });
    }
  });

  it('a staff member is refused every owner call', async () => {
    const ownerCalls = roleCalls.filter((c) => c.auth === 'owner');
    expect(ownerCalls.length).toBeGreaterThan(0);
    for (const call of ownerCalls) expect((await ask(call.name, call.method, auth(holders.staff))).status).toBe(403);
  });

  it('a role taken away is refused at once (the role is read on every call, not cached)', async () => {
    const someone = await signUpMember(t);
    const owner = auth(holders.owner);
    await t.call(setStaffRole, { Email: someone.email, Role: 'owner' }, owner);
    expect((await t.call(listStaff, {}, auth(someone))).StaffList.length).toBeGreaterThan(0);
    await t.call(setStaffRole, { Email: someone.email, Role: 'none' }, owner);
    expect((await ask(listStaff.name, listStaff.method, auth(someone))).status).toBe(403);
  });
});

describe('owner calls', () => {
  it('lists everyone holding a role, owners first', async () => {
    const { StaffList } = await t.call(listStaff, {}, auth(holders.owner));
    expect(StaffList[0]).toMatchObject({ Role: 'owner' });
    for (const role of STAFF_ROLES) {
      expect(StaffList).toContainEqual({ UserID: holders[role].userID, Email: holders[role].email, Name: 'Ka Yan Wong', Role: role, GrantedAt: expect.any(String) });
    }
    expect(StaffList.map((s) => s.Email)).not.toContain(member.email);
  });

  it('grants, changes and removes a role, each change one audit row with who, before and after', async () => {
    const owner = holders.owner;
    const someone = await signUpMember(t);
    const granted = await t.call(setStaffRole, { Email: someone.email.toUpperCase(), Role: 'host' }, auth(owner));
    expect(granted.Staff).toMatchObject({ UserID: someone.userID, Email: someone.email, Role: 'host' });
    expect((await t.call(setStaffRole, { Email: someone.email, Role: 'staff' }, auth(owner))).Staff).toMatchObject({ Role: 'staff' });
    // Asking for the role held already changes nothing, and writes nothing.
    await t.call(setStaffRole, { Email: someone.email, Role: 'staff' }, auth(owner));
    expect(await t.call(setStaffRole, { Email: someone.email, Role: 'none' }, auth(owner))).toEqual({ Staff: null });

    const { AuditLog } = await t.call(listAuditLog, { Action: SET_STAFF_ROLE_ACTION, Size: 3 }, auth(owner));
    const change = (before: string | null, after: string | null) => ({
      ID: expect.any(String),
      At: expect.any(String),
      ActorUserID: owner.userID,
      Action: SET_STAFF_ROLE_ACTION,
      Target: `user:${someone.userID}`,
      Before: before && { Email: someone.email, Role: before },
      After: after && { Email: someone.email, Role: after },
    });
    expect(AuditLog).toEqual([change('staff', null), change('host', 'staff'), change(null, 'host')]);
  });

  it('records the command line’s grants with no actor', async () => {
    const { AuditLog } = await t.call(listAuditLog, { Action: SET_STAFF_ROLE_ACTION, Size: 100 }, auth(holders.owner));
    const first = AuditLog.find((e) => e.Target === `user:${holders.owner.userID}` && e.Before === null);
    expect(first).toMatchObject({ ActorUserID: null, After: { Email: holders.owner.email, Role: 'owner' } });
  });

  it('refuses an unknown e-mail as ObjectNotFound naming Email', async () => {
    const r = await t.raw(`/api/${setStaffRole.name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth(holders.owner) },
      body: JSON.stringify({ Email: freshEmail('nobody'), Role: 'staff' }),
    });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ ErrorCode: 'ObjectNotFound', field: 'Email' });
  });

  it('never leaves the shop without an owner: the last one cannot be removed or demoted', async () => {
    const solo = await soloShop();
    try {
      const [owner, other] = await Promise.all([signUpMember(solo), signUpMember(solo)]);
      await grantRole(solo.deps, { email: owner.email, role: 'owner', actorUserId: null });
      const post = (Email: string, Role: string) =>
        solo.raw(`/api/${setStaffRole.name}`, { method: 'POST', headers: { 'content-type': 'application/json', ...auth(owner) }, body: JSON.stringify({ Email, Role }) });
      for (const role of ['none', 'staff', 'host']) {
        const r = await post(owner.email, role);
        expect({ role, status: r.status, code: r.json?.ErrorCode }).toEqual({ role, status: 400, code: 'LastOwner' });
      }
      // With a second owner, the first may step down; then the second is the last.
      expect((await post(other.email, 'owner')).status).toBe(200);
      expect((await post(owner.email, 'staff')).status).toBe(200);
      const r = await solo.raw(`/api/${setStaffRole.name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...auth(other) },
        body: JSON.stringify({ Email: other.email, Role: 'none' }),
      });
      expect(r.json?.ErrorCode).toBe('LastOwner');
      const owners = (await solo.call(listStaff, {}, auth(other))).StaffList.filter((s) => s.Role === 'owner');
      expect(owners.map((s) => s.Email)).toEqual([other.email]);
      // Refused changes write nothing: three grants, no more.
      expect(await solo.db.select().from(auditLog)).toHaveLength(3);
    } finally {
      await solo.close();
    }
  });

  it('two owners demoting each other at once leave one owner (the owners are locked while a change is checked)', async () => {
    const solo = await soloShop();
    try {
      const [first, second] = await Promise.all([signUpMember(solo), signUpMember(solo)]);
      for (const m of [first, second]) await grantRole(solo.deps, { email: m.email, role: 'owner', actorUserId: null });
      const demote = (by: TokenSet, Email: string) =>
        solo.raw(`/api/${setStaffRole.name}`, { method: 'POST', headers: { 'content-type': 'application/json', ...auth(by) }, body: JSON.stringify({ Email, Role: 'staff' }) });
      const answers = await Promise.all([demote(first, second.email), demote(second, first.email)]);
      // The loser is refused as the last owner, or (had the winner's change landed before its role check) as no owner at all.
      const refused = answers.filter((r) => r.status !== 200);
      expect(refused).toHaveLength(1);
      expect(['LastOwner', 'Forbidden']).toContain(refused[0]!.json?.ErrorCode);
      const roles = (await solo.db.select().from(staffRoles)).map((r) => r.role).sort();
      expect(roles).toEqual(['owner', 'staff']);
    } finally {
      await solo.close();
    }
  });

  it('pages the audit log newest first by an opaque key, and filters it by time', async () => {
    const owner = auth(holders.owner);
    const all = (await t.call(listAuditLog, { Size: 100 }, owner)).AuditLog;
    expect(all.length).toBeGreaterThan(3);
    const paged: string[] = [];
    let key: string | undefined;
    do {
      const page = await t.call(listAuditLog, { Size: 2, ...(key ? { LastEvaluatedKey: key } : {}) }, owner);
      paged.push(...page.AuditLog.map((e) => e.ID));
      key = page.LastEvaluatedKey;
    } while (key);
    expect(paged).toEqual(all.map((e) => e.ID));
    expect(all.map((e) => Number(e.ID))).toEqual(all.map((e) => Number(e.ID)).sort((a, b) => b - a));

    expect((await t.call(listAuditLog, { Before: '2000-01-01T00:00:00Z' }, owner)).AuditLog).toEqual([]);
    expect((await t.call(listAuditLog, { Action: 'no-such-action' }, owner)).AuditLog).toEqual([]);
    const bad = await t.raw(`/api/${listAuditLog.name}`, { method: 'POST', headers: { 'content-type': 'application/json', ...owner }, body: JSON.stringify({ LastEvaluatedKey: 'bm9wZQ' }) });
    expect(bad.json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'LastEvaluatedKey' });
  });

  it('keeps the audit log append-only in the database itself', async () => {
    await expect(t.db.update(auditLog).set({ action: 'rewritten' })).rejects.toThrow();
    await expect(t.db.delete(auditLog)).rejects.toThrow();
  });
});
