import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);
// A run on a port of its own (E2E_PORT) keeps a database of its own, so two runs never share one.
const dataDir = process.env.E2E_PORT ? `.tmp/e2e-data-${port}` : '.tmp/e2e-data';
/**
 * Chromium's headless shell (Debian's chromium-headless-shell, the same engine and version as /usr/bin/chromium),
 * which is what Playwright itself runs headless tests in: without the full browser's window and compositor layers
 * it used ~11 % less CPU on the same specs (issue 27). The one thing it lacks is the browser's install offer,
 * which pwa.spec.ts checks in the full Chromium.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  // A hang detector, not a speed bound: a 25 s test ran past 60 s with the machine 6× oversubscribed (issue 27).
  timeout: 120_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A newcomer from Hong Kong: the server trusts X-Forwarded-For in this configuration.
    extraHTTPHeaders: { 'x-forwarded-for': '223.197.0.1' },
    trace: 'retain-on-failure',
    // Chromium draws in software here: smooth scrolling, skeleton shimmer and the loader bar kept it painting
    // and cost 40 % of the CPU of the layout tests (landing: 256 → 147 core-seconds). The suite is a member who
    // asked for less motion, which the shop honours; newcomer.spec and shop.spec keep the motion on.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  // Phones first: the shop is used on phones before anything else.
  projects: [{ name: 'phone', use: { ...devices['Pixel 7'], browserName: 'chromium' } }],
  webServer: {
    command: `rm -rf ${dataDir} && npx tsx server/main.ts`,
    // NODE_ENV=test keeps the mail outbox readable at /api/dev/outbox; short id tokens exercise the refresh.
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      ID_TOKEN_SECONDS: '20',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    url: `http://127.0.0.1:${port}/api/getNavigationMenu`,
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
