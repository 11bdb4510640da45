/**
 * The crash test's servers (scripts/crash-test.ts): server/main.ts started as `npm run serve` starts it, on a free
 * port and the mode's database, waited for until it is open; stopped with SIGTERM (SIGKILL when it will not
 * stop); their output in one log file per mode.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { ROOT, START_TIMEOUT_MS, STOP_TIMEOUT_MS } from './settings.ts';
import type { Mode } from './databases.ts';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface Server {
  url: string;
  child: ChildProcess;
  exited: Promise<void>;
}

/** Every server of a mode writes to one log file. */
let serverLog: WriteStream | undefined;
/** The server of the moment, killed (by its pid) should this script fail. */
let current: Server | undefined;

/** Starts server/main.ts (node --import tsx, so a SIGKILL reaches the server itself) and waits until it is open. */
export async function startServer(mode: Mode, label: string): Promise<Server> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  // The shop's defaults, whatever this shell has set: the sandbox provider, no Redis, the mode's database.
  for (const key of Object.keys(env)) if (/^(DATABASE_URL|REDIS_|STRIPE_|SMTP_URL|PAYMENT_WINDOW_MINUTES)/.test(key)) delete env[key];
  Object.assign(env, mode.env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    TRUST_PROXY: '1',
    JOBS_INTERVAL_SECONDS: '1',
    NODE_ENV: 'development',
    FLOW_TOOLS: '0',
    LOG_LEVEL: 'info',
  });
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  serverLog?.write(`\n===== ${new Date().toISOString()} ${label}: pid ${child.pid}, port ${port}\n`);
  let tail = '';
  const server: Server = { url: `http://127.0.0.1:${port}`, child, exited };
  current = server;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label}: the server did not open in ${START_TIMEOUT_MS / 1000} s:\n${tail}`)), START_TIMEOUT_MS);
    let open = false;
    const read = (chunk: Buffer) => {
      serverLog?.write(chunk);
      if (open) return;
      tail = (tail + chunk.toString()).slice(-4000);
      if (tail.includes('Sip & Gather is open at')) {
        open = true;
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (!open) reject(new Error(`${label}: the server ended (${signal ?? `code ${code}`}) before it opened:\n${tail}`));
    });
  });
  return server;
}

/** SIGTERM and wait for the exit; SIGKILL after STOP_TIMEOUT_MS. Answers false when it had to be killed. */
export async function stopServer(server: Server): Promise<boolean> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return true;
  server.child.kill('SIGTERM');
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), STOP_TIMEOUT_MS).unref());
  if ((await Promise.race([server.exited, timeout])) === 'timeout') {
    server.child.kill('SIGKILL');
    await server.exited;
    return false;
  }
  return true;
}

/** Every server of the mode started from here on writes to this file (one per mode). */
export function openServerLog(file: string) {
  serverLog = createWriteStream(file);
}

/** Ends the mode's log file, once everything written to it is out. */
export async function closeServerLog() {
  await new Promise<void>((resolve) => serverLog!.end(() => resolve()));
}

/** Kills the server of the moment (SIGKILL) if it still runs, and waits for its exit: the end of a mode, whatever happened. */
export async function killCurrentServer() {
  if (current && current.child.exitCode === null && current.child.signalCode === null) {
    current.child.kill('SIGKILL');
    await current.exited;
  }
}
