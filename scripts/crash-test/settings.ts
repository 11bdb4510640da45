/**
 * The crash test's settings (scripts/crash-test.ts): fixed ones (where the repository and PostgreSQL are, poll and
 * timeout lengths, the variances the members buy and their address), then the command line, read when this
 * module loads: a bad argument exits 2 with the usage, --help prints it and exits 0.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** The repository, two folders up from this file. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';
/** How often the PostgreSQL books are read, and the members' orders through the API (PGlite), while recovering. */
export const POLL_MS = 250;
/** PGlite: the members' orders must stay unchanged this long before the server is stopped to read the books. */
export const STABLE_MS = 3000;
export const START_TIMEOUT_MS = 120_000;
export const STOP_TIMEOUT_MS = 30_000;
/** Plentiful seed variances (120–200 in stock), each shared by a third of the members so checkouts contend for rows. */
export const VARIANCES = ['tea-keemun-50g', 'tea-jasmine-pearls-50g', 'tea-sencha-50g'];
export const HOME = {
  label: 'home',
  firstName: 'Ka Yan',
  lastName: 'Wong',
  countryCallingCode: '852',
  phone: '91234567',
  CountryID: 'HK',
  city: 'HK-wan-chai',
  address1: '1 Harbour Road',
  postalCode: '000000',
} as const;
/** Unpaid statuses (server/services/orders/kind.ts UNPAID), as SQL. */
export const UNPAID_SQL = `('WaitForPayment', 'PaymentFailed')`;

// ------------------------------------------------------------------------------------ arguments

const usage =
  'usage: npm run crash-test -- [--mode pglite|postgres|both] [--runs N] [--delays 20,40,…] [--members N] [--deadline seconds] [--keep]';
export let args: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    options: {
      mode: { type: 'string', default: 'both' },
      runs: { type: 'string', default: '5' },
      delays: { type: 'string' },
      members: { type: 'string', default: '12' },
      deadline: { type: 'string', default: '60' },
      keep: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  }).values;
}
try {
  args = parse();
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}
if (args.help) {
  console.log(usage);
  process.exit(0);
}
function wholeNumber(name: string, text: string | undefined, min: number): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) {
    console.error(`--${name} must be a whole number ≥ ${min}\n${usage}`);
    process.exit(2);
  }
  return n;
}
if (!['pglite', 'postgres', 'both'].includes(args.mode!)) {
  console.error(`--mode must be pglite, postgres or both, not ${args.mode}\n${usage}`);
  process.exit(2);
}
export const runs = wholeNumber('runs', args.runs, 1);
/** Fixed kill delays; without them each mode measures its checkouts first (see calibrate). */
export const fixedDelays = args.delays ? args.delays.split(',').map((d) => wholeNumber('delays', d.trim(), 0)) : undefined;
export const memberCount = wholeNumber('members', args.members, 1);
export const deadlineMs = wholeNumber('deadline', args.deadline, 1) * 1000;
