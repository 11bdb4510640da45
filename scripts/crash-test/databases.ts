/**
 * The crash test's database modes (scripts/crash-test.ts): PGlite in a fresh data directory, or a fresh PostgreSQL
 * database beside TEST_DATABASE_URL, dropped afterwards. Each migrates and seeds its database before the first
 * server, says what the server is started with, and opens the books (raw SQL) for the checks.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../server/db/client.ts';
import { seed } from '../../server/db/seed/index.ts';
import { createPasswords } from '../../server/services/passwords.ts';
import { ADMIN_URL } from './settings.ts';

/** Raw SQL against the books: PostgreSQL through pg, PGlite through the project's openDatabase. */
export interface Books {
  query<T>(text: string): Promise<T[]>;
  close(): Promise<void>;
}

export interface Mode {
  name: 'pglite' | 'postgres';
  /** What the server is started with besides the common settings. */
  env: Record<string, string>;
  /** False for PGlite: readable only once the server has exited. */
  readableWhileRunning: boolean;
  openBooks(): Promise<Books>;
  /** Runs once, before the first server: migrates and seeds. */
  prepare(): Promise<void>;
  /** Runs once, at the end (drops the PostgreSQL database). */
  cleanup(): Promise<void>;
}

export function pgliteMode(dir: string): Mode {
  const dataDir = path.join(dir, 'data');
  const open = async (): Promise<Books> => {
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    return {
      query: async <T>(text: string) => ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows,
      close: () => database.close(),
    };
  };
  return {
    name: 'pglite',
    env: { DATA_DIR: dataDir },
    readableWhileRunning: false,
    openBooks: open,
    async prepare() {
      mkdirSync(dataDir, { recursive: true });
      // server/main.ts seeds an empty database too; seeding here lets the starting figures be read before it runs.
      const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
      try {
        await seed(database.db, { now: new Date(), passwords: createPasswords(10) });
      } finally {
        await database.close();
      }
    },
    async cleanup() {},
  };
}

async function adminQuery(statement: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export function postgresMode(dir: string): Mode {
  const name = `crash_${randomBytes(6).toString('hex')}`;
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  let pool: pg.Pool | undefined;
  let created = false;
  return {
    name: 'postgres',
    env: { DATABASE_URL: url.toString(), DATA_DIR: path.join(dir, 'media-root') },
    readableWhileRunning: true,
    async openBooks() {
      if (!pool) {
        pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
        pool.on('error', () => {});
      }
      const p = pool;
      return { query: async <T>(text: string) => (await p.query(text)).rows as T[], close: async () => {} };
    },
    async prepare() {
      await adminQuery(`create database ${name}`);
      created = true;
      const database = await openDatabase({ url: url.toString() });
      try {
        await seed(database.db, { now: new Date(), passwords: createPasswords(10) });
      } finally {
        await database.close();
      }
    },
    async cleanup() {
      await pool?.end().catch(() => {});
      if (created) await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

export async function postgresAnswers(): Promise<string | undefined> {
  try {
    await adminQuery('select 1');
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}
