/**
 * `npm run staff` (issue 32): the command that makes the first owner. Its commands run here against a test
 * app's database, then the script itself is spawned as a person would run it: on PostgreSQL beside the running
 * test app (TEST_DATABASE_URL), else on an embedded data directory of its own (PGlite serves one process).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStaffCommand, USAGE } from '../../scripts/staff.ts';
import { openDatabase } from '../../server/db/client.ts';
import { auditLog, staffRoles, staffSecondFactors, users } from '../../server/db/schema.ts';
import { freshEmail, signUpMember } from '../support/members.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The seed's owner and host are taken away: the commands' listing and the last-owner rule see this test's roles only.
  await t.db.delete(staffRoles);
});
afterAll(() => t?.close());

/** Runs one command in-process; answers its exit code and what it printed. */
async function staff(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runStaffCommand(args, t.deps, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('npm run staff (its commands)', () => {
  it('refuses bad arguments with its usage and exit code 2', async () => {
    for (const args of [[], ['add'], ['add', 'king', 'a@example.com'], ['add', 'owner'], ['remove'], ['list', 'extra'], ['promote', 'a@example.com']]) {
      expect(await staff(...args)).toEqual({ code: 2, out: '', err: USAGE });
    }
  });

  it('refuses an e-mail no account has, with exit code 1', async () => {
    const r = await staff('add', 'owner', freshEmail('nobody'));
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^No account has the e-mail nobody.*sign/);
  });

  it('adds, lists and removes roles, each change an audit row with no actor; never removes the last owner', async () => {
    const [owner, helper] = await Promise.all([signUpMember(t), signUpMember(t)]);
    expect(await staff('add', 'owner', owner.email.toUpperCase())).toMatchObject({ code: 0, out: `${owner.email}\towner` });
    expect(await staff('add', 'host', helper.email)).toMatchObject({ code: 0, out: `${helper.email}\thost` });
    expect(await staff('add', 'staff', helper.email)).toMatchObject({ code: 0, out: `${helper.email}\tstaff` });
    const listed = (await staff('list')).out.split('\n').map((line) => line.split('\t').slice(0, 3));
    expect(listed).toEqual([
      ['owner', owner.email, 'Ka Yan Wong'],
      ['staff', helper.email, 'Ka Yan Wong'],
    ]);
    expect(await staff('remove', helper.email)).toMatchObject({ code: 0, out: `${helper.email}\tno role` });
    const last = await staff('remove', owner.email);
    expect(last.code).toBe(1);
    expect(last.err).toMatch(/at least one owner/);

    const rows = await t.db.select().from(auditLog);
    expect(rows.map((r) => [r.actorUserId, r.before, r.after])).toEqual([
      [null, null, { Email: owner.email, Role: 'owner' }],
      [null, null, { Email: helper.email, Role: 'host' }],
      [null, { Email: helper.email, Role: 'host' }, { Email: helper.email, Role: 'staff' }],
      [null, { Email: helper.email, Role: 'staff' }, null],
    ]);
  });
});

describe('npm run staff (the script, spawned)', () => {
  const spawnStaff = (args: string[], env: Record<string, string>) =>
    run(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/staff.ts', ...args], { cwd: ROOT, env: { ...process.env, ...env } }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );

  it('answers bad arguments before opening a database', async () => {
    const r = await spawnStaff(['add', 'admiral', 'a@example.com'], { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('usage: npm run staff');
  });

  // Three Node processes start (tsx, the server's modules, an embedded database each) and two databases open
  // here: on a machine busy with other suites that took over 60 s (CI, load 10). The limit is a safety net.
  it('makes the first owner in the shop’s database', async () => {
    const email = freshEmail('first.owner');
    let env: Record<string, string>;
    let cleanUp = async () => {};
    let check: () => Promise<unknown[]>;
    const url = process.env.TEST_DATABASE_URL;
    if (url) {
      // Beside the running shop: the test app keeps its database open while the script writes to it.
      const [{ name }] = ((await t.db.execute(sql`select current_database() as name`)) as unknown as { rows: [{ name: string }] }).rows;
      const target = new URL(url);
      target.pathname = `/${name}`;
      env = { DATABASE_URL: target.toString() };
      await t.db.insert(users).values({ id: `u-${Date.now()}`, email, passwordHash: 'x', givenName: 'First', familyName: 'Owner', emailVerified: true, createdAt: SEED_NOW });
      check = () => t.db.select().from(staffRoles).innerJoin(users, sql`${users.id} = ${staffRoles.userId}`).where(sql`${users.email} = ${email}`);
    } else {
      // The embedded database: the shop (here, this test) must not hold the data directory while the script runs.
      const dataDir = mkdtempSync(path.join(tmpdir(), 'sg-staff-'));
      const pglite = path.join(dataDir, 'pglite');
      const setup = await openDatabase({ dataDir: pglite });
      await setup.db.insert(users).values({ id: 'u-first', email, passwordHash: 'x', givenName: 'First', familyName: 'Owner', emailVerified: true, createdAt: SEED_NOW });
      await setup.close();
      env = { DATABASE_URL: '', DATA_DIR: dataDir };
      cleanUp = async () => rmSync(dataDir, { recursive: true, force: true });
      check = async () => {
        const after = await openDatabase({ dataDir: pglite });
        try {
          return await after.db.select().from(staffRoles);
        } finally {
          await after.close();
        }
      };
    }
    try {
      expect(await spawnStaff(['add', 'owner', freshEmail('stranger')], env)).toMatchObject({ code: 1, stderr: expect.stringContaining('No account has the e-mail') });
      expect(await spawnStaff(['add', 'owner', email], env)).toMatchObject({ code: 0, stdout: `${email}\towner\n` });
      expect(await spawnStaff(['list'], env)).toMatchObject({ code: 0, stdout: expect.stringMatching(new RegExp(`^owner\\t${email.replace(/\./g, '\\.')}\\tFirst Owner\\t`)) });
      expect(await check()).toHaveLength(1);
    } finally {
      await cleanUp();
    }
  }, 240_000);

  it('resets a lost second factor, so the account sets up its app again; the reset is an audit row', async () => {
    const member = await signUpMember(t);
    await staff('add', 'staff', member.email);
    const [user] = await t.db.select({ id: users.id }).from(users).where(sql`${users.email} = ${member.email}`);
    await t.db.insert(staffSecondFactors).values({ userId: user!.id, sealedSecret: 'x.y.z', createdAt: SEED_NOW, enrolledAt: SEED_NOW });
    expect(await staff('reset-second-factor', member.email)).toMatchObject({ code: 0 });
    expect(await t.db.select().from(staffSecondFactors).where(sql`${staffSecondFactors.userId} = ${user!.id}`)).toEqual([]);
    const [row] = await t.db.select().from(auditLog).where(sql`${auditLog.action} = 'second-factor.reset'`);
    expect(row).toMatchObject({ actorUserId: null, target: `user:${user!.id}`, before: { Enrolled: true }, after: { Enrolled: false } });
    expect(await staff('reset-second-factor', 'nobody@example.com')).toMatchObject({ code: 1 });
  });
});
