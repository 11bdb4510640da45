/**
 * `npm run walk` (issue 29): the shop walked as a new customer walks it, on a phone 390 px wide, once in
 * English and once in zh-Hant, against the production build. Each tap the customer then waits on is timed,
 * from the action (the tap or key as the page received it, its pointerdown or keydown; the address opened)
 * to the moment the next screen's content is visible, the shop's and the browser's time both. Playwright's
 * checks before it taps (the target visible, still for two frames, not covered) took 150-270 ms of a figure
 * and are not the customer's wait (issue 30 item 3; what is and is not a tap:
 * bench/walk/steps.ts); a step's figure is its slowest tap, and every tap is printed. A full-page screenshot
 * per step and language in bench/out/walk/<lang>/<nn>-<step>.png, and at the end every page the walk saw checked for
 * sideways overflow (document.documentElement.scrollWidth ≤ 390).
 *
 *   npm run walk [-- --base-url http://127.0.0.1:4173] [--port 4290] [--spa-dir /tmp/walk-dist] [--skip-build]
 *                [--lang en,zh-Hant] [--out bench/out/walk] [--json FILE]
 *
 * By default it builds the SPA as the tree stands into --spa-dir (`vite build --outDir`, leaving dist/ to
 * others), starts the server as playwright.config.ts's webServer does (fresh embedded database and seed,
 * NODE_ENV=test for the mail outbox, one trusted proxy) on --port, serving that build, and a second one on
 * --port + 1 for the survey, whose clock is moved past a booked session's start (as e2e/event-survey.spec.ts).
 * --base-url walks a server already running instead (an older build, for "before" figures): it must run as
 * the e2e server does (NODE_ENV=test, TRUST_PROXY=1); the survey step is then skipped.
 *
 * Chromium is Debian's headless shell (/usr/bin/chromium-headless-shell, else /usr/bin/chromium, or CHROMIUM_PATH),
 * driven by playwright-core. Exits non-zero when a step failed or a page was wider than the phone.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { expect } from '@playwright/test';
import { chromium, devices, request, type Browser } from 'playwright-core';
import { startShop, type ShopServer } from './walk/server.ts';
import { bookedMember, sessionsOnSale, Skipped, STEPS, SURVEY_EVENT, WIDTH, type StepRun, type Walker } from './walk/steps.ts';
import { wordsFor, type Lang } from './walk/words.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

const { values: args } = parseArgs({
  options: {
    'base-url': { type: 'string' },
    port: { type: 'string', default: '4290' },
    'spa-dir': { type: 'string', default: '/tmp/walk-dist' },
    'skip-build': { type: 'boolean', default: false },
    lang: { type: 'string', default: 'en,zh-Hant' },
    out: { type: 'string', default: path.join(repoRoot, 'bench/out/walk') },
    /** Also writes each step's result, its taps with them, here as JSON (npm run bench reads it: bench/run.ts). */
    json: { type: 'string' },
  },
});
const langs = args.lang!.split(',').map((l) => l.trim()) as Lang[];
for (const l of langs) if (l !== 'en' && l !== 'zh-Hant') throw new Error(`--lang: en or zh-Hant, not ${l}`);
const port = Number(args.port);
const spaDir = path.resolve(args['spa-dir']!);
const outDir = path.resolve(args.out!);

interface Tap {
  label: string;
  ms: number;
}
interface Result {
  /** The slowest tap, when the step went through. */
  ms?: number;
  /** Each tap timed, in order (those before a failure too). */
  taps: Tap[];
  failed?: string;
  skipped?: string;
  notes: string[];
}
interface Overflow {
  lang: Lang;
  step: string;
  where: string;
  url: string;
  scrollWidth: number;
}

const results = new Map<string, Partial<Record<Lang, Result>>>();
const overflows: Overflow[] = [];
const servers: ShopServer[] = [];

/**
 * A tap's `shown` is given this `expect`: each try gives up after 200 ms, and within it Playwright checks again
 * every 20 ms (its back-off is capped at a fifth of the timeout), where the default `expect` backs off to
 * 500 ms between checks and so adds up to half a second to a figure. Tried again until SHOWN_WITHIN_MS after
 * the action, then once more with the default `expect` (5 s) for its usual message.
 */
const quickExpect = expect.configure({ timeout: 200 });
const SHOWN_WITHIN_MS = 10_000;

/** A Hong Kong client address of its own for each walk (the server trusts X-Forwarded-For): prices in HKD, and sign-up limits per address are not shared between runs. */
const hongKongAddress = () => `223.197.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

async function prepareSurvey(lang: Lang[]): Promise<{ url: string; varianceID: string; emails: Partial<Record<Lang, string>> }> {
  const surveyPort = port + 1;
  const dataDir = `.tmp/walk-survey-data-${surveyPort}`;
  console.log(`Survey server on port ${surveyPort}: booking a seat per language at the real time…`);
  let server = await startShop({ port: surveyPort, dataDir, spaDir, fresh: true });
  servers.push(server);
  const api = await request.newContext({ baseURL: server.url });
  let startAt: string;
  let varianceID: string;
  const emails: Partial<Record<Lang, string>> = {};
  try {
    const { sessions } = await sessionsOnSale(api, SURVEY_EVENT, lang.length);
    const session = sessions[0];
    if (!session) throw new Error(`no session of ${SURVEY_EVENT} on sale`);
    varianceID = session.VarianceID;
    startAt = session.StartAt;
    for (const l of lang) emails[l] = await bookedMember(api, `walk-survey-${l}`, varianceID);
  } finally {
    await api.dispose();
    await server.stop();
    servers.splice(servers.indexOf(server), 1);
  }
  // Half an hour after the session's start (as e2e/event-survey.spec.ts).
  server = await startShop({ port: surveyPort, dataDir, spaDir, fresh: false, clockOffsetMs: Date.parse(startAt) + 30 * 60_000 - Date.now() });
  servers.push(server);
  return { url: server.url, varianceID, emails };
}

async function walk(browser: Browser, baseURL: string, lang: Lang, survey?: Awaited<ReturnType<typeof prepareSurvey>>) {
  const w = wordsFor(lang);
  const address = hongKongAddress();
  const { defaultBrowserType: _, viewport: __, ...phone } = devices['Pixel 7'];
  const context = await browser.newContext({
    ...phone,
    viewport: { width: WIDTH, height: 844 },
    baseURL,
    locale: lang === 'en' ? 'en-HK' : 'zh-HK',
    timezoneId: 'Asia/Hong_Kong',
    extraHTTPHeaders: { 'x-forwarded-for': address },
    // A visitor's default: the motion on (as newcomer.spec and shop.spec).
    reducedMotion: 'no-preference',
  });
  context.setDefaultTimeout(30_000);
  // The shop's language is the visitor's choice, kept on the device (as e2e/first-visit.spec.ts sets it).
  if (w.zh) await context.addInitScript(() => localStorage.getItem('sg.locale') || localStorage.setItem('sg.locale', 'zh-Hant'));
  // The moment the page received a tap's input: see `tap` below.
  let input: { armed: boolean; at?: number } = { armed: false };
  await context.exposeBinding('__walkInput', (_source, at: number) => {
    if (input.armed && input.at === undefined) input.at = at;
  });
  await context.addInitScript(`for (const type of ['pointerdown', 'keydown'])
    addEventListener(type, (event) => window.__walkInput(performance.timeOrigin + event.timeStamp), { capture: true });`);
  const page = await context.newPage();
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': address } });
  const walker: Walker = {};
  const shots = path.join(outDir, lang);
  mkdirSync(shots, { recursive: true });

  for (const [i, step] of STEPS.entries()) {
    const result: Result = { taps: [], notes: [] };
    const run: StepRun = {
      page,
      context,
      w,
      api,
      walker,
      survey: survey?.emails[lang] ? { url: survey.url, email: survey.emails[lang]!, varianceID: survey.varianceID } : undefined,
      async tap(label, action, shown) {
        const start = performance.now();
        input = { armed: true };
        try {
          await action();
          for (;;) {
            try {
              await shown(quickExpect);
              break;
            } catch {
              if (performance.now() - start < SHOWN_WITHIN_MS) continue;
              await shown(expect);
              break;
            }
          }
        } catch (err) {
          if (err instanceof Error) err.message = `${label}: ${err.message}`;
          throw err;
        }
        const end = performance.now();
        input.armed = false;
        // From the page's input event when the action was a tap or a key (its timeStamp, in the same clock as
        // ours through timeOrigin), else (an address opened, a reload) from the call.
        const from = input.at === undefined ? start : Math.max(start, input.at - performance.timeOrigin);
        result.taps.push({ label, ms: end - from });
      },
      async fits(where) {
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        if (scrollWidth > WIDTH) overflows.push({ lang, step: step.name, where, url: page.url(), scrollWidth });
      },
      note: (text) => void result.notes.push(text),
      skip(reason) {
        throw new Skipped(reason);
      },
    };
    try {
      await step.run(run);
      await run.fits('at the end');
      if (result.taps.length) result.ms = Math.max(...result.taps.map((t) => t.ms));
    } catch (err) {
      if (err instanceof Skipped) result.skipped = err.message;
      else result.failed = (err instanceof Error ? err.message : String(err)).split('\n').filter(Boolean).slice(0, 3).join(' | ');
    }
    const file = path.join(shots, `${String(i + 1).padStart(2, '0')}-${step.name}${result.failed ? '-failed' : ''}.png`);
    await page.screenshot({ path: file, fullPage: true, scale: 'css', timeout: 60_000 }).catch((err) => result.notes.push(`no screenshot: ${err.message.split('\n')[0]}`));
    const row = results.get(step.name) ?? {};
    row[lang] = result;
    results.set(step.name, row);
    const status = result.failed ? `FAILED: ${result.failed}` : result.skipped ? `skipped: ${result.skipped}` : `slowest tap ${Math.round(result.ms!)} ms`;
    console.log(`  [${lang}] ${step.name}: ${status}`);
    for (const t of result.taps) console.log(`      ${String(Math.round(t.ms)).padStart(5)} ms  ${t.label}`);
  }
  await api.dispose();
  await context.close();
}

function report() {
  const cell = (r?: Result) => (!r ? '' : r.failed ? 'FAILED' : r.skipped ? 'skipped' : r.ms === undefined ? '' : `${Math.round(r.ms)}`);
  const rows: string[][] = [];
  for (const step of STEPS) {
    const row = results.get(step.name);
    // Its slowest tap (or what became of it), then each tap: the same taps in each language, in order.
    rows.push([step.name, ...langs.map((l) => cell(row?.[l]))]);
    const labels = [...new Set(langs.flatMap((l) => row?.[l]?.taps.map((t) => t.label) ?? []))];
    for (const label of labels) {
      rows.push([`  ${label}`, ...langs.map((l) => row?.[l]?.taps.filter((t) => t.label === label).map((t) => `${Math.round(t.ms)}`).join(', ') ?? '')]);
    }
  }
  const headers = ['step (slowest tap), then each tap', ...langs.map((l) => `${l} ms`)];
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(`\n== The walk on a ${WIDTH} px phone: each tap, from the action to the next screen's content ${'='.repeat(20)}`);
  console.log(line(headers));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));

  const shortened = STEPS.filter((s) => s.shortened);
  if (shortened.length) {
    console.log('\nShortened steps:');
    for (const s of shortened) console.log(`  ${s.name}: ${s.shortened}`);
  }
  const notes = STEPS.flatMap((s) => langs.flatMap((l) => (results.get(s.name)?.[l]?.notes ?? []).map((n) => `  ${s.name} [${l}]: ${n}`)));
  if (notes.length) console.log(`\nNotes:\n${notes.join('\n')}`);
  const problems = STEPS.flatMap((s) =>
    langs.flatMap((l) => {
      const r = results.get(s.name)?.[l];
      return r?.failed ? [`  ${s.name} [${l}] FAILED: ${r.failed}`] : r?.skipped ? [`  ${s.name} [${l}] skipped: ${r.skipped}`] : [];
    }),
  );
  if (problems.length) console.log(`\nFailed or skipped:\n${problems.join('\n')}`);

  console.log(`\nSideways overflow (scrollWidth > ${WIDTH} px):`);
  if (!overflows.length) console.log('  none: every page the walk saw fits the phone');
  for (const o of overflows) console.log(`  ${o.step} [${o.lang}], ${o.where}: ${o.scrollWidth} px at ${o.url}`);
  console.log(`\nScreenshots: ${outDir}/<lang>/<nn>-<step>.png`);

  if (args.json) {
    const steps = STEPS.flatMap((s) => langs.map((lang) => ({ step: s.name, lang, ...results.get(s.name)?.[lang] })));
    writeFileSync(args.json, JSON.stringify({ steps, overflows }, null, 2));
  }
  const failed = STEPS.some((s) => langs.some((l) => results.get(s.name)?.[l]?.failed));
  if (failed || overflows.length) process.exitCode = 1;
}

async function main() {
  let baseURL = args['base-url'];
  let survey: Awaited<ReturnType<typeof prepareSurvey>> | undefined;
  if (!baseURL) {
    if (!args['skip-build'] || !existsSync(path.join(spaDir, 'index.html'))) {
      console.log(`Building the SPA into ${spaDir} (vite build, as the tree stands)…`);
      const built = spawnSync('npx', ['vite', 'build', '--outDir', spaDir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
      if (built.status !== 0) throw new Error(`vite build exited with ${built.status}`);
    }
    console.log(`Starting the shop on port ${port} (fresh database and seed)…`);
    const shop = await startShop({ port, dataDir: `.tmp/walk-data-${port}`, spaDir, fresh: true });
    servers.push(shop);
    baseURL = shop.url;
    survey = await prepareSurvey(langs).catch((err) => {
      console.log(`The survey server could not be prepared (the survey step is skipped): ${err.message}`);
      return undefined;
    });
  }
  rmSync(outDir, { recursive: true, force: true });
  // Chromium's headless shell, as the browser suite and the bench's Lighthouse run: Debian's full Chromium
  // (156.0.8078.114) starts its own omnibox popup, a WebUI renderer of ~350 modules, at every launch, and that
  // second of CPU landed in the walk's first tap (/home typed → the banner: 1,466 ms in the full browser, 659 in the shell).
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    for (const lang of langs) {
      console.log(`Walking ${baseURL} in ${lang}…`);
      await walk(browser, baseURL, lang, survey);
    }
  } finally {
    await browser.close();
  }
  report();
}

try {
  await main();
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await Promise.all(servers.map((s) => s.stop()));
}
