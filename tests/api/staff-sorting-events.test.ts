/**
 * Issue 32: the back office's tables sort on the server, for sessions, events, gatherings and NFC tags. Each list,
 * sorted by each of its fields both ways, pages through every row once (no row twice, none missed), ties
 * included: rows at the same instant or microseconds apart, with the same title, capacity, price, host, status or
 * count. Small pages give the same rows in the same order as one big page; descending is ascending reversed. The
 * default orders stay as they were, and a key answered under one sort is refused under another, naming
 * LastEvaluatedKey. Run on PostgreSQL too.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hostListMySessions,
  staffListEvents,
  staffListGatherings,
  staffListNfcTags,
  staffListSessions,
  StaffEventSort,
  StaffGatheringSort,
  StaffNfcTagSort,
  StaffSessionSort,
  type StaffEvent,
  type StaffGathering,
  type StaffNfcTag,
  type StaffSession,
  type TokenSet,
} from '../../contract/index.ts';
import { events, eventVariances, gatheringPours, gatherings, nfcTags, products, productTypes, userNfcProducts, users, variances } from '../../server/db/schema.ts';
import { setStaffRole } from '../../server/services/staff/members.ts';
import { checkSorts, padded, pageThrough, type Page } from '../support/list-sorting.ts';
import { signUpMember } from '../support/members.ts';
import { auth, refused } from '../support/shop.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let owner: TokenSet & { email: string };
let hostIds: string[] = [];

/** Instants that tie: the same value several times, and two apart by microseconds only (one JavaScript millisecond). */
const instant = (list: readonly string[], i: number) => sql`${list[i % list.length]}::timestamptz`;
const CREATED = ['2026-03-01T10:00:00.000000Z', '2026-03-01T10:00:00.123456Z', '2026-03-01T10:00:00.123789Z', '2026-03-02T08:30:00.500000Z'];
/** Upcoming starts (long after the tests' clock), and past ones. */
const UPCOMING = ['2031-05-01T11:00:00.000000Z', '2031-05-01T11:00:00.250001Z', '2031-05-01T11:00:00.250999Z', '2031-06-12T19:30:00.000000Z'];
const PAST = ['2021-05-01T11:00:00.000000Z', '2021-05-01T11:00:00.000007Z', '2021-07-09T19:30:00.000000Z'];
const hours = (list: readonly string[], i: number, h: number) => sql`${list[i % list.length]}::timestamptz + make_interval(hours => ${h})`;

const SESSIONS = 12;
const PAST_SESSIONS = 3;

beforeAll(async () => {
  // No seed: every event, session, gathering and tag listed below is one of this file's.
  t = await createTestApp({ seed: false });
  owner = await signUpMember(t, { email: `sort-events-owner.${Date.now()}@example.com` });
  await setStaffRole(t.deps, { email: owner.email, role: 'owner', actorUserId: null });

  // Hosts: two with the host role; members who tapped tags.
  const run = Date.now();
  const people = ['host-b', 'host-a', 'tapper-1', 'tapper-2', 'tapper-3'].map((name) => ({ id: randomUUID(), email: `sort-${name}.${run}@example.com` }));
  await t.db.insert(users).values(people.map((p) => ({ id: p.id, email: p.email, passwordHash: 'x', givenName: 'Mei', familyName: 'Chan' })));
  for (const p of people.slice(0, 2)) await setStaffRole(t.deps, { email: p.email, role: 'host', actorUserId: null });
  hostIds = people.slice(0, 2).map((p) => p.id);
  const tappers = people.slice(2).map((p) => p.id);

  const typeIds = ['sort-tea', 'sort-wine'];
  await t.db.insert(productTypes).values(typeIds.map((id) => ({ id, nameEn: id, nameZh: id, descriptionEn: '', descriptionZh: '' })));

  // Seven events: titles, types, shown or hidden, and creation times repeat.
  const titles = ['Oolong Evening', 'Harbour Pairing', 'Oolong Evening', '品茶夜', 'Harbour Pairing'];
  const eventIds = Array.from({ length: 7 }, (_, i) => `sort-evt-${String.fromCharCode(97 + ((i * 5) % 7))}`);
  await t.db.insert(events).values(
    eventIds.map((id, i) => ({
      id,
      typeId: typeIds[i % 2]!,
      titleEn: titles[i % titles.length]!,
      titleZh: '茶',
      descriptionEn: '',
      descriptionZh: '',
      hostNameEn: 'Host',
      hostNameZh: '主持',
      hostBioEn: '',
      hostBioZh: '',
      venueEn: 'Venue',
      venueZh: '場地',
      addressEn: 'Address',
      addressZh: '地址',
      districtEn: 'Central',
      districtZh: '中環',
      mapUrl: 'https://maps.example.com/',
      image: 'tea-1',
      published: i % 3 !== 1,
      createdAt: instant(CREATED, i),
    })),
  );

  // Twelve upcoming sessions and three past ones: events, starts, capacities, prices and hosts repeat.
  const sessionIds = Array.from({ length: SESSIONS + PAST_SESSIONS }, (_, i) => `sort-evs-${String(((i * 7) % 15) + 10)}`);
  await t.db.insert(eventVariances).values(
    sessionIds.map((id, i) => {
      const past = i >= SESSIONS;
      const starts = past ? PAST : UPCOMING;
      const capacity = [12, 20, 12][i % 3]!;
      return {
        id,
        eventId: eventIds[i % 5]!,
        startsAt: instant(starts, i),
        endsAt: hours(starts, i, 2),
        capacity,
        seatsLeft: capacity,
        priceHkd: [38_000, 45_000, 38_000, 38_000][i % 4]!,
        priceUsd: [4_900, 5_800, 4_900, 5_000][i % 4]!,
        saleOpensAt: hours(starts, i, -24 * 30),
        saleClosesAt: instant(starts, i),
        hostUserId: [hostIds[0]!, null, hostIds[1]!, hostIds[0]!][i % 4] ?? null,
      };
    }),
  );

  // Ten gatherings (sessions 0–9): statuses, host e-mails and pour counts repeat; one closed.
  const gatheringIds = sessionIds.slice(0, 10).map((_, i) => `sort-gth-${String.fromCharCode(97 + ((i * 3) % 10))}`);
  await t.db.insert(gatherings).values(
    gatheringIds.map((id, i) => ({
      id,
      varianceId: sessionIds[i]!,
      hostEmail: [people[0]!.email, people[1]!.email, people[0]!.email][i % 3]!,
      status: (['Scheduled', 'Ongoing', 'Scheduled', 'Scheduled', 'Closed'] as const)[i % 5]!,
    })),
  );

  // Three products (two of one name), each with a variance: the gatherings' pours and the tags stand for them.
  const productIds = ['sort-prd-1', 'sort-prd-2', 'sort-prd-3'];
  const names = ['Tie Guan Yin', 'Da Hong Pao', 'Tie Guan Yin'];
  await t.db.insert(products).values(
    productIds.map((id, i) => ({ id, typeId: typeIds[0]!, nameEn: names[i]!, nameZh: '茶', descriptionEn: '', descriptionZh: '', images: ['tea-1'], minPriceHkd: 100, minPriceUsd: 10 })),
  );
  await t.db.insert(variances).values(productIds.map((productId) => ({ id: `${productId}-v`, productId, nameEn: '50 g', nameZh: '50 克', priceHkd: 100, priceUsd: 10, stock: 10 })));
  await t.db.insert(gatheringPours).values(
    gatheringIds.flatMap((gatheringId, i) =>
      productIds.slice(0, i % 3).map((productId) => ({ gatheringId, productId, varianceId: `${productId}-v`, priceHkd: 100, priceUsd: 10, setAside: 5, remaining: 5 })),
    ),
  );

  // Nine tags: products, creation times and retirement repeat; members tapped some.
  const tagIds = Array.from({ length: 9 }, (_, i) => `nfc_sort${String.fromCharCode(97 + ((i * 4) % 9))}aaaaa`);
  await t.db.insert(nfcTags).values(
    tagIds.map((id, i) => ({ id, productId: productIds[i % 3]!, createdAt: instant(CREATED, i), retiredAt: i % 4 === 3 ? instant(CREATED, 0) : null })),
  );
  await t.db.insert(userNfcProducts).values([
    { userId: tappers[0]!, productId: productIds[0]!, tagId: tagIds[0]!, addedAt: new Date() },
    { userId: tappers[1]!, productId: productIds[0]!, tagId: tagIds[0]!, addedAt: new Date() },
    { userId: tappers[0]!, productId: productIds[1]!, tagId: tagIds[1]!, addedAt: new Date() },
    { userId: tappers[2]!, productId: productIds[2]!, tagId: tagIds[5]!, addedAt: new Date() },
  ]);
});
afterAll(() => t?.close());

const after = (key: string | undefined) => (key ? { LastEvaluatedKey: key } : {});
const ids = <R>(page: Page<R>, id: (r: R) => string) => page.rows.map(id);

/** A call refused 400 InvalidParameter naming LastEvaluatedKey. */
async function refusesKey(call: string, body: Record<string, unknown>) {
  const r = await refused(t, call, body, owner);
  expect(r.status).toBe(400);
  expect(r.json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'LastEvaluatedKey' });
}

describe('staff-list-sessions sorted', () => {
  const read = async (Sort: StaffSessionSort | undefined, Size: number, key: string | undefined, When: 'upcoming' | 'past' = 'upcoming'): Promise<Page<StaffSession>> => {
    const r = await t.call(staffListSessions, { When, Size, ...(Sort ? { Sort } : {}), ...after(key) }, auth(owner));
    return { rows: r.SessionList, key: r.LastEvaluatedKey };
  };
  const id = (s: StaffSession) => s.SessionID;

  it('pages through every upcoming session once under each sort, both ways, ties included', async () => {
    const all = ids(await read(undefined, 100, undefined), id);
    expect(all).toHaveLength(SESSIONS);
    await checkSorts({
      fields: StaffSessionSort.entries.Field.options,
      all,
      read,
      id,
      value: (field, s) =>
        field === 'Event'
          ? s.EventName.en
          : field === 'Host'
            ? (s.Host?.Email ?? '')
            : field === 'Price'
              ? `${padded(s.Price.HKD)} ${padded(s.Price.USD)}`
              : field === 'StartAt'
                ? s.StartAt
                : padded(s[field]),
      ordered: ['StartAt', 'Capacity', 'SeatsSold', 'Price'],
    });
  });

  it('keeps upcoming soonest first and past latest first by default, and refuses a key from another sort', async () => {
    expect(ids(await read(undefined, 100, undefined), id)).toEqual(ids(await read({ Field: 'StartAt', Direction: 'asc' }, 100, undefined), id));
    const past = await read(undefined, 100, undefined, 'past');
    expect(past.rows).toHaveLength(PAST_SESSIONS);
    expect(ids(past, id)).toEqual(ids(await read({ Field: 'StartAt', Direction: 'desc' }, 100, undefined, 'past'), id));
    const { key } = await read({ Field: 'Price', Direction: 'asc' }, 2, undefined);
    expect(key).toBeTruthy();
    await refusesKey(staffListSessions.name, { Sort: { Field: 'Price', Direction: 'desc' }, LastEvaluatedKey: key });
    await refusesKey(staffListSessions.name, { LastEvaluatedKey: key });
    // Soonest first's key is not latest first's.
    await refusesKey(staffListSessions.name, { When: 'past', LastEvaluatedKey: (await read(undefined, 2, undefined)).key });
  });

  it('still pages a host’s own sessions soonest first (host-list-my-sessions)', async () => {
    const [host] = await t.db.select().from(users).where(sql`${users.id} = ${hostIds[0]!}`);
    const tokens = await signUpMember(t, { email: `sort-host-login.${Date.now()}@example.com` });
    // The host signs in as a member of their own: hand the sessions to that member.
    await setStaffRole(t.deps, { email: tokens.email, role: 'host', actorUserId: null });
    const [me] = await t.db.select({ id: users.id }).from(users).where(sql`${users.email} = ${tokens.email}`);
    await t.db.update(eventVariances).set({ hostUserId: me!.id }).where(sql`${eventVariances.hostUserId} = ${host!.id}`);
    const mine = await pageThrough(
      async (key) => {
        const r = await t.call(hostListMySessions, { Size: 2, ...after(key) }, auth(tokens));
        return { rows: r.SessionList, key: r.LastEvaluatedKey };
      },
      id,
      SESSIONS,
    );
    const starts = (await read(undefined, 100, undefined)).rows.filter((s) => mine.includes(s.SessionID)).map(id);
    expect(mine).toEqual(starts);
    expect(mine.length).toBeGreaterThan(2);
    await t.db.update(eventVariances).set({ hostUserId: host!.id }).where(sql`${eventVariances.hostUserId} = ${me!.id}`);
  });
});

describe('staff-list-events sorted', () => {
  const read = async (Sort: StaffEventSort | undefined, Size: number, key: string | undefined): Promise<Page<StaffEvent>> => {
    const r = await t.call(staffListEvents, { Size, ...(Sort ? { Sort } : {}), ...after(key) }, auth(owner));
    return { rows: r.EventList, key: r.LastEvaluatedKey };
  };
  const id = (e: StaffEvent) => e.EventID;

  it('pages through every event once under each sort, both ways, ties included', async () => {
    const all = ids(await read(undefined, 100, undefined), id);
    expect(all).toHaveLength(7);
    await checkSorts({
      fields: StaffEventSort.entries.Field.options,
      all,
      read,
      id,
      value: (field, e) => (field === 'Title' ? e.Title.en : field === 'Published' ? String(e.Published) : e[field]),
      ordered: ['CreatedAt', 'Published'],
    });
  });

  it('keeps the order by id as the default, and refuses a key from another sort', async () => {
    const byDefault = ids(await read(undefined, 100, undefined), id);
    expect(byDefault).toEqual([...byDefault].sort());
    const { key } = await read({ Field: 'Title', Direction: 'asc' }, 2, undefined);
    await refusesKey(staffListEvents.name, { Sort: { Field: 'CreatedAt', Direction: 'asc' }, LastEvaluatedKey: key });
    await refusesKey(staffListEvents.name, { LastEvaluatedKey: key });
    await refusesKey(staffListEvents.name, { LastEvaluatedKey: Buffer.from('sort-evt-a').toString('base64url') });
  });
});

describe('staff-list-gatherings sorted', () => {
  const read = async (Sort: StaffGatheringSort | undefined, Size: number, key: string | undefined): Promise<Page<StaffGathering>> => {
    const r = await t.call(staffListGatherings, { Size, ...(Sort ? { Sort } : {}), ...after(key) }, auth(owner));
    return { rows: r.GatheringList, key: r.LastEvaluatedKey };
  };
  const id = (g: StaffGathering) => g.GatheringID;

  it('pages through every current gathering once under each sort, both ways, ties included', async () => {
    const all = ids(await read(undefined, 100, undefined), id);
    // Scheduled and going on: all but the two closed.
    expect(all).toHaveLength(8);
    await checkSorts({
      fields: StaffGatheringSort.entries.Field.options,
      all,
      read,
      id,
      value: (field, g) => (field === 'Event' ? g.EventName.en : field === 'PourCount' ? padded(g.PourCount) : g[field]),
      ordered: ['StartAt', 'PourCount'],
    });
  });

  it('keeps soonest first by default, closed ones latest first, and refuses a key from another sort', async () => {
    expect(ids(await read(undefined, 100, undefined), id)).toEqual(ids(await read({ Field: 'StartAt', Direction: 'asc' }, 100, undefined), id));
    const closed = (await t.call(staffListGatherings, { Status: 'Closed' }, auth(owner))).GatheringList.map((g) => g.StartAt);
    expect(closed).toHaveLength(2);
    expect(closed).toEqual([...closed].sort().reverse());
    const { key } = await read({ Field: 'PourCount', Direction: 'desc' }, 2, undefined);
    await refusesKey(staffListGatherings.name, { Sort: { Field: 'PourCount', Direction: 'asc' }, LastEvaluatedKey: key });
    await refusesKey(staffListGatherings.name, { Status: 'Closed', LastEvaluatedKey: (await read(undefined, 2, undefined)).key });
  });
});

describe('staff-list-nfc-tags sorted', () => {
  const read = async (Sort: StaffNfcTagSort | undefined, Size: number, key: string | undefined): Promise<Page<StaffNfcTag>> => {
    const r = await t.call(staffListNfcTags, { Size, ...(Sort ? { Sort } : {}), ...after(key) }, auth(owner));
    return { rows: r.TagList, key: r.LastEvaluatedKey };
  };
  const id = (tag: StaffNfcTag) => tag.TagID;

  it('pages through every tag once under each sort, both ways, ties included', async () => {
    const all = ids(await read(undefined, 100, undefined), id);
    expect(all).toHaveLength(9);
    await checkSorts({
      fields: StaffNfcTagSort.entries.Field.options,
      all,
      read,
      id,
      value: (field, tag) =>
        field === 'Product' ? tag.ProductName.en : field === 'Retired' ? String(tag.Retired) : field === 'MemberCount' ? padded(tag.MemberCount) : tag[field],
      ordered: ['CreatedAt', 'TagID', 'Retired', 'MemberCount'],
    });
  });

  it('keeps newest first by default, and refuses a key from another sort', async () => {
    expect(ids(await read(undefined, 100, undefined), id)).toEqual(ids(await read({ Field: 'CreatedAt', Direction: 'desc' }, 100, undefined), id));
    const { key } = await read({ Field: 'MemberCount', Direction: 'desc' }, 2, undefined);
    await refusesKey(staffListNfcTags.name, { Sort: { Field: 'Product', Direction: 'desc' }, LastEvaluatedKey: key });
    await refusesKey(staffListNfcTags.name, { LastEvaluatedKey: key });
  });
});
