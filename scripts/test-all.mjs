#!/usr/bin/env node
/**
 * npm test: the checks (types, dependency rules, the zh-Hant catalogue), then the unit suite beside the
 * production build and the browser suite.
 *
 * Why side by side: on our 2-core machines the browser suite keeps about one core busy (one Chromium, one
 * server) and waits on it, and the unit suite alone fills both; run one after the other they took ~21
 * minutes, side by side the machine stays full. No test measures time (issue 27), so neither suite minds
 * the other's load: that is what `npm test` beside a CPU burner checks.
 *
 * Each suite's lines are prefixed with its name; both run to the end (a failure in one does not hide the
 * other's), and npm test fails when either does. `--serial` runs them one after the other.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const serial = process.argv.includes('--serial');
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

const checks = await run('checks', ['typecheck', 'deps:check', 'i18n:check']);
if (checks !== 0) process.exit(checks);

const unit = () => run('unit', ['test:unit']);
const e2e = () => run('e2e', ['test:e2e']);
const [unitStatus, e2eStatus] = serial ? [await unit(), await e2e()] : await Promise.all([unit(), e2e()]);

console.log(`npm test: checks passed; unit suite ${unitStatus === 0 ? 'passed' : 'FAILED'}; browser suite ${e2eStatus === 0 ? 'passed' : 'FAILED'} (${minutes()}).`);
process.exit(unitStatus || e2eStatus);
