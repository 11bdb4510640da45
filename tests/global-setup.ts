/**
 * Vitest's global setup for the api and ui projects: builds the migrated, seeded test database once per run
 * (or finds it built by an earlier run of the same tree) before the workers start, and hands its place to
 * them; each test app then opens a copy (tests/support/db-snapshot.ts).
 */
import type { TestProject } from 'vitest/node';
import { ensureSnapshots } from './support/db-snapshot.ts';

export default async function setup(project: TestProject) {
  const started = performance.now();
  const snapshots = await ensureSnapshots(process.env.TEST_DATABASE_URL);
  project.provide('testDatabaseSnapshots', snapshots);
  if (process.env.SG_TEST_DB_VERBOSE) console.log(`[test database] ${snapshots.seeded} ready in ${Math.round(performance.now() - started)} ms`);
}
