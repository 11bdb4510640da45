/**
 * Crash test (issue 13, "No payment lost in a crash"): the real server (server/main.ts, as `npm run serve`
 * starts it) is killed with SIGKILL while members check out by card, started again on the same data, and
 * the books are checked in the database once it has recovered.
 *
 *   npm run crash-test [-- --mode pglite|postgres|both] [--runs 5] [--delays 40,80,…]
 *                      [--members 12] [--deadline 60] [--keep]
 *
 * Per database mode (PGlite in a fresh data directory; a fresh PostgreSQL database crash_<random> beside
 * TEST_DATABASE_URL, default postgres://root@127.0.0.1:5432/test, dropped afterwards): the database is
 * migrated and seeded here and its starting figures recorded; a server is started and ~12 members sign up
 * through the API (each from an X-Forwarded-For address of its own, TRUST_PROXY=1), each with a delivery
 * address and a saved test card 4242 4242 4242 4242. Unless --delays fixes them, the kill delays come from
 * a calibration: on a freshly started server (as each run's is) every member checks out once without a
 * crash, and the --runs delays are spread evenly over the time until the last answer (i/(runs+1) of it),
 * so the kills fall while checkouts are under way however busy the machine is (fixed delays of 20–100 ms
 * killed a cold server before any order was placed). Then one run per delay:
 *
 *   1. start the server; put one unit in each member's bag (setShoppingBag, the same line every run);
 *   2. send every member's checkout (CreditCard) at once, and SIGKILL the server `delay` ms later;
 *   3. start the server again on the same data (JOBS_INTERVAL_SECONDS=1) and poll until the books hold,
 *      or the deadline (60 s) passes; stop it (SIGTERM, wait for exit) and check the books once more,
 *      in the database (PGlite only now, after the server exited).
 *
 * PGlite serves one process at a time, so with PGlite the books cannot be read while the server runs:
 * its poll waits until the members' orders, read through the API, stay unchanged for STABLE_MS, then
 * stops the server and checks the books in the data directory; should they not hold yet, the server is
 * started again and the poll goes on, until the deadline. Its recovered-in figure is therefore an upper
 * bound (≤). With PostgreSQL the books are read directly every POLL_MS while the server runs.
 *
 * The books (checked over the whole database: a failure stays failed in later runs):
 *   stock      stock + held = starting figure, for every variance (held: units in the lines of unpaid or
 *              paid orders; stock is taken at checkout and given back only when an unpaid order closes)
 *   payments   every sandbox payment that succeeded belongs to an order that is Paid with that payment id,
 *              or has a refund record (refund_requests) for that payment id
 *   holds      every unpaid order (WaitForPayment, PaymentFailed) has a payment window (pay_before) and an
 *              'order.expire' job, so nothing holds stock for ever
 *   paid       no order is Paid without a succeeded provider payment (the seed's demo orders aside)
 *
 * One line per run; a run that fails also lists what failed (a few rows each). Exits 1 when any run
 * failed, 2 on bad arguments. Server output goes to a log file in the run's temporary directory, which is
 * removed afterwards unless a run failed or --keep was given.
 *
 * This file is the entry point (`npm run crash-test`) and the main loop over the modes; its parts are in
 * scripts/crash-test/: settings.ts (the fixed settings and the command line), databases.ts (the two modes),
 * servers.ts (starting and stopping server/main.ts), api.ts (the members and their calls), books.ts (the
 * checks) and run.ts (a mode and its runs).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { postgresAnswers, pgliteMode, postgresMode } from './crash-test/databases.ts';
import { runMode } from './crash-test/run.ts';
import { ADMIN_URL, args, deadlineMs, fixedDelays, memberCount, runs } from './crash-test/settings.ts';

const began = performance.now();
const dir = mkdtempSync(path.join(tmpdir(), 'sg-crash-'));
console.log(
  `Sip & Gather crash test: ${memberCount} members check out by card at once, the server is SIGKILLed ` +
    `${fixedDelays ? `${fixedDelays.join(', ')} ms after they start` : `${runs} times while they run (delays from a calibration)`}, ` +
    `restarted on the same data and given up to ${deadlineMs / 1000} s to recover (${dir}).`,
);
let ok = true;
let ran = 0;
const modes: Array<'pglite' | 'postgres'> = args.mode === 'both' ? ['pglite', 'postgres'] : [args.mode as 'pglite' | 'postgres'];
for (const [index, name] of modes.entries()) {
  if (name === 'postgres') {
    const missing = await postgresAnswers();
    if (missing) {
      console.log(`postgres: skipped, PostgreSQL did not answer at ${ADMIN_URL} (${missing})`);
      if (args.mode === 'postgres') ok = false;
      continue;
    }
  }
  const mode = name === 'pglite' ? pgliteMode(path.join(dir, 'pglite')) : postgresMode(path.join(dir, 'postgres'));
  try {
    ok = (await runMode(mode, index, dir)) && ok;
    ran++;
  } finally {
    await mode.cleanup();
  }
}
const keepDir = args.keep || !ok;
if (keepDir) console.log(`Server logs and data kept in ${dir} (PostgreSQL databases are dropped).`);
else rmSync(dir, { recursive: true, force: true });
console.log(`${ok ? 'All runs kept the books' : 'FAILED'} (${ran} mode${ran === 1 ? '' : 's'}, ${((performance.now() - began) / 1000).toFixed(0)} s).`);
process.exit(ok ? 0 : 1);
