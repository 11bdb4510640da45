#!/usr/bin/env node
/**
 * npm test: the production build; then the checks (types, dependency rules, the zh-Hant catalogue) beside the
 * browser suite; then the unit suite.
 *
 * Why the two suites one after the other (issue 27): measured on a quiet 2-core machine, the unit suite alone took
 * 10.8 min (1.9 cores busy) and the browser suite alone 10.3 min (Chromium, the server and Playwright: 1.5 cores
 * busy), but side by side they took 30.1 and 25.6 min, so npm test took 31.2 min instead of ~22. Together they ask
 * for more than the two cores, and the browser suite's steps, each waiting on the next frame or answer, queue
 * behind the unit suite's workers while those wait on theirs. One after the other, each has the machine.
 *
 * Why the checks beside the browser suite: they are single-threaded (tsc, depcruise, lingui extract, ~1 min) and
 * the browser suite leaves half a core idle, so they take that instead of a minute of their own before the rest.
 * They still report first: a type error is known within a minute or so.
 *
 * Each line is prefixed with its part's name; every part runs to the end (a failure in one does not hide the
 * others'), and npm test fails when any does. Each prints the minutes at which it ended.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const started = Date.now();
const minutes = () => `${((Date.now() - started) / 60_000).toFixed(1)} min`;

/** Runs `npm run <script>`s one after another, each line prefixed; resolves with the first non-zero exit, or 0. */
function run(label, scripts) {
  return scripts.reduce(
    (previous, script) =>
      previous.then((status) => {
        if (status !== 0) return status;
        return new Promise((resolve) => {
          const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
          for (const stream of [child.stdout, child.stderr]) {
            createInterface({ input: stream }).on('line', (line) => console.log(`[${label}] ${line}`));
          }
          child.on('exit', (code, signal) => {
            console.log(`[${label}] npm run ${script}: ${signal ?? `exit ${code}`} at ${minutes()}`);
            resolve(code ?? 1);
          });
        });
      }),
    Promise.resolve(0),
  );
}

// The build first and alone: the checks rewrite the message catalogues (lingui extract) that it compiles.
const buildStatus = await run('e2e', ['build']);
const [checksStatus, e2eStatus] = await Promise.all([
  run('checks', ['typecheck', 'deps:check', 'i18n:check']),
  buildStatus === 0 ? run('e2e', ['test:browser']) : Promise.resolve(buildStatus),
]);
const unitStatus = await run('unit', ['test:unit']);

const word = (status) => (status === 0 ? 'passed' : 'FAILED');
console.log(`npm test: checks ${word(checksStatus)}; browser suite ${word(e2eStatus)}; unit suite ${word(unitStatus)} (${minutes()}).`);
process.exit(checksStatus || e2eStatus || unitStatus);
