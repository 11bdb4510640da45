/**
 * Issue 32: events in the back office. Staff make and change events (names and descriptions in both languages,
 * type, host, venue, cover, hidden or not), each change one audit row with before and after and a change to
 * nothing none; customers see each change at once through their own calls and the event page's head facts
 * (kept for a minute, read warm before the change); bad input is a 400 naming its field; the list pages on the
 * server with each event's session counts. A session's host is mailed once when it becomes theirs, in their
 * language, a handover mailing the new host, two presses at once one mail. Run on PostgreSQL too, with
 * TEST_DATABASE_URL.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getEventDetail,
  SearchAndFilterEvent,
  staffCancelSession,
  staffCreateEvent,
  staffCreateSession,
  staffListEvents,
  staffUpdateEvent,
  staffUpdateSession,
  type CallBodyInput,
  type StaffEvent,
} from '../../contract/index.ts';
import { auditLog, eventVariances, gatherings, users } from '../../server/db/schema.ts';
import { createPageFacts } from '../../server/services/page-facts.ts';
import { CREATE_EVENT_ACTION, UPDATE_EVENT_ACTION } from '../../server/services/staff/event-catalogue.ts';
import { mails } from '../support/members.ts';
import { auth, refused, shopper, type Shopper } from '../support/shop.ts';
import { grantRole } from '../support/staff.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = SEED_NOW.getTime() + HOUR;

let t: TestApp;
let staff: Shopper;

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date(now) }, idTokenSeconds: 30 * 24 * 3600 });
  staff = await shopper(t, { address: false });
  await grantRole(t, staff.userId, 'staff');
});
afterAll(() => t?.close());

let made = 0;
/** A word no seeded event has, new for each event a test makes (the tests share one shop). */
const freshWord = () => `Quorbelline${'abcdefghij'[++made % 10]}${made}`;

type CreateBody = CallBodyInput<typeof staffCreateEvent>;
const eventBody = (word: string, over: Partial<CreateBody> = {}): CreateBody => ({
  ProductTypeID: 'tea',
  Title: { en: `${word} Oolong Evening`, zh: `${word}烏龍之夜` },
  Description: { en: 'Three roasts side by side.', zh: '三種焙火並排品嚐。' },
  Host: { Name: { en: 'Mei Chan', zh: '陳美' }, Bio: { en: 'Roasts oolong.', zh: '焙製烏龍。' } },
  Location: {
    Name: { en: 'Leaf Room', zh: '葉室' },
    Address: { en: '2 Tea Lane, Sheung Wan', zh: '上環茶巷2號' },
    District: { en: 'Sheung Wan', zh: '上環' },
    MapURL: 'https://maps.example/leaf-room',
  },
  Image: 'teapot-28-3',
  ...over,
});
const create = async (word = freshWord(), over: Partial<CreateBody> = {}) => (await t.call(staffCreateEvent, eventBody(word, over), auth(staff))).Event;
const as = (call: string, body: unknown) => refused(t, call, body, staff);
const auditOf = (target: string) => t.db.select().from(auditLog).where(eq(auditLog.target, target)).orderBy(auditLog.id);
const customerEvent = async (EventID: string) => (await t.call(getEventDetail, { EventID })).eventDetail;
const listed = async (body: CallBodyInput<typeof staffListEvents>) => (await t.call(staffListEvents, body, auth(staff))).EventList;

const iso = (ms: number) => new Date(ms).toISOString();
/** A session of `EventID` starting `days` from now, 19:00–21:00 Hong Kong time, on sale since yesterday. */
const sessionBody = (EventID: string, days: number, more: Partial<CallBodyInput<typeof staffCreateSession>> = {}) => ({
  EventID,
  StartAt: iso(SEED_NOW.getTime() + days * DAY + 7 * HOUR),
  EndAt: iso(SEED_NOW.getTime() + days * DAY + 9 * HOUR),
  Capacity: 10,
  Price: { HKD: 38000, USD: 4900 },
  SaleOpensAt: iso(now - DAY),
  ...more,
});
const newSession = async (EventID: string, days: number, more: Partial<CallBodyInput<typeof staffCreateSession>> = {}) =>
  (await t.call(staffCreateSession, sessionBody(EventID, days, more), auth(staff))).Session;

describe('an event made by staff', () => {
  it('is stored, listed, audited, and shown to customers at once', async () => {
    const word = freshWord();
    const e = await create(word, { Image: '/media/art/teapot-28-3.svg', Remark: { en: 'Bring a notebook.', zh: '請帶筆記本。' } });
    expect(e).toMatchObject({
      ProductTypeID: 'tea',
      Title: { en: `${word} Oolong Evening`, zh: `${word}烏龍之夜` },
      Host: { Name: { en: 'Mei Chan', zh: '陳美' } },
      Location: { Name: { en: 'Leaf Room' }, District: { zh: '上環' }, MapURL: 'https://maps.example/leaf-room' },
      Remark: { en: 'Bring a notebook.' },
      Image: 'teapot-28-3',
      ImageUrl: '/media/art/teapot-28-3.svg',
      IsAlcohol: false,
      Published: true,
      Sessions: { Upcoming: 0, Past: 0, Cancelled: 0 },
      NextSessionAt: null,
    });
    expect(e.EventID).toMatch(/^evt-quorbelline[a-j]\d+-oolong-evening-[0-9a-f]{6}$/);

    expect(await listed({ Text: word.toLowerCase() })).toEqual([e]);
    expect(await auditOf(`event:${e.EventID}`)).toMatchObject([
      { action: CREATE_EVENT_ACTION, actorUserId: staff.userId, before: null, after: { EventID: e.EventID, Title: e.Title, Published: true } },
    ]);
    expect(await customerEvent(e.EventID)).toMatchObject({
      Title: e.Title,
      Description: e.Description,
      Host: e.Host,
      Location: { Name: { en: 'Leaf Room' }, Address: { en: '2 Tea Lane, Sheung Wan' }, MapURL: 'https://maps.example/leaf-room' },
      Remark: { zh: '請帶筆記本。' },
      Image: '/media/art/teapot-28-3.svg',
      Variances: [],
    });
  });

  it('refuses bad input naming the field, and makes nothing', async () => {
    const word = freshWord();
    const cases: [Partial<CreateBody>, string, string][] = [
      [{ ProductTypeID: 'no-such-type' }, 'InvalidParameter', 'ProductTypeID'],
      [{ Image: 'dragon-10-1' }, 'InvalidParameter', 'Image'],
      [{ Image: 'https://example.com/a.png' }, 'InvalidParameter', 'Image'],
      [{ Title: { en: '  ', zh: '名' } }, 'InvalidParameter', 'Title.en'],
      [{ Title: { en: 'x'.repeat(121), zh: '名' } }, 'InvalidParameter', 'Title.en'],
      [{ Location: { ...eventBody(word).Location, MapURL: 'javascript:alert(1)' } }, 'InvalidParameter', 'Location.MapURL'],
      [{ Location: { ...eventBody(word).Location, District: { en: 'Central', zh: '' } } }, 'InvalidParameter', 'Location.District.zh'],
      [{ Host: { Name: { en: 'A', zh: 'B' }, Bio: { en: 'x'.repeat(2001), zh: '' } } }, 'InvalidParameter', 'Host.Bio.en'],
    ];
    for (const [over, code, field] of cases) {
      expect(await as('staff-create-event', eventBody(word, over)), field).toMatchObject({ status: 400, json: { ErrorCode: code, field } });
    }
    expect(await as('staff-create-event', { ...eventBody(word), Host: undefined })).toMatchObject({ status: 400, json: { field: 'Host' } });
    expect(await as('staff-update-event', { EventID: 'evt-none', Published: false })).toMatchObject({ status: 400, json: { ErrorCode: 'ObjectNotFound', field: 'EventID' } });
    expect(await as('staff-list-events', { LastEvaluatedKey: Buffer.from('x'.repeat(65)).toString('base64url') })).toMatchObject({ status: 400, json: { field: 'LastEvaluatedKey' } });
    expect(await listed({ Text: word })).toEqual([]);
  });

  it('is for staff: a visitor is refused 401 and a member 403', async () => {
    const member = await shopper(t, { address: false });
    expect((await refused(t, 'staff-create-event', eventBody(freshWord()))).status).toBe(401);
    expect((await refused(t, 'staff-list-events', {}, member)).status).toBe(403);
  });
});

describe('changes staff make', () => {
  it('a new title, venue and cover show at once on the event page, its head and in search; one audit row; a change to nothing writes nothing', async () => {
    const before = freshWord();
    const after = freshWord();
    const e = await create(before);
    await newSession(e.EventID, 10);
    // The page head's facts have read the event before the change (and would keep it for a minute).
    const facts = createPageFacts(t.deps);
    expect((await facts.event(e.EventID))?.title).toBe(`${before} Oolong Evening`);
    const search = async (Keyword: string) => (await t.call(SearchAndFilterEvent, { Keyword })).EventList.map((c) => c.EventID);
    expect(await search(before)).toEqual([e.EventID]);

    const Title = { en: `${after} Roast Night`, zh: `${after}焙火夜` };
    const Location = { ...eventBody(before).Location, Name: { en: 'Ember Hall', zh: '餘燼堂' } };
    const changed = (await t.call(staffUpdateEvent, { EventID: e.EventID, Title, Location, Image: 'kettle-200-4' }, auth(staff))).Event;
    expect(changed).toMatchObject({ Title, Location: { Name: { en: 'Ember Hall' } }, Image: 'kettle-200-4', Sessions: { Upcoming: 1 } });

    expect(await facts.event(e.EventID)).toMatchObject({ title: `${after} Roast Night`, venue: 'Ember Hall', image: '/media/art/kettle-200-4.svg' });
    expect(await customerEvent(e.EventID)).toMatchObject({ Title, Location: { Name: { en: 'Ember Hall', zh: '餘燼堂' } }, Image: '/media/art/kettle-200-4.svg' });
    expect(await search(after)).toEqual([e.EventID]);
    expect(await search(before)).toEqual([]);

    const rows = await auditOf(`event:${e.EventID}`);
    expect(rows).toMatchObject([
      { action: CREATE_EVENT_ACTION },
      { action: UPDATE_EVENT_ACTION, actorUserId: staff.userId, before: { Title: e.Title, Image: 'teapot-28-3' }, after: { Title, Image: 'kettle-200-4' } },
    ]);
    expect(rows[1]!.before).toMatchObject({ Location: { Name: { en: 'Leaf Room' } } });

    // The same again (and an empty change) writes nothing.
    await t.call(staffUpdateEvent, { EventID: e.EventID, Title, Location, Image: '/media/art/kettle-200-4.svg' }, auth(staff));
    await t.call(staffUpdateEvent, { EventID: e.EventID }, auth(staff));
    expect(await auditOf(`event:${e.EventID}`)).toHaveLength(2);
  });

  it('a hidden event leaves customers’ page, head and search at once, is listed as hidden, and comes back when shown', async () => {
    const word = freshWord();
    const e = await create(word);
    await newSession(e.EventID, 12);
    const facts = createPageFacts(t.deps);
    expect(await facts.event(e.EventID)).toBeDefined();

    await t.call(staffUpdateEvent, { EventID: e.EventID, Published: false }, auth(staff));
    expect(await facts.event(e.EventID)).toBeUndefined();
    expect(await refused(t, 'getEventDetail', { EventID: e.EventID })).toMatchObject({ status: 400, json: { ErrorCode: 'ObjectNotFound' } });
    expect((await t.call(SearchAndFilterEvent, { Keyword: word })).EventList).toEqual([]);
    expect((await listed({ Text: word, Status: 'hidden' })).map((x) => [x.EventID, x.Published])).toEqual([[e.EventID, false]]);
    expect(await listed({ Text: word, Status: 'published' })).toEqual([]);

    await t.call(staffUpdateEvent, { EventID: e.EventID, Published: true }, auth(staff));
    expect((await facts.event(e.EventID))?.id).toBe(e.EventID);
    expect((await customerEvent(e.EventID)).Variances).toHaveLength(1);
    expect((await auditOf(`event:${e.EventID}`)).map((r) => [r.action, (r.after as StaffEvent).Published])).toEqual([
      [CREATE_EVENT_ACTION, true],
      [UPDATE_EVENT_ACTION, false],
      [UPDATE_EVENT_ACTION, true],
    ]);
  });

  it('a new type makes a spirits tasting for adults', async () => {
    const e = await create();
    const changed = (await t.call(staffUpdateEvent, { EventID: e.EventID, ProductTypeID: 'spirits' }, auth(staff))).Event;
    expect(changed).toMatchObject({ ProductTypeID: 'spirits', IsAlcohol: true });
    expect(await customerEvent(e.EventID)).toMatchObject({ ProductTypeID: 'spirits', IsAlcohol: true });
    expect(await as('staff-update-event', { EventID: e.EventID, ProductTypeID: 'no-such-type' })).toMatchObject({ status: 400, json: { field: 'ProductTypeID' } });
  });
});

describe('the list', () => {
  it('counts each event’s sessions to come, held and cancelled, with its next; filters by type and status; pages on the server', async () => {
    const word = freshWord();
    const a = await create(word);
    const b = await create(word, { ProductTypeID: 'coffee' });
    const c = await create(word, { Published: false });
    const soon = await newSession(a.EventID, 5);
    await newSession(a.EventID, 9);
    const dropped = await newSession(a.EventID, 14);
    await t.call(staffCancelSession, { SessionID: dropped.SessionID, Reason: 'Venue closed' }, auth(staff));
    // A session held last week (staff cannot make one in the past).
    await t.db.insert(eventVariances).values({
      id: `evs-test-${a.EventID}`,
      eventId: a.EventID,
      startsAt: new Date(now - 7 * DAY),
      endsAt: new Date(now - 7 * DAY + 2 * HOUR),
      capacity: 8,
      seatsLeft: 8,
      priceHkd: 30000,
      priceUsd: 3900,
      saleOpensAt: new Date(now - 20 * DAY),
      saleClosesAt: new Date(now - 7 * DAY),
    });

    const all = await listed({ Text: word });
    expect(all.map((e) => e.EventID)).toEqual([a.EventID, b.EventID, c.EventID].sort());
    expect(all.find((e) => e.EventID === a.EventID)).toMatchObject({ Sessions: { Upcoming: 2, Past: 1, Cancelled: 1 }, NextSessionAt: soon.StartAt });
    expect(all.find((e) => e.EventID === b.EventID)).toMatchObject({ Sessions: { Upcoming: 0, Past: 0, Cancelled: 0 }, NextSessionAt: null });

    expect((await listed({ Text: word, ProductTypeID: 'coffee' })).map((e) => e.EventID)).toEqual([b.EventID]);
    expect((await listed({ Text: word, Status: 'hidden' })).map((e) => e.EventID)).toEqual([c.EventID]);
    expect((await listed({ Text: `${word}烏龍` })).map((e) => e.EventID)).toEqual(all.map((e) => e.EventID));
    expect((await listed({ Text: a.EventID })).map((e) => e.EventID)).toEqual([a.EventID]);

    const paged: string[] = [];
    let LastEvaluatedKey: string | undefined;
    do {
      const page = await t.call(staffListEvents, { Text: word, Size: 2, ...(LastEvaluatedKey ? { LastEvaluatedKey } : {}) }, auth(staff));
      expect(page.EventList.length).toBeLessThanOrEqual(2);
      paged.push(...page.EventList.map((e) => e.EventID));
      LastEvaluatedKey = page.LastEvaluatedKey;
    } while (LastEvaluatedKey);
    expect(paged).toEqual(all.map((e) => e.EventID));
  });
});

describe('a gathering’s host', () => {
  const hostMails = async (who: Shopper) => (await mails(t, who.email)).filter((m) => /^You host|^你將主持/.test(m.subject));
  const gatheringOf = async (SessionID: string) => (await t.db.select().from(gatherings).where(eq(gatherings.varianceId, SessionID)))[0]!;

  async function newHost(language: 'en' | 'zh-Hant' = 'en') {
    const h = await shopper(t, { address: false });
    await grantRole(t, h.userId, 'host');
    await t.db.update(users).set({ language }).where(eq(users.id, h.userId));
    return h;
  }

  it('is mailed once when named, in their language, with when, where and their gathering’s page; a handover mails the new host', async () => {
    const [first, second] = [await newHost(), await newHost('zh-Hant')];
    const e = await create();
    const s = await newSession(e.EventID, 8, { HostUserID: first.userId });
    const [mail, ...more] = await hostMails(first);
    expect(more).toEqual([]);
    expect(mail!.subject).toMatch(/^You host .* Oolong Evening on \d{4}-\d{2}-\d{2} · 你將主持/);
    expect(mail!.text).toContain('19:00');
    expect(mail!.text).toContain('Leaf Room, 2 Tea Lane, Sheung Wan');
    expect(mail!.text).toContain(`http://shop.test/host/${s.GatheringID}`);

    // Named again with other changes, nothing is mailed again.
    await t.call(staffUpdateSession, { SessionID: s.SessionID, HostUserID: first.userId, Capacity: 12 }, auth(staff));
    expect(await hostMails(first)).toHaveLength(1);
    // Cleared and named again: the gathering was theirs all along, so no second mail.
    await t.call(staffUpdateSession, { SessionID: s.SessionID, HostUserID: null }, auth(staff));
    await t.call(staffUpdateSession, { SessionID: s.SessionID, HostUserID: first.userId }, auth(staff));
    expect(await hostMails(first)).toHaveLength(1);

    // Handed over: the new host is mailed, in Chinese first; the first is not mailed again.
    await t.call(staffUpdateSession, { SessionID: s.SessionID, HostUserID: second.userId }, auth(staff));
    const [handed, ...none] = await hostMails(second);
    expect(none).toEqual([]);
    expect(handed!.subject).toMatch(/^你將主持「.*烏龍之夜」/);
    expect(handed!.text).toContain(`/host/${s.GatheringID}`);
    expect((await gatheringOf(s.SessionID)).hostEmail).toBe(second.email.toLowerCase());
    expect(await hostMails(first)).toHaveLength(1);

    // Opened by its host: naming someone else hands nothing over, so nobody is mailed.
    await t.db.update(gatherings).set({ status: 'Ongoing', hostUserId: second.userId }).where(eq(gatherings.varianceId, s.SessionID));
    await t.call(staffUpdateSession, { SessionID: s.SessionID, HostUserID: first.userId }, auth(staff));
    expect(await hostMails(first)).toHaveLength(1);
  });

  it('named by two presses at once is mailed once', async () => {
    const h = await newHost();
    const e = await create();
    const s = await newSession(e.EventID, 9);
    expect(s.GatheringID).toBeNull();
    const answers = await Promise.all([1, 2].map(() => t.call(staffUpdateSession, { SessionID: s.SessionID, HostUserID: h.userId }, auth(staff))));
    expect(answers.map((a) => a.Session.Host?.UserID)).toEqual([h.userId, h.userId]);
    expect(await hostMails(h)).toHaveLength(1);
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'session.update'), eq(auditLog.target, `session:${s.SessionID}`)));
    expect(audits).toHaveLength(1);
  });
});
