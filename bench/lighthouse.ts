/**
 * Lighthouse on the production shop (issue 14, Fast): the SPA built as `npm start` builds it and served
 * the `npm start` way (scripts/start.mjs: NODE_ENV=production, the real server on a fresh DATA_DIR
 * with the seed data), then Lighthouse's default mobile run (a Moto G Power on slow 4G, simulated
 * throttling) in Debian's Chromium, a few times per page. Per page: the median of each category's
 * score and the metrics of the median run (Lighthouse's own pick: nearest the median FCP and TTI),
 * and the JavaScript the page fetched, as gzip -9 of the built files (the measure of the SPA budgets).
 *
 * Lighthouse's figures move with the machine's load: the load average is printed with them.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import type { Result as LighthouseResult } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { median } from './load.ts';
import { untracedPaint, type UntracedPaint } from './untraced-paint.ts';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

/** Issue 14's targets, as scores out of 100. */
export const TARGETS: Partial<Record<Category, number>> = { performance: 95, accessibility: 100, seo: 100 };
/** Issue 30's targets for the median run's metrics, ms. */
export const METRIC_TARGETS = { tbt: 200, lcp: 2000 } as const;

/** A page Lighthouse measures: its address, and the member it is seen as (a visitor when none). */
export interface BenchPage {
  path: string;
  signedInAs?: { email: string; password: string };
}

/** The demo member of the seed data (server/db/seed/member-data.ts), as `npm start` loads it. */
const DEMO_MEMBER = { email: 'demo@sipandgather.hk', password: 'SipGather2026' };

/** Issue 30: the three pages of the first-visit work, an event page, and the member home seen as the demo member. */
export const PAGES: BenchPage[] = [
  { path: '/home' },
  { path: '/product/tea-tieguanyin' },
  { path: '/search_result/oolong' },
  { path: '/event/evt-gongfu-oolong' },
  { path: '/home', signedInAs: DEMO_MEMBER },
];

/** How a page is named in the results: its address, and who sees it when that is a member. */
export const pageName = (page: BenchPage) => (page.signedInAs ? `${page.path} (signed in)` : page.path);

export interface PageResult {
  /** The page as pageName names it. */
  path: string;
  /** Median score of each category over the runs (0–100). */
  median: Record<Category, number>;
  /** Every run's scores, in run order. */
  runs: Record<Category, number>[];
  /** The median run's metrics, ms (CLS unitless). */
  metrics: { fcp: number; lcp: number; tbt: number; cls: number; si: number; tti: number };
  /** The median run's LCP element, as Lighthouse describes it. */
  lcpElement?: string;
  /** The median run's main-thread tasks: their wall time, and the part of it the thread was on a core. */
  mainThread?: MainThreadTime;
  /** JavaScript the median run fetched from the shop: files and their gzip -9 size. */
  js: { files: number; gzip: number };
  /** Audits of the median run that did not pass (score below 0.9), for the categories with targets. */
  failing: { id: string; title: string; score: number | null; display?: string }[];
  /** Where the median run's report (JSON) was written. */
  report: string;
  /** Lighthouse's BenchmarkIndex of each run, in run order: how fast the machine ran its yardstick just before. */
  benchmarkIndex: number[];
  /** The CPU slowdown each run was simulated with, in run order. */
  cpuSlowdown: number[];
  /**
   * Each run's first contentful paint as the browser reported it (not simulated), ms, in run order. The headless browser
   * at times presents a page's first frame a second or two late while its main thread is idle; Lighthouse's simulation
   * then takes every script that ran before that paint for one the paint waited on.
   */
  observedFcp: (number | undefined)[];
  /** As many loads again with no trace recorded (bench/untraced-paint.ts): the paints a browser not being traced shows. */
  untraced: UntracedPaint[];
}

export interface LighthouseOptions {
  repoRoot: string;
  runs: number;
  pages?: BenchPage[];
  chromePath?: string;
  /** Leave dist/spa as it is (otherwise it is built first, as the tree stands). */
  skipBuild?: boolean;
  log?: (line: string) => void;
  /**
   * Lighthouse's CPU slowdown: its default (4×, as the CLI and PageSpeed Insights on a desktop run it), a number, or
   * 'nominal': before each run the browser's BenchmarkIndex is taken and the slowdown scaled so the simulated phone
   * is the one 4× makes of the host Lighthouse assumes (NOMINAL_HOST_BENCHMARK_INDEX), whatever this machine is.
   */
  cpuSlowdown?: number | 'nominal';
  /** Also write each run's trace beside the reports (`<page>.run<n>.trace.json`, for DevTools' performance panel). */
  saveTraces?: boolean;
}

/**
 * The host Lighthouse's 4× is made for: its CPU-throttling calculator gives 4× at a BenchmarkIndex of 1,533.
 * BenchmarkIndex is a rate (work per second), so 4 × BI / 1,533 on another host simulates the same phone.
 */
export const NOMINAL_HOST_BENCHMARK_INDEX = 1533;
const DEFAULT_CPU_SLOWDOWN = 4;

/** The CPU slowdown that makes Lighthouse's phone on a host of this BenchmarkIndex (never below 1×). */
export const nominalCpuSlowdown = (benchmarkIndex: number) => Math.max(1, (DEFAULT_CPU_SLOWDOWN * benchmarkIndex) / NOMINAL_HOST_BENCHMARK_INDEX);

/** The BenchmarkIndex of the browser on `chromePort`, by Lighthouse's own page function, the way Lighthouse takes it. */
async function benchmarkIndexOf(chromePort: number): Promise<number> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}` });
  try {
    const page = await browser.newPage();
    // Lighthouse's function, as it sends it to the page; run twice, the first warms V8 as Lighthouse's warm-up does.
    const source = `(${pageFunctions.computeBenchmarkIndex.toString()})()`;
    await page.evaluate(source);
    const index = (await page.evaluate(source)) as number;
    await page.close();
    return index;
  } finally {
    await browser.disconnect();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Shop {
  url: string;
  stop(): Promise<void>;
}

/**
 * `npm start` (scripts/start.mjs) on a free port with a fresh DATA_DIR, in a process group of its own
 * (start.mjs runs the server as its child), ready once the API answers.
 */
async function startShop(repoRoot: string, dataDir: string): Promise<Shop> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // The shop's server is not on the phone: on a bench machine of two cores it would otherwise take a core from
  // the page's main thread whenever it answers (some 0.4–1.2 s of CPU per page here), and Lighthouse multiplies
  // every millisecond the main thread waits by four. At the lowest priority it gets what the browser leaves.
  const child: ChildProcess = spawn('nice', ['-n', '19', process.execPath, path.join(repoRoot, 'scripts/start.mjs')], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: url, LOG_LEVEL: 'warn' },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      return;
    }
    const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 15_000).unref());
    if ((await Promise.race([exited, timeout])) === 'timeout') {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* gone meanwhile */
      }
    }
  };
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited (code ${child.exitCode}) before it answered`);
    try {
      const answer = await fetch(`${url}/api/getNavigationMenu`);
      if (answer.ok) return { url, stop };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error('npm start did not answer within 180 s');
}

/** gzip -9 of a built file, by its address (built files only: /assets/…). */
function builtJsSize(spaDir: string, url: string): number | undefined {
  const { pathname } = new URL(url);
  if (!pathname.startsWith('/assets/') || !pathname.endsWith('.js')) return undefined;
  try {
    return gzipSync(readFileSync(path.join(spaDir, pathname)), { level: 9 }).length;
  } catch {
    return undefined;
  }
}

type NetworkItem = { url: string; resourceType?: string; statusCode?: number };

export interface MainThreadTime {
  wallMs: number;
  cpuMs: number;
}

type TraceEvent = { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number; args?: { name?: string } };

/**
 * The page's main-thread tasks in a run's trace: their wall time (what Lighthouse's simulation scales by four)
 * and their thread time (what the page itself used). On two shared cores the difference is the page waiting for
 * a core, behind the browser, the compositor, the shop's server and Lighthouse itself (issue 30): a figure that
 * moves with the machine, where thread time moves with the page.
 */
export function mainThreadTime(events: readonly TraceEvent[]): MainThreadTime | undefined {
  const isTask = (e: TraceEvent) => e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');
  const renderers = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const tasksByThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    const thread = `${e.pid}:${e.tid}`;
    if (!renderers.has(thread) || !isTask(e)) continue;
    const tasks = tasksByThread.get(thread) ?? [];
    tasks.push(e);
    tasksByThread.set(thread, tasks);
  }
  // The page's renderer is the busiest one (Lighthouse's own blank page has a renderer too).
  const tasks = [...tasksByThread.values()].sort((a, b) => b.length - a.length)[0];
  if (!tasks) return undefined;
  tasks.sort((a, b) => a.ts - b.ts);
  let wall = 0;
  let cpu = 0;
  let end = -Infinity;
  for (const task of tasks) {
    if (task.ts < end) continue; // nested in the task before it
    wall += task.dur ?? 0;
    cpu += task.tdur ?? task.dur ?? 0;
    end = task.ts + (task.dur ?? 0);
  }
  return { wallMs: wall / 1000, cpuMs: cpu / 1000 };
}

const fileNameOf = (pageName: string) => pageName.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '');

function summarise(pagePath: string, lhrs: LighthouseResult[], mainThreads: (MainThreadTime | undefined)[], spaDir: string, reportDir: string): Omit<PageResult, 'cpuSlowdown' | 'untraced'> {
  const score = (lhr: LighthouseResult, category: Category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
  const runs = lhrs.map((lhr) => Object.fromEntries(CATEGORIES.map((c) => [c, score(lhr, c)])) as Record<Category, number>);
  const chosen = computeMedianRun(lhrs);
  const numeric = (id: string) => chosen.audits[id]?.numericValue ?? Number.NaN;

  const requests = ((chosen.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []).filter(
    (r) => r.resourceType === 'Script',
  );
  let gzip = 0;
  let files = 0;
  for (const request of new Set(requests.map((r) => r.url))) {
    const size = builtJsSize(spaDir, request);
    if (size === undefined) continue;
    gzip += size;
    files++;
  }

  const failing: PageResult['failing'] = [];
  for (const category of CATEGORIES) {
    for (const ref of chosen.categories[category]?.auditRefs ?? []) {
      const audit = chosen.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 0.9 || audit.scoreDisplayMode === 'informative') continue;
      if (ref.weight === 0 && category !== 'performance') continue;
      failing.push({ id: `${category}/${audit.id}`, title: audit.title, score: audit.score, display: audit.displayValue });
    }
  }

  const lcpItems = (chosen.audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined)
    ?.items;
  const lcpElement = lcpItems?.[0]?.items?.[0]?.node?.snippet;

  const report = path.join(reportDir, `${fileNameOf(pagePath)}.json`);
  writeFileSync(report, JSON.stringify(chosen));
  return {
    path: pagePath,
    median: Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r[c]))])) as Record<Category, number>,
    runs,
    metrics: {
      fcp: numeric('first-contentful-paint'),
      lcp: numeric('largest-contentful-paint'),
      tbt: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      si: numeric('speed-index'),
      tti: numeric('interactive'),
    },
    lcpElement,
    mainThread: mainThreads[lhrs.indexOf(chosen)],
    js: { files, gzip },
    failing,
    report,
    benchmarkIndex: lhrs.map((lhr) => lhr.environment.benchmarkIndex),
    observedFcp: lhrs.map(observedFcpOf),
  };
}

/** The metrics audit's observed first contentful paint (from navigation start), when the run has one. */
function observedFcpOf(lhr: LighthouseResult): number | undefined {
  const items = (lhr.audits['metrics']?.details as { items?: { observedFirstContentfulPaint?: number }[] } | undefined)?.items;
  return items?.[0]?.observedFirstContentfulPaint;
}

/**
 * Signs the browser in as a member before a run, the way Lighthouse's guide to pages behind a login does
 * (puppeteer, then a run that keeps the origin's storage): the origin's storage and the browser's cache are
 * cleared as Lighthouse would clear them, then the session the shop keeps in local storage (src/app/session.ts)
 * is the one user-login just answered, so the run is a member's first visit of the day on a fresh device.
 */
async function signInBeforeRun(shopUrl: string, chromePort: number, member: { email: string; password: string }) {
  const answer = await fetch(`${shopUrl}/api/user-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(member),
  });
  if (!answer.ok) throw new Error(`user-login for ${member.email}: ${answer.status} ${await answer.text()}`);
  const tokens = await answer.text();
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}` });
  try {
    const page = await browser.newPage();
    const cdp = await page.createCDPSession();
    await cdp.send('Storage.clearDataForOrigin', { origin: shopUrl, storageTypes: 'all' });
    await cdp.send('Network.clearBrowserCache');
    // A file of the shop's that runs no script, to write its origin's storage from.
    await page.goto(`${shopUrl}/robots.txt`);
    await page.evaluate((value) => localStorage.setItem('sg.tokens', value), tokens);
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

/** Builds the SPA (unless told not to), starts the shop, runs Lighthouse `runs` times per page, stops the shop. */
export async function runLighthouse(options: LighthouseOptions): Promise<{ pages: PageResult[]; reportDir: string; loadBefore: number[]; loadAfter: number[]; version: string; browser: string }> {
  const log = options.log ?? ((line: string) => console.log(line));
  const spaDir = path.join(options.repoRoot, 'dist/spa');
  if (!options.skipBuild) {
    log('Building dist/spa (vite build, as npm start does)…');
    const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: options.repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
    if (built.status !== 0) throw new Error(`vite build failed (${built.status ?? built.signal})`);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sg-lighthouse-data-'));
  const reportDir = mkdtempSync(path.join(os.tmpdir(), 'sg-lighthouse-'));
  mkdirSync(reportDir, { recursive: true });
  const shop = await startShop(options.repoRoot, dataDir);
  // Chromium's headless shell (the same Blink, V8 and compositor as /usr/bin/chromium), as the browser suite runs in
  // (playwright.config.ts). The full browser, headless, also builds a window of its own, and Chromium 156.0.8078.114
  // starts its omnibox popup there at every launch: a web page of ~350 modules in a renderer of its own, beside the
  // page under test on a machine of two cores.
  // Traced as Lighthouse traces, both browsers at times hold the page's first frame back by a second or two while
  // its main thread is idle (the frame is committed and activated, then not drawn): first paint at 1,220-2,400 ms
  // unthrottled instead of 160-330, and Lighthouse's simulation then counts all that loaded by then into FCP and LCP
  // (1.5-1.6 and 2.4-2.7 s instead of 0.8 and 1.8). It is the recording's: untraced, the same page never held its
  // first frame (bench/untraced-paint.ts), which each page's untraced loads show beside Lighthouse's figures.
  // --run-all-compositor-stages-before-draw ends it, but makes every commit wait for raster on the main thread
  // (/home's TBT 150-260 became 500-810 ms), so the bench does not use it. A phone opening the shop waits for neither.
  const chromePath = options.chromePath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
  // A browser per run, as Lighthouse's CLI and PageSpeed Insights run it (issue 30): nothing a run leaves
  // (caches, storage, a warm renderer, a service worker) reaches the next.
  const launchChrome = () =>
    chromeLauncher.launch({
      chromePath,
      chromeFlags: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      logLevel: 'silent',
    });
  try {
    // One visit first, so the server's first answers (index.html completed, PGlite's first queries) are not timed.
    for (const page of options.pages ?? PAGES) await fetch(shop.url + page.path).then((r) => r.text());

    const loadBefore = os.loadavg();
    const pages: PageResult[] = [];
    let version = '?';
    let browser = '?';
    for (const page of options.pages ?? PAGES) {
      const lhrs: LighthouseResult[] = [];
      const mainThreads: (MainThreadTime | undefined)[] = [];
      const slowdowns: number[] = [];
      for (let run = 0; run < options.runs; run++) {
        const chrome = await launchChrome();
        let result: Awaited<ReturnType<typeof lighthouse>>;
        try {
          const cpuSlowdown =
            options.cpuSlowdown === 'nominal' ? nominalCpuSlowdown(await benchmarkIndexOf(chrome.port)) : (options.cpuSlowdown ?? DEFAULT_CPU_SLOWDOWN);
          slowdowns.push(cpuSlowdown);
          if (page.signedInAs) await signInBeforeRun(shop.url, chrome.port, page.signedInAs);
          result = await lighthouse(shop.url + page.path, {
            port: chrome.port,
            throttling: { cpuSlowdownMultiplier: cpuSlowdown },
            output: 'json',
            logLevel: 'error',
            onlyCategories: [...CATEGORIES],
            // Storage is reset by signInBeforeRun for a member's page (Lighthouse's reset would sign them out).
            disableStorageReset: Boolean(page.signedInAs),
          });
        } finally {
          await chrome.kill();
        }
        if (!result) throw new Error(`Lighthouse gave no result for ${pageName(page)}`);
        if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${pageName(page)}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
        lhrs.push(result.lhr);
        const trace = (result.artifacts as { Trace?: { traceEvents?: TraceEvent[] } }).Trace;
        mainThreads.push(mainThreadTime(trace?.traceEvents ?? []));
        if (options.saveTraces && trace) writeFileSync(path.join(reportDir, `${fileNameOf(pageName(page))}.run${run + 1}.trace.json`), JSON.stringify(trace));
        version = result.lhr.lighthouseVersion;
        browser = result.lhr.environment.hostUserAgent.match(/Chrome\/([\d.]+)/)?.[1] ?? '?';
      }
      const untraced: UntracedPaint[] = [];
      const signIn = page.signedInAs;
      for (let run = 0; run < options.runs; run++) {
        untraced.push(await untracedPaint(shop.url + page.path, launchChrome, signIn && ((port) => signInBeforeRun(shop.url, port, signIn))));
      }
      pages.push({ ...summarise(pageName(page), lhrs, mainThreads, spaDir, reportDir), cpuSlowdown: slowdowns, untraced });
    }
    return { pages, reportDir, loadBefore, loadAfter: os.loadavg(), version, browser };
  } finally {
    await shop.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
