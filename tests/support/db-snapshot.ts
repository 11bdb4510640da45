/**
 * The migrated (and seeded) test database, built once and copied for each test app (issue 27): building it
 * (initdb, every migration, the seed) took seconds per app, copying it a fraction of that.
 *
 * PGlite: two tarballs of the data directory (`dumpDataDir`), seeded and empty, under
 * node_modules/.cache/sg-test-db/, opened with `loadDataDir`. PostgreSQL (TEST_DATABASE_URL): two template
 * databases on that server, copied with CREATE DATABASE … TEMPLATE. Both are named by a hash of what
 * makes them (the migrations, the seed's source and everything it imports, the seed's date and password
 * cost, the lockfile), so a changed migration or seed builds new ones and a fresh clone builds its own.
 *
 * tests/global-setup.ts builds them before the workers start; a worker that finds none builds them itself.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Db } from '../../server/db/client.ts';
import { seed } from '../../server/db/seed/index.ts';
import { createPasswords } from '../../server/services/passwords.ts';

/** The date the seed is loaded at in tests, so "new in" and ages are fixed. */
export const SEED_NOW = new Date('2026-11-01T04:00:00Z');

/** scrypt at N=2^10 keeps hashing cheap in tests; production uses 2^17. */
export const TEST_SCRYPT_COST = 10;

export type TestDatabaseSnapshots =
  | { driver: 'pglite'; seeded: string; empty: string }
  | { driver: 'postgres'; url: string; seeded: string; empty: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseSnapshots: TestDatabaseSnapshots;
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../..');
const cacheDir = path.join(repoRoot, 'node_modules/.cache/sg-test-db');
/** A snapshot whose key no longer matches is removed after this long (another run may still be reading it). */
const STALE_AFTER_MS = 60 * 60_000;

/** What the test database is made of: every file the seed and the migrations read, and the seed's options. */
export function snapshotKey(): string {
  const hash = createHash('sha256');
  hash.update(`now=${SEED_NOW.toISOString()} cost=${TEST_SCRYPT_COST}\n`);
  const files = new Set<string>();
  const migrations = path.join(repoRoot, 'server/db/migrations');
  for (const entry of readdirSync(migrations, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files.add(path.join(entry.parentPath, entry.name));
  }
  const entryPoints = ['server/db/seed/index.ts', 'server/db/client.ts', 'server/services/passwords.ts', 'tests/support/db-snapshot.ts'];
  for (const file of importedFiles(entryPoints.map((p) => path.join(repoRoot, p)))) files.add(file);
  files.add(path.join(repoRoot, 'package-lock.json'));
  for (const file of [...files].sort()) {
    hash.update(`${path.relative(repoRoot, file)}\n`);
    hash.update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The files `entries` import, directly or not, within the repository (all relative imports name their file). */
function importedFiles(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...entries];
  const specifier = /(?:from|import)\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
  while (pending.length) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    if (!existsSync(file)) throw new Error(`The test database's key cannot read ${path.relative(repoRoot, file)}`);
    seen.add(file);
    if (!/\.[mc]?tsx?$/.test(file)) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(specifier)) {
      pending.push(path.resolve(path.dirname(file), (match[1] ?? match[2])!));
    }
  }
  return seen;
}

/** The snapshots for this run, built when missing: PostgreSQL templates when `url` is given, PGlite tarballs otherwise. */
export async function ensureSnapshots(url: string | undefined): Promise<TestDatabaseSnapshots> {
  const key = snapshotKey();
  return url ? ensurePostgresTemplates(url, key) : ensurePgliteSnapshots(key);
}

const seedTestData = (db: Db) => seed(db, { now: SEED_NOW, passwords: createPasswords(TEST_SCRYPT_COST) });

async function ensurePgliteSnapshots(key: string): Promise<TestDatabaseSnapshots> {
  const seeded = path.join(cacheDir, `${key}-seeded.tar`);
  const empty = path.join(cacheDir, `${key}-empty.tar`);
  if (existsSync(seeded) && existsSync(empty)) return { driver: 'pglite', seeded, empty };
  mkdirSync(cacheDir, { recursive: true });
  const database = await openDatabase();
  try {
    // Written under a name of their own and renamed: a parallel run building the same key never reads half a file.
    const write = async (file: string) => {
      const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
      writeFileSync(partial, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()));
      renameSync(partial, file);
    };
    await write(empty);
    await seedTestData(database.db);
    await write(seeded);
  } finally {
    await database.close();
  }
  for (const name of readdirSync(cacheDir)) {
    const file = path.join(cacheDir, name);
    if (!name.startsWith(key) && Date.now() - statSync(file).mtimeMs > STALE_AFTER_MS) rmSync(file, { force: true });
  }
  return { driver: 'pglite', seeded, empty };
}

const TEMPLATE_PREFIX = 'sg_tpl_';

async function ensurePostgresTemplates(url: string, key: string): Promise<TestDatabaseSnapshots> {
  const names = { seeded: `${TEMPLATE_PREFIX}${key}_seeded`, empty: `${TEMPLATE_PREFIX}${key}_empty` };
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Parallel workers and parallel runs: one builds, the others wait and find it built.
    await client.query(`select pg_advisory_lock(hashtext('sg_test_templates'))`);
    const existing = new Set(
      (await client.query<{ datname: string }>(`select datname from pg_database where datname like '${TEMPLATE_PREFIX}%'`)).rows.map(
        (row) => row.datname,
      ),
    );
    for (const [kind, name] of Object.entries(names) as Array<[keyof typeof names, string]>) {
      if (existing.has(name)) continue;
      // Built under a name of its own and renamed when complete: a template is never seen half-built.
      const building = `sg_building_${randomBytes(6).toString('hex')}`;
      await client.query(`create database ${building}`);
      try {
        const target = new URL(url);
        target.pathname = `/${building}`;
        const database = await openDatabase({ url: target.toString() });
        try {
          if (kind === 'seeded') await seedTestData(database.db);
        } finally {
          // A template is copied only while nobody is connected to it.
          await database.close();
        }
        await client.query(`alter database ${building} rename to ${name}`);
        await client.query(`comment on database ${name} is 'sg test template built ${new Date().toISOString()}'`);
      } catch (error) {
        await client.query(`drop database if exists ${building} with (force)`);
        throw error;
      }
    }
    await dropStaleTemplates(client, new Set(Object.values(names)));
  } finally {
    await client.end();
  }
  return { driver: 'postgres', url, ...names };
}

/** Templates of other keys, left by earlier trees, once they are old enough that no run still copies them. */
async function dropStaleTemplates(client: pg.Client, current: Set<string>) {
  const { rows } = await client.query<{ datname: string; note: string | null }>(
    `select datname, shobj_description(oid, 'pg_database') as note from pg_database where datname like '${TEMPLATE_PREFIX}%'`,
  );
  for (const { datname, note } of rows) {
    if (current.has(datname)) continue;
    const built = Date.parse(note?.replace(/^sg test template built /, '') ?? '');
    if (Number.isFinite(built) && Date.now() - built < STALE_AFTER_MS) continue;
    // Without force: a template being copied right now stays.
    await client.query(`drop database if exists ${datname}`).catch(() => {});
  }
}
