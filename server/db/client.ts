import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import * as schema from './schema.ts';

/** One Drizzle type for both drivers: handlers never know which database they run on. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: the data directory as an uncompressed tarball, to open copies of it (`loadDataDir`). */
  dumpDataDir?(): Promise<Blob>;
}

// import.meta.dirname also holds under test environments that rewrite import.meta.url (jsdom).
const migrationsFolder = path.join(import.meta.dirname ?? path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  url?: string;
  /** PGlite data directory; in memory when absent. */
  dataDir?: string;
  /**
   * PGlite: start from this dump of a data directory (`dumpDataDir`) instead of an empty cluster, which
   * skips initdb; the migrations still apply on top (a no-op when the dump already has them). Tests use it
   * to copy one migrated, seeded database instead of building it again for each app.
   */
  loadDataDir?: Blob;
}

/** Opens the database and applies the committed migrations. */
export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle connection the server ends (restart, a scratch database dropped) is discarded by the
    // pool, which reports it here; without a listener that report would crash the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Db, driver: 'postgres', close: () => pool.end() };
  }
  const client = new PGlite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    close: () => client.close(),
    // After a checkpoint: otherwise the copy recovers from the WAL, where sequences are logged 32 values
    // ahead, and its serial ids would not continue where this database's do.
    dumpDataDir: async () => {
      await client.exec('checkpoint');
      return client.dumpDataDir('none');
    },
  };
}

/**
 * A new, empty PostgreSQL database beside the one `url` names (tests, benchmarks), migrated,
 * and dropped again on close. With `template`, a copy of that database instead of an empty one
 * (tests copy one migrated, seeded database); the template must have no open connections.
 */
export async function openScratchDatabase(url: string, prefix: string, options: { template?: string } = {}): Promise<Database> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, options.template ? `create database ${name} template ${options.template}` : `create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const drop = () => adminQuery(url, `drop database if exists ${name} with (force)`);
  try {
    const database = await openDatabase({ url: target.toString() });
    return { ...database, close: () => database.close().finally(drop) };
  } catch (error) {
    await drop();
    throw error;
  }
}

async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
