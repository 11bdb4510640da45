/**
 * Issue 32: "an audit row for every change", generated over the contract. Every call whose auth is a role is a read
 * (its contract says `readOnly: true`) or a change; each change has a fixture here that makes a valid change through
 * the API as a staff member, owner or host and checks that exactly the audit rows it names appeared, with the maker
 * as actor, its target, and a before or an after. A change call with neither a fixture nor a reasoned exemption fails
 * the first test by name, so a new back-office call cannot ship without its audit row; an exemption or fixture whose
 * call is gone or became a read fails as stale. Run on PostgreSQL too, with TEST_DATABASE_URL.
 */
import { asc, gt } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CALLS } from '../../contract/all-calls.ts';
import { isRoleAuth } from '../../contract/define.ts';
import { adminInit, checkInTicket, requestGatheringCode } from '../../contract/index.ts';
import { auditLog } from '../../server/db/schema.ts';
import { AUDIT_START, lastAuditId, openAuditShop, type AuditFixture, type AuditShop } from '../support/audit-fixtures.ts';
import { catalogueFixtures } from '../support/audit-fixtures-catalogue.ts';
import { contentFixtures } from '../support/audit-fixtures-content.ts';
import { eventFixtures } from '../support/audit-fixtures-events.ts';
import { orderFixtures } from '../support/audit-fixtures-orders.ts';

/**
 * Role calls that change something yet by design write no audit row, each with why. Keep this short: a change made
 * through the back office is audited unless its own rows already say who did what and when.
 */
const EXEMPT: Record<string, string> = {
  [requestGatheringCode.name]: 'mails the host a one-time code to open their gathering; changes nothing in the shop',
  [adminInit.name]: "the named host opens their own gathering with the mailed code: the gathering records who (host_user_id) and when (opened_at)",
  [checkInTicket.name]: 'the host checks a guest in at the door: the attendee row records who came in and when (checked_in_at), the ticket its holder',
};

const FIXTURES: Record<string, AuditFixture> = { ...catalogueFixtures, ...orderFixtures, ...eventFixtures, ...contentFixtures };

const roleCalls = [...CALLS.values()].filter((c) => isRoleAuth(c.auth));
const changeCalls = roleCalls.filter((c) => !c.readOnly).map((c) => c.name).sort();
const readCalls = roleCalls.filter((c) => c.readOnly).map((c) => c.name).sort();

describe('the back office’s calls, from the contract', () => {
  it('every change call has an audit fixture below or a reasoned exemption (a name here is a call with neither)', () => {
    expect(changeCalls.filter((name) => !(name in FIXTURES) && !(name in EXEMPT))).toEqual([]);
  });

  it('no fixture or exemption is stale: each names a change call of the contract, and none is both', () => {
    expect(Object.keys(FIXTURES).filter((name) => !changeCalls.includes(name))).toEqual([]);
    expect(Object.keys(EXEMPT).filter((name) => !changeCalls.includes(name))).toEqual([]);
    expect(Object.keys(EXEMPT).filter((name) => name in FIXTURES)).toEqual([]);
    for (const [name, reason] of Object.entries(EXEMPT)) expect(reason.length, name).toBeGreaterThan(20);
  });

  it('the contract marks its reads, and there are changes to check (the checks above would pass vacuously otherwise)', () => {
    expect(changeCalls).toEqual(expect.arrayContaining(['set-staff-role', 'pay-refund', 'staff-create-product']));
    expect(readCalls).toEqual(expect.arrayContaining(['list-audit-log', 'list-staff', 'staff-dashboard', 'staff-list-orders']));
  });
});

describe('each change writes its audit row', () => {
  let shop: AuditShop;
  beforeAll(async () => {
    shop = await openAuditShop();
  });
  afterAll(() => shop?.t.close());
  // Each fixture starts at the same moment, whatever the one before did to the clock.
  beforeEach(() => {
    shop.clock.now = AUDIT_START;
  });

  const cases = Object.entries(FIXTURES).filter(([name]) => changeCalls.includes(name));
  it.each(cases)('%s', async (name, fixture) => {
    const made = await fixture(shop);
    const mark = await lastAuditId(shop.t);
    const expected = await made.change();
    const rows = await shop.t.db.select().from(auditLog).where(gt(auditLog.id, mark)).orderBy(asc(auditLog.id));
    expect(expected.length, `${name} names the rows it writes`).toBeGreaterThan(0);
    expect(rows.map((r) => ({ action: r.action, actorUserId: r.actorUserId, target: r.target }))).toEqual(
      expected.map((e) => ({ ...e, actorUserId: made.by.userId })),
    );
    for (const r of rows) expect(r.before !== null || r.after !== null, `${name}: ${r.action} has a before or an after`).toBe(true);
  });
});
