/**
 * Who runs the shop (issue 32): the first owner is made here, since no one can make them in the shop.
 *   npm run staff -- add owner|staff|host <email>   give an existing account that role (replacing any other)
 *   npm run staff -- remove <email>                 take its role away
 *   npm run staff -- list                           everyone holding a role
 *   npm run staff -- reset-second-factor <email>    a lost phone: the account sets up its authenticator app anew
 * Each change is written to the audit log with no actor (the command line). The last owner cannot be
 * removed or demoted. Works beside a running shop on PostgreSQL (DATABASE_URL); with the embedded database
 * (no DATABASE_URL, the data in DATA_DIR) stop the shop first: PGlite serves one process at a time.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STAFF_ROLES, type RoleAuth } from '../contract/define.ts';
import { readConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { systemClock } from '../server/deps.ts';
import { ApiError } from '../server/http/errors.ts';
import { eq } from 'drizzle-orm';
import { users } from '../server/db/schema.ts';
import { appendAudit } from '../server/services/staff/audit.ts';
import { listStaff, setStaffRole, type StaffDeps } from '../server/services/staff/members.ts';
import { resetSecondFactor } from '../server/services/staff/second-factor.ts';

export const USAGE = [
  'usage: npm run staff -- add owner|staff|host <email> | remove <email> | list | reset-second-factor <email>',
  'With the embedded database (no DATABASE_URL) stop the shop first: it holds the data directory while it runs.',
].join('\n');

export interface Console {
  out(line: string): void;
  err(line: string): void;
}

type Command = { kind: 'list' } | { kind: 'set'; email: string; role: RoleAuth | 'none' } | { kind: 'reset-second-factor'; email: string };

/** The command the arguments name, or undefined when they name none. */
export function parseStaffArgs(args: readonly string[]): Command | undefined {
  const [verb, ...rest] = args;
  if (verb === 'list' && rest.length === 0) return { kind: 'list' };
  if (verb === 'remove' && rest.length === 1) return { kind: 'set', email: rest[0]!, role: 'none' };
  if (verb === 'reset-second-factor' && rest.length === 1) return { kind: 'reset-second-factor', email: rest[0]! };
  const [role, email] = rest;
  if (verb === 'add' && rest.length === 2 && (STAFF_ROLES as readonly string[]).includes(role!)) return { kind: 'set', email: email!, role: role as RoleAuth };
  return undefined;
}

/** Runs one command against an open database; answers the process's exit code (2: bad arguments, 1: refused). */
export async function runStaffCommand(args: readonly string[], deps: StaffDeps, console: Console): Promise<number> {
  const command = parseStaffArgs(args);
  if (!command) {
    console.err(USAGE);
    return 2;
  }
  if (command.kind === 'list') {
    const staff = await listStaff(deps.db);
    if (staff.length === 0) console.out('No one holds a role yet: npm run staff -- add owner <email>');
    for (const s of staff) console.out([s.Role, s.Email, s.Name, s.GrantedAt].join('\t'));
    return 0;
  }
  if (command.kind === 'reset-second-factor') {
    const email = command.email.trim().toLowerCase();
    const [user] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!user) {
      console.err(`No account has the e-mail ${command.email}.`);
      return 1;
    }
    const removed = await resetSecondFactor(deps, user.id);
    await appendAudit(deps.db, { at: deps.clock.now(), actorUserId: null, action: 'second-factor.reset', target: `user:${user.id}`, before: { Enrolled: removed }, after: { Enrolled: false } });
    console.out(removed ? `${email}\tsecond factor reset: set up again at the next back-office visit` : `${email}\tno second factor was set up`);
    return 0;
  }
  try {
    const after = await setStaffRole(deps, { email: command.email, role: command.role, actorUserId: null });
    console.out(after ? `${after.Email}\t${after.Role}` : `${command.email.trim().toLowerCase()}\tno role`);
    return 0;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    console.err(error.code === 'ObjectNotFound' ? `No account has the e-mail ${command.email}: the person signs up in the shop first.` : error.message);
    return 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  // Bad arguments are answered before the database is opened (and before a held data directory can refuse us).
  if (!parseStaffArgs(args)) {
    globalThis.console.error(USAGE);
    process.exit(2);
  }
  const config = readConfig();
  const { db, close } = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'pglite') });
  try {
    process.exitCode = await runStaffCommand(args, { db, clock: systemClock }, { out: (l) => globalThis.console.log(l), err: (l) => globalThis.console.error(l) });
  } finally {
    await close();
  }
}
