/**
 * The crash test's runs (scripts/crash-test.ts): one mode (its members signed up, the kill delays calibrated,
 * one run per delay) and one run (checkouts sent, the server SIGKILLed, restarted and polled until the books
 * hold or the deadline passes, then the verdict line).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { deadlineMs, fixedDelays, memberCount, POLL_MS, runs } from './settings.ts';
import type { Mode } from './databases.ts';
import { closeServerLog, killCurrentServer, openServerLog, sleep, startServer, stopServer } from './servers.ts';
import { calibrate, createMember, inBatches, must, ordersSettled, sendCheckouts, type Member } from './api.ts';
import { checkBooks, readStart, runFigures, type Failure, type RunFigures, type Start } from './books.ts';

interface RunResult {
  ok: boolean;
  line: string;
  details: string[];
}

function describe(failures: readonly Failure[]): string[] {
  const details: string[] = [];
  for (const f of failures) {
    details.push(`    ${f.check}: ${f.rows.length} offending (${f.thisRun} from this run), e.g.`);
    for (const row of f.rows.slice(0, 3)) {
      const shown = Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));
      details.push(`      ${JSON.stringify(shown)}`);
    }
  }
  return details;
}

async function crashRun(mode: Mode, start: Start, members: readonly Member[], delay: number, runNo: number): Promise<RunResult> {
  const label = `${mode.name} run ${runNo} (kill at ${delay} ms)`;
  let server = await startServer(mode, `${label}: before the crash`);
  await Promise.all(members.map((m) => must(server, 'setShoppingBag', { VarianceID: m.variance, Quantity: 1 }, m)));

  // Orders of this run are those created from here on (same machine, same clock).
  const runStartedAt = new Date(Date.now() - 5);
  const sentAt = performance.now();
  const checkouts = sendCheckouts(server, members);
  await sleep(Math.max(0, delay - (performance.now() - sentAt)));
  server.child.kill('SIGKILL');
  const killedAt = performance.now();
  await server.exited;
  const answered = (await Promise.all(checkouts)).filter((c) => c.answer && c.at <= killedAt);
  const paidAnswers = answered.filter((c) => c.answer!.status === 200).length;

  // Recovery: the same data, polled until the books hold or the deadline passes.
  const restartedAt = performance.now();
  const deadline = restartedAt + deadlineMs;
  let recoveredMs: number | undefined;
  let stoppedCleanly = true;
  let restarts = 0;
  let failures: Failure[] = [];
  server = await startServer(mode, `${label}: restart after the crash`);
  if (mode.readableWhileRunning) {
    const books = await mode.openBooks();
    for (;;) {
      failures = await checkBooks(books, start, runStartedAt);
      if (failures.length === 0) {
        recoveredMs = performance.now() - restartedAt;
        break;
      }
      if (performance.now() > deadline) break;
      await sleep(POLL_MS);
    }
    stoppedCleanly = await stopServer(server);
  } else {
    for (;;) {
      await ordersSettled(server, members, deadline);
      const readyAt = performance.now();
      stoppedCleanly = (await stopServer(server)) && stoppedCleanly;
      const books = await mode.openBooks();
      try {
        failures = await checkBooks(books, start, runStartedAt);
      } finally {
        await books.close();
      }
      if (failures.length === 0) {
        recoveredMs = readyAt - restartedAt;
        break;
      }
      if (performance.now() > deadline) break;
      restarts++;
      server = await startServer(mode, `${label}: restart ${restarts + 1} (the books did not hold yet)`);
    }
  }

  // The verdict: the books once the server has exited.
  const books = await mode.openBooks();
  let figures: RunFigures;
  try {
    failures = await checkBooks(books, start, runStartedAt);
    figures = await runFigures(books, runStartedAt);
  } finally {
    await books.close();
  }
  const ok = failures.length === 0 && stoppedCleanly;
  const bound = mode.readableWhileRunning ? '' : '≤';
  const recovered = recoveredMs === undefined ? `not within ${deadlineMs / 1000} s` : `${bound}${Math.round(recoveredMs)} ms`;
  const verdict = ok
    ? 'OK'
    : `FAIL ${[...failures.map((f) => `${f.check}×${f.rows.length}`), ...(stoppedCleanly ? [] : ['stop (SIGTERM ignored, killed)'])].join(' ')}`;
  const line = [
    mode.name.padEnd(8),
    `delay ${String(delay).padStart(3)} ms`,
    `answered ${answered.length}/${members.length} (${paidAnswers} ok)`,
    `placed ${figures.placed}`,
    `paid ${figures.paid}`,
    `unpaid ${figures.unpaid}`,
    ...(figures.closed ? [`closed ${figures.closed}`] : []),
    `refunds ${figures.refunds}`,
    `succeeded payments ${figures.succeeded}`,
    `recovered in ${recovered}${restarts ? ` (${restarts + 1} starts)` : ''}`,
    verdict,
  ].join(' | ');
  return { ok, line, details: describe(failures) };
}

export async function runMode(mode: Mode, modeIndex: number, dir: string): Promise<boolean> {
  openServerLog(path.join(dir, `server-${mode.name}.log`));
  let allOk = true;
  try {
    await mode.prepare();
    const startBooks = await mode.openBooks();
    let start: Start;
    try {
      start = await readStart(startBooks);
    } finally {
      await startBooks.close();
    }

    const began = performance.now();
    const server = await startServer(mode, `${mode.name}: members sign up`);
    const tag = randomBytes(3).toString('hex');
    const members = await inBatches(memberCount, 4, (i) => createMember(server, tag, modeIndex, i));
    await stopServer(server);
    console.log(`${mode.name}: ${members.length} members signed up with a saved card in ${((performance.now() - began) / 1000).toFixed(1)} s.`);
    let delays = fixedDelays;
    if (!delays) {
      const measured = await calibrate(mode, members);
      // Spread over the time the checkouts take: from before the first answer to near the last.
      delays = Array.from({ length: runs }, (_, i) => Math.round((measured.last * (i + 1)) / (runs + 1)));
      console.log(
        `${mode.name}: calibration on a fresh server, no crash: ${measured.ok}/${members.length} checkouts paid, answered from ` +
          `${Math.round(measured.first)} to ${Math.round(measured.last)} ms; kill delays ${delays.join(', ')} ms.`,
      );
    }

    for (const [i, delay] of delays.entries()) {
      const result = await crashRun(mode, start, members, delay, i + 1);
      console.log(result.line);
      for (const detail of result.details) console.log(detail);
      allOk &&= result.ok;
    }
  } catch (error) {
    console.log(`${mode.name}: the crash test could not go on: ${(error as Error).message}`);
    allOk = false;
  } finally {
    await killCurrentServer();
    await closeServerLog();
  }
  return allOk;
}
