import { Blob } from 'node:buffer';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pino from 'pino';
import * as v from 'valibot';
import { inject } from 'vitest';
import type { CallBodyInput, CallDef, CallResponse, ErrorEnvelope } from '../../contract/index.ts';
import { createApp, type AppOptions } from '../../server/app.ts';
import { openDatabase, openScratchDatabase, type Database } from '../../server/db/client.ts';
import { createDeps } from '../../server/create-deps.ts';
import type { Clock, Deps } from '../../server/deps.ts';
import type { OidcConfig } from '../../server/services/oidc-config.ts';
import { createManualScheduler, type ManualScheduler } from '../../server/services/payments/manual-scheduler.ts';
import { readPaymentConfig } from '../../server/services/payments/provider.ts';
import { SANDBOX_SIGNATURE_HEADER } from '../../server/services/payments/sandbox.ts';
import { ensureSnapshots, SEED_NOW, TEST_SCRYPT_COST, type TestDatabaseSnapshots } from './db-snapshot.ts';

export { SEED_NOW };

let snapshots: Promise<TestDatabaseSnapshots> | undefined;
/** The run's snapshots (tests/global-setup.ts built them), or built here when this file runs without it. */
function runSnapshots(url: string | undefined): Promise<TestDatabaseSnapshots> {
  const provided = inject('testDatabaseSnapshots') as TestDatabaseSnapshots | undefined;
  const fits = url ? provided?.driver === 'postgres' && provided.url === url : provided?.driver === 'pglite';
  snapshots ??= fits ? Promise.resolve(provided!) : ensureSnapshots(url);
  return snapshots;
}

const dataDirs = new Map<string, Blob>();
/** A PGlite data directory tarball, read once per test file. */
function dataDir(file: string): Blob {
  let blob = dataDirs.get(file);
  if (!blob) {
    // Node's Blob: under jsdom the global one is jsdom's, which PGlite cannot read.
    blob = new Blob([readFileSync(file)]);
    dataDirs.set(file, blob);
  }
  return blob;
}

/**
 * A fresh database per test app, copied from the run's migrated database (seeded or not): PGlite in
 * memory, or a new PostgreSQL database when TEST_DATABASE_URL is set (the same suite runs on both).
 */
async function freshDatabase(seeded: boolean): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  const source = await runSnapshots(url);
  const snapshot = seeded ? source.seeded : source.empty;
  if (source.driver === 'postgres') return openScratchDatabase(url!, 'sg_test', { template: snapshot });
  return openDatabase({ loadDataDir: dataDir(snapshot) as unknown as globalThis.Blob });
}

export interface TestAppOptions extends AppOptions {
  clock?: Clock;
  /** Proxies in front of the server (TRUST_PROXY); one by default, so a test names its client in X-Forwarded-For. */
  trustProxy?: number;
  idTokenSeconds?: number;
  maxBodyBytes?: number;
  seed?: boolean;
  /** Third-party sign-in providers (tests start a real OIDC provider locally). */
  oidc?: OidcConfig;
  /** How long an unpaid card or Alipay order holds its stock (default 30 minutes). */
  paymentWindowMs?: number;
  /** Back-office calls need the second factor (issue 32; off in tests unless asked, as outside production). */
  staffSecondFactor?: boolean;
}

/** Signs the sandbox's webhooks in tests, so a test can sign a delivery of its own. */
export const TEST_WEBHOOK_SECRET = 'whsec_test_sandbox';

export async function createTestApp(options: TestAppOptions = {}) {
  const database = await freshDatabase(options.seed !== false);
  // The sandbox's webhooks wait in a manual scheduler: a test delivers them when (and as often as) it likes,
  // through the real endpoint.
  const scheduler: ManualScheduler = createManualScheduler();
  const deps: Deps = createDeps({
    db: database.db,
    clock: options.clock,
    log: pino({ level: 'silent' }),
    secret: randomBytes(32),
    idTokenSeconds: options.idTokenSeconds ?? 600,
    scryptCost: TEST_SCRYPT_COST,
    oidc: options.oidc,
    payments: {
      config: readPaymentConfig({}, { publicUrl: 'http://shop.test', randomSecret: () => TEST_WEBHOOK_SECRET }),
      scheduler,
      windowMs: options.paymentWindowMs,
      deliverWebhook: async ({ body, signature }) => {
        const response = await app.request('/api/payments/webhook', {
          method: 'POST',
          headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
          body,
        });
        return response.ok;
      },
    },
    config: {
      trustProxy: options.trustProxy ?? 1,
      maxBodyBytes: options.maxBodyBytes ?? 64 * 1024,
      version: 'test-version',
      publicUrl: 'http://shop.test',
      staffSecondFactor: options.staffSecondFactor ?? false,
    },
  });
  const app = createApp(deps, options);

  /** Posts a call and checks the answer against the contract's response schema. */
  async function call<C extends CallDef>(
    def: C,
    body: CallBodyInput<C>,
    headers: Record<string, string> = {},
  ): Promise<CallResponse<C>> {
    const response =
      def.method === 'GET'
        ? await app.request(`/api/${def.name}?${new URLSearchParams(body as Record<string, string>)}`, { headers })
        : await app.request(`/api/${def.name}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...headers },
            body: JSON.stringify(body),
          });
    const json = (await response.json()) as Record<string, unknown>;
    if (response.status !== 200 || json.result !== true) {
      throw new Error(`${def.name} answered ${response.status}: ${JSON.stringify(json)}`);
    }
    const parsed = v.safeParse(def.response, json);
    if (!parsed.success) throw new Error(`${def.name} answer breaks its contract: ${v.summarize(parsed.issues)}`);
    return parsed.output as CallResponse<C>;
  }

  /** Sends a raw request and returns status and envelope, for the error cases. */
  async function raw(path: string, init: RequestInit = {}) {
    const response = await app.request(path, init);
    const text = await response.text();
    let json: (ErrorEnvelope & Record<string, unknown>) | undefined;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, json, text, headers: response.headers };
  }

  return { app, deps, db: database.db, driver: database.driver, call, raw, payments: { scheduler }, close: () => database.close() };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
