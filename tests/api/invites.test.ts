import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateInviteCode, listInviteCode, type TokenSet } from '../../contract/index.ts';
import { inviteCodes, inviteRedemptions, users } from '../../server/db/schema.ts';
import { INSPIRATION_MEMBERS } from '../../server/db/seed/inspiration-data.ts';
import { DEMO_INVITE_CODE } from '../../server/db/seed/invite-data.ts';
import { demoMember } from '../../server/db/seed/member-data.ts';
import { INVITE_LIFETIME_DAYS, INVITE_USE_LIMIT } from '../../server/services/invites/codes.ts';
import { startSession } from '../../server/services/sessions.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

const DAY_MS = 86_400_000;
let now = SEED_NOW.getTime() + 3_600_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date(now) } });
});
afterAll(() => t.close());

const auth = (tokens: TokenSet) => ({ authorization: `Bearer ${tokens.idToken}` });
const activate = (code: string, tokens?: TokenSet) =>
  t.raw('/api/activate-invite-code', {
    method: 'POST',
    body: JSON.stringify({ InviteCode: code }),
    headers: { 'content-type': 'application/json', ...(tokens ? auth(tokens) : {}) },
  });

/** Members without the sign-up round (its scrypt and mail are tested elsewhere). */
async function members(n: number): Promise<TokenSet[]> {
  const ids = Array.from({ length: n }, () => randomUUID());
  await t.db.insert(users).values(ids.map((id, i) => ({ id, email: `guest${i}.${id}@example.com`, passwordHash: 'x', givenName: `Guest ${i}`, familyName: 'Friend', emailVerified: true, createdAt: SEED_NOW })));
  return Promise.all(ids.map((id) => startSession(t.deps, id)));
}

async function codeOf(tokens: TokenSet): Promise<string> {
  const listed = await t.call(listInviteCode, {}, auth(tokens));
  return listed.InviteCodeList.find((c) => c.Live)!.InviteCode;
}

describe('invite codes', () => {
  it('gives every member one live code with its limit and expiry, issued once even when asked twice at once', async () => {
    const [ada] = await members(1);
    const [a, b] = await Promise.all([t.call(listInviteCode, {}, auth(ada!)), t.call(listInviteCode, {}, auth(ada!))]);
    expect(a.InviteCodeList).toEqual(b.InviteCodeList);
    expect(a.InviteCodeList).toHaveLength(1);
    const code = a.InviteCodeList[0]!;
    expect(code).toMatchObject({ UseLimit: INVITE_USE_LIMIT, Uses: 0, Live: true });
    expect(code.InviteCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(new Date(code.ExpiresAt).getTime()).toBe(now + INVITE_LIFETIME_DAYS * DAY_MS);
    expect(a.Membership).toEqual({ RegularMember: false, SVIP: false });
  });

  it('makes the newcomer a Regular Member invited by the code owner, matched without regard to case', async () => {
    const [host, guest] = await members(2);
    await t.db.update(users).set({ name: 'tea_host' }).where(eq(users.id, host!.userID));
    const code = await codeOf(host!);
    const answer = await t.call(activateInviteCode, { InviteCode: ` ${code.toLowerCase()} ` }, auth(guest!));
    expect(answer.Membership).toEqual({
      RegularMember: true,
      RegularSince: new Date(now).toISOString(),
      InvitedBy: { UserID: host!.userID, Name: 'tea_host' },
      SVIP: false,
    });
    expect((await t.call(listInviteCode, {}, auth(guest!))).Membership.RegularMember).toBe(true);
    const [row] = await t.db.select().from(inviteCodes).where(eq(inviteCodes.code, code));
    expect(row!.uses).toBe(1);
  });

  it('answers the spec codes: used before, expired, over its limit; refuses a member their own code', async () => {
    const [host, guest, other] = await members(3);
    const code = await codeOf(host!);
    expect((await activate(code, guest!)).status).toBe(200);
    const again = await activate(code, guest!);
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({ ErrorCode: 'UserAlreadyUsedCode', field: 'InviteCode' });
    // Another code does not make a second invitation either.
    expect((await activate(await codeOf(other!), guest!)).json?.ErrorCode).toBe('UserAlreadyUsedCode');

    const own = await activate(await codeOf(other!), other!);
    expect(own.status).toBe(400);
    expect(own.json?.ErrorCode).toBe('OwnInviteCode');

    await t.db.update(inviteCodes).set({ expiresAt: new Date(now) }).where(eq(inviteCodes.code, await codeOf(other!)));
    const [late] = await members(1);
    const expired = await t.db.select().from(inviteCodes).where(eq(inviteCodes.userId, other!.userID));
    expect((await activate(expired[0]!.code, late!)).json).toMatchObject({ ErrorCode: 'InviteCodeExpired', field: 'InviteCode' });
    // The owner is issued a new live code in its place.
    const relisted = await t.call(listInviteCode, {}, auth(other!));
    expect(relisted.InviteCodeList.map((c) => c.Live)).toEqual([true, false]);

    await t.db.update(inviteCodes).set({ uses: INVITE_USE_LIMIT }).where(eq(inviteCodes.code, code));
    expect((await activate(code, late!)).json).toMatchObject({ ErrorCode: 'InviteCodeLimitReached', field: 'InviteCode' });
    expect((await t.call(listInviteCode, {}, auth(late!))).Membership.RegularMember).toBe(false);
  });

  it('lets exactly the limit in when more friends race for a code than it allows', async () => {
    const [host, ...friends] = await members(INVITE_USE_LIMIT + 5);
    const code = await codeOf(host!);
    const answers = await Promise.all(friends.map((f) => activate(code, f)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(INVITE_USE_LIMIT);
    expect(answers.filter((a) => a.json?.ErrorCode === 'InviteCodeLimitReached')).toHaveLength(4);
    const [row] = await t.db.select().from(inviteCodes).where(eq(inviteCodes.code, code));
    expect(row!.uses).toBe(INVITE_USE_LIMIT);
    expect(await t.db.select().from(inviteRedemptions).where(eq(inviteRedemptions.code, code))).toHaveLength(INVITE_USE_LIMIT);
  });

  it('makes a member Regular once when they send two codes at once', async () => {
    const [one, two, guest] = await members(3);
    const answers = await Promise.all([activate(await codeOf(one!), guest!), activate(await codeOf(two!), guest!)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)!.json?.ErrorCode).toBe('UserAlreadyUsedCode');
    const used = await t.db.select().from(inviteCodes).where(eq(inviteCodes.uses, 1));
    expect(used.filter((c) => c.userId === one!.userID || c.userId === two!.userID)).toHaveLength(1);
  });

  it('limits guesses at codes that do not exist, not real codes; bad input is a 400 naming the field; visitors get 401', async () => {
    const [guesser, host] = await members(2);
    const unknown = await activate('NOSUCHCODE', guesser!);
    expect(unknown.json).toMatchObject({ ErrorCode: 'ObjectNotFound', field: 'InviteCode' });
    let limited = 0;
    for (let i = 0; i < 12; i++) if ((await activate(`GUESS${i}`, guesser!)).status === 429) limited++;
    expect(limited).toBeGreaterThan(0);
    // A real code is still checked for them once the guessing stops counting… but not while it is spent.
    expect((await activate(await codeOf(host!), guesser!)).status).toBe(429);
    expect((await activate('no spaces!', guesser!)).json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'InviteCode' });
    expect((await activate('SIPCODE1')).status).toBe(401);
    expect((await t.raw('/api/list-invite-code', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })).status).toBe(401);
  });

  it('seeds the demo member as Regular, invited by Wing Yan, with a code to share', async () => {
    const demo = await startSession(t.deps, demoMember.id);
    const listed = await t.call(listInviteCode, {}, auth(demo));
    expect(listed.Membership).toMatchObject({ RegularMember: true, InvitedBy: { UserID: INSPIRATION_MEMBERS[0].id, Name: INSPIRATION_MEMBERS[0].name } });
    expect(listed.InviteCodeList[0]).toMatchObject({ InviteCode: DEMO_INVITE_CODE, Live: true });
  });
});
