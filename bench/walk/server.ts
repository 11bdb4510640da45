/**
 * The shop's server for the walk, started as playwright.config.ts's webServer starts it (`npx tsx
 * server/main.ts`, a fresh embedded database seeded at start, NODE_ENV=test so the mail outbox can be read,
 * one trusted proxy), on a port and data directory of its own, serving the SPA built into `spaDir`
 * (bench/walk/spa-dir.mjs). `clockOffsetMs` runs its clock ahead (e2e/shifted-clock.mjs), as the survey's
 * e2e spec does. The id tokens are the shop's own length, not the e2e suite's 20 s (which exists to exercise
 * the refresh): a newcomer's walk would otherwise time refreshes no customer meets.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface ShopServer {
  url: string;
  stop(): Promise<void>;
}

export async function startShop(options: { port: number; dataDir: string; spaDir: string; fresh: boolean; clockOffsetMs?: number }): Promise<ShopServer> {
  const url = `http://127.0.0.1:${options.port}`;
  if (options.fresh) rmSync(path.resolve(root, options.dataDir), { recursive: true, force: true });
  const imports = [`--import=${root}bench/walk/spa-dir.mjs`, ...(options.clockOffsetMs ? [`--import=${root}e2e/shifted-clock.mjs`] : [])];
  const child: ChildProcess = spawn('npx', ['tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      PUBLIC_URL: url,
      WALK_SPA_DIR: options.spaDir,
      SG_CLOCK_OFFSET_MS: String(options.clockOffsetMs ?? 0),
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} ${imports.join(' ')}`.trim(),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));
  const stop = async () => {
    if (exited || !child.pid) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* gone */
      }
    }, 15_000);
    await exit;
    clearTimeout(timer);
  };
  const started = Date.now();
  for (;;) {
    if (exited) throw new Error(`the shop's server on port ${options.port} exited before it answered`);
    const ok = await fetch(`${url}/api/getNavigationMenu`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() - started > 180_000) {
      await stop();
      throw new Error(`the shop's server on port ${options.port} did not answer within 180 s`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  // The SPA must be the one built for the walk: index.html, not the API-only fallback.
  const home = await fetch(`${url}/home`);
  if (!(await home.text()).includes('<div id="root"')) {
    await stop();
    throw new Error(`the server on port ${options.port} does not serve the SPA from ${options.spaDir}`);
  }
  return { url, stop };
}
