/**
 * What tests/api/staff-audit-coverage.test.ts needs to make one change through each back-office call (issue 32):
 * a shop with an owner, a staff member and a host, on a clock the fixtures may move, and the shape of a fixture.
 * The fixtures themselves live by area in audit-fixtures-*.ts.
 */
import { max } from 'drizzle-orm';
import { auditLog } from '../../server/db/schema.ts';
import { shopper, type Shopper } from './shop.ts';
import { grantRole } from './staff.ts';
import { createTestApp, SEED_NOW, type TestApp } from './test-app.ts';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
/** Where the shop's clock stands when each fixture starts: an hour after the seed's, as most staff tests have it. */
export const AUDIT_START = SEED_NOW.getTime() + HOUR;

export interface AuditShop {
  t: TestApp;
  owner: Shopper;
  staff: Shopper;
  host: Shopper;
  /** The shop's clock (ms): a fixture may move it on; it is put back to AUDIT_START before the next one. */
  clock: { now: number };
  /** A word no seeded row and no other fixture has (names, codes, search words). */
  fresh(prefix?: string): string;
}

/** One audit row a change must write; its actor is the case's `by`. */
export interface ExpectedAudit {
  action: string;
  target: string;
}

export interface AuditCase {
  /** Who makes the change (their user id must be the rows' actor). */
  by: Shopper;
  /** Makes the change through the API and answers the audit rows it must have written, in the order written. */
  change(): Promise<ExpectedAudit[]>;
}

/** Prepares what the change needs (rows it writes meanwhile are not counted) and answers the change to make. */
export type AuditFixture = (shop: AuditShop) => Promise<AuditCase>;

/** A shop for the fixtures: one test app whose clock they share, an owner, a staff member and a host. */
export async function openAuditShop(): Promise<AuditShop> {
  const clock = { now: AUDIT_START };
  // Id tokens outlive the fixtures' moves in time (a renewal is a month on).
  const t = await createTestApp({ clock: { now: () => new Date(clock.now) }, idTokenSeconds: 365 * 24 * 3600 });
  const [owner, staff, host] = await Promise.all([1, 2, 3].map(() => shopper(t, { address: false })));
  await grantRole(t, owner!.userId, 'owner');
  await grantRole(t, staff!.userId, 'staff');
  await grantRole(t, host!.userId, 'host');
  let made = 0;
  // Letters only after the prefix: search stems and product ids are made from names.
  const fresh = (prefix = 'Auditwick') => `${prefix}${'abcdefghij'[++made % 10]}${'klmnopqrst'[Math.floor(made / 10) % 10]}${made}`;
  return { t, owner: owner!, staff: staff!, host: host!, clock, fresh };
}

/** The id of the newest audit row (0 when none): rows after it are a change's. */
export async function lastAuditId(t: TestApp): Promise<number> {
  const [row] = await t.db.select({ id: max(auditLog.id) }).from(auditLog);
  return Number(row?.id ?? 0);
}
