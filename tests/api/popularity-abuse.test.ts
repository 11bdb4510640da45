/**
 * Issue 26, item 4: views and shares (which rank discover and the popular sort) are counted per member, else
 * per client network, once per post per Hong Kong day; a fresh CookieID per request buys nothing.
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getUserInspiration, type TokenSet } from '../../contract/index.ts';
import { inspirationViewerDays } from '../../server/db/schema.ts';
import { inspirationId } from '../../server/db/seed/inspiration-data.ts';
import { signUpMember } from '../support/members.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

const HOUR_MS = 3_600_000;
/** The test's clock: a test moves it a day on to see the next day count again. */
let now = SEED_NOW.getTime() + HOUR_MS;
let t: TestApp;
let member: TokenSet;

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date(now) }, idTokenSeconds: 40 * 86_400 });
  member = await signUpMember(t, { given_name: 'Wing' });
});
afterAll(() => t.close());

type Kind = 'view' | 'share';
const CALL = { view: 'view-inspiration', share: 'share-inspiration' } as const;
const COUNTER = { view: 'ViewCount', share: 'ShareCount' } as const;

/** One view or share of a post, from a client address (X-Forwarded-For), with a CookieID never seen before unless given. */
async function hit(kind: Kind, id: string, from: string | undefined, options: { member?: TokenSet; cookieId?: string } = {}) {
  const r = await t.raw(`/api/${CALL[kind]}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(from ? { 'x-forwarded-for': from } : {}),
      ...(options.member ? { authorization: `Bearer ${options.member.idToken}` } : {}),
    },
    body: JSON.stringify({ InspirationID: id, CookieID: options.cookieId ?? randomUUID() }),
  });
  expect(r.status, r.text).toBe(200);
  return { count: r.json?.[COUNTER[kind]] as number, counted: r.json?.Counted as boolean };
}

async function counterOf(kind: Kind, id: string) {
  const { Inspiration } = await t.call(getUserInspiration, { InspirationID: id });
  return Inspiration[COUNTER[kind]];
}

async function rowsOf(kind: Kind, id: string) {
  const [row] = await t.db
    .select({ n: count() })
    .from(inspirationViewerDays)
    .where(and(eq(inspirationViewerDays.inspirationId, id), eq(inspirationViewerDays.kind, kind)));
  return row?.n ?? 0;
}

describe.each(['view', 'share'] as const)('%s-inspiration', (kind) => {
  // Seeded posts, one per test and kind, so the counts start where the seed left them.
  const post = (n: number) => inspirationId(kind === 'view' ? 2 : 3, n);

  it('200 calls with fresh CookieIDs from one address add 1, all at once or one after another', async () => {
    const id = post(1);
    const before = await counterOf(kind, id);
    const rows = await rowsOf(kind, id);
    const answers = await Promise.all(Array.from({ length: 100 }, () => hit(kind, id, '203.0.113.50')));
    for (let i = 0; i < 100; i++) answers.push(await hit(kind, id, '203.0.113.50'));
    expect(answers.filter((a) => a.counted)).toHaveLength(1);
    expect(await counterOf(kind, id)).toBe(before + 1);
    // The counter moves with its rows.
    expect(await rowsOf(kind, id)).toBe(rows + 1);
  });

  it('counts an IPv6 client by its /64: hosts of one network, and an IPv4 address written IPv4-mapped, are one viewer', async () => {
    const id = post(2);
    const before = await counterOf(kind, id);
    for (let host = 1; host <= 20; host++) await hit(kind, id, `2001:db8:26:4::${host.toString(16)}`);
    await hit(kind, id, '198.51.100.26');
    await hit(kind, id, '::ffff:198.51.100.26');
    expect(await counterOf(kind, id)).toBe(before + 2);
  });

  it('two networks add 2; a member adds 1 from any number of networks; no address and no member adds nothing', async () => {
    const id = post(3);
    const before = await counterOf(kind, id);
    expect((await hit(kind, id, '192.0.2.10')).counted).toBe(true);
    expect((await hit(kind, id, '192.0.2.11')).counted).toBe(true);
    expect(await counterOf(kind, id)).toBe(before + 2);

    const fromMember = await Promise.all(['198.18.0.1', '198.18.0.2', '2001:db8:77::1', '2001:db8:78::1'].map((from) => hit(kind, id, from, { member })));
    expect(fromMember.filter((a) => a.counted)).toHaveLength(1);
    expect(await counterOf(kind, id)).toBe(before + 3);

    // Neither a member nor an address the server can tell: not counted, whatever CookieID comes with it.
    expect(await hit(kind, id, undefined)).toMatchObject({ counted: false, count: before + 3 });
  });

  it('counts the same network and member again the next Hong Kong day', async () => {
    const id = post(4);
    const before = await counterOf(kind, id);
    await hit(kind, id, '203.0.113.60');
    await hit(kind, id, '203.0.113.61', { member });
    expect(await hit(kind, id, '203.0.113.60')).toMatchObject({ counted: false });
    expect(await hit(kind, id, '203.0.113.62', { member })).toMatchObject({ counted: false });
    now += 24 * HOUR_MS;
    expect(await hit(kind, id, '203.0.113.60')).toMatchObject({ counted: true, count: before + 3 });
    expect(await hit(kind, id, '203.0.113.61', { member })).toMatchObject({ counted: true, count: before + 4 });
    expect(await hit(kind, id, '203.0.113.60')).toMatchObject({ counted: false, count: before + 4 });
  });
});
