/**
 * Issue 32: push announcements from the back office (staff-send-announcement). An announcement reaches every
 * device on the global topic, each member's device in the member's language and the others in English; two
 * presses with the same RequestID, even at the same moment, send it once and write one audit row; the link is a
 * path of the shop, never a full URL (400 naming Link). The push sender is deps.push, replaced here by one that
 * records what it was given. Run on PostgreSQL too, with TEST_DATABASE_URL.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerFirebaseToken, registerToGlobalTopic, staffSendAnnouncement, type CallBodyInput } from '../../contract/index.ts';
import { auditLog, pushSubscriptions, users } from '../../server/db/schema.ts';
import { SEND_ANNOUNCEMENT_ACTION } from '../../server/services/staff/announcements.ts';
import type { PushPayload, PushResult, PushService } from '../../server/services/push.ts';
import { auth, refused, shopper, type Shopper } from '../support/shop.ts';
import { grantRole } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let staff: Shopper;

/** A push sender that records each message by endpoint. */
const sent: { endpoint: string; payload: PushPayload }[] = [];
const fakePush: PushService = {
  publicKey: 'test',
  requestDetails: () => {
    throw new Error('not used');
  },
  async sendPush(subscription, payload): Promise<PushResult> {
    sent.push({ endpoint: subscription.endpoint, payload });
    // A little wait, so two presses at once overlap while the first is sending.
    await new Promise((resolve) => setTimeout(resolve, 5));
    return { status: 201, gone: false };
  },
};

/** A browser's subscription as PushSubscription.toJSON() gives it, as the token the SPA sends. */
function device() {
  const endpoint = `https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString('hex')}`;
  const p256dh = Buffer.concat([Buffer.from([0x04]), randomBytes(64)]).toString('base64url');
  return { endpoint, token: JSON.stringify({ endpoint, expirationTime: null, keys: { p256dh, auth: randomBytes(16).toString('base64url') } }) };
}

let visitor: string;
let english: string;
let chinese: string;
let notOnTopic: string;

beforeAll(async () => {
  t = await createTestApp({ idTokenSeconds: 24 * 3600 });
  // The app reads deps.push when it sends; the recorder stands in for the push services.
  Object.assign(t.deps, { push: fakePush });
  staff = await shopper(t, { address: false });
  await grantRole(t, staff.userId, 'staff');

  const v = device();
  await t.call(registerToGlobalTopic, { token: v.token });
  visitor = v.endpoint;
  /** A member's device on the topic, the member reading the shop in `language`. */
  const memberDevice = async (language: 'en' | 'zh-Hant', onTopic = true) => {
    const m = await shopper(t, { address: false });
    await t.db.update(users).set({ language }).where(eq(users.id, m.userId));
    const d = device();
    await t.call(registerFirebaseToken, { token: d.token }, auth(m));
    if (onTopic) await t.call(registerToGlobalTopic, { token: d.token }, auth(m));
    return d.endpoint;
  };
  english = await memberDevice('en');
  chinese = await memberDevice('zh-Hant');
  notOnTopic = await memberDevice('zh-Hant', false);
  const [row] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, chinese));
  expect(row).toMatchObject({ globalTopic: true, userId: expect.any(String) });
});
afterAll(() => t?.close());
beforeEach(() => {
  sent.length = 0;
});

type Body = CallBodyInput<typeof staffSendAnnouncement>;
const announcement = (over: Partial<Body> = {}): Body => ({
  RequestID: randomUUID(),
  Title: { en: 'New oolongs are in', zh: '新烏龍到貨' },
  Body: { en: 'Three spring harvests from Anxi.', zh: '三款安溪春茶。' },
  Link: '/new_in',
  ...over,
});
const send = (body: Body) => t.call(staffSendAnnouncement, body, auth(staff));
const auditOf = (requestId: string) => t.db.select().from(auditLog).where(eq(auditLog.target, `announcement:${requestId}`));
const to = (endpoint: string) => sent.filter((s) => s.endpoint === endpoint).map((s) => s.payload);

describe('staff-send-announcement', () => {
  it("reaches every device on the global topic, each member's in their language, the rest in English, with one audit row", async () => {
    const body = announcement();
    const answer = await send(body);
    expect(answer).toMatchObject({ AnnouncementID: body.RequestID, Repeated: false });
    expect(answer.Delivery.Sent).toBeGreaterThanOrEqual(3);
    expect(to(visitor)).toEqual([{ title: 'New oolongs are in', body: 'Three spring harvests from Anxi.', url: '/new_in', lang: 'en', tag: `announcement-${body.RequestID}` }]);
    expect(to(english)).toEqual(to(visitor));
    expect(to(chinese)).toEqual([{ title: '新烏龍到貨', body: '三款安溪春茶。', url: '/new_in', lang: 'zh-Hant-HK', tag: `announcement-${body.RequestID}` }]);
    expect(to(notOnTopic)).toEqual([]);

    const audit = await auditOf(body.RequestID);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorUserId: staff.userId,
      action: SEND_ANNOUNCEMENT_ACTION,
      before: null,
      after: { RequestID: body.RequestID, Title: body.Title, Body: body.Body, Link: '/new_in' },
    });
  });

  it('opens the home page when it names no link', async () => {
    const body = announcement({ Link: undefined });
    await send(body);
    expect(to(visitor).map((p) => p.url)).toEqual(['/home']);
  });

  it('is sent once when pressed twice at once, and a later press answers the first', async () => {
    const body = announcement();
    const both = await Promise.all([send(body), send(body)]);
    expect(both.map((a) => a.Repeated).sort()).toEqual([false, true]);
    expect(both[0]!.SentAt).toBe(both[1]!.SentAt);
    expect(to(visitor)).toHaveLength(1);
    expect(to(chinese)).toHaveLength(1);
    const again = await send(body);
    expect(again).toMatchObject({ Repeated: true, SentAt: both[0]!.SentAt, Delivery: { Sent: 0, Gone: 0, Failed: 0, Refused: 0 } });
    expect(to(visitor)).toHaveLength(1);
    expect(await auditOf(body.RequestID)).toHaveLength(1);
  });

  it('refuses a RequestID already used for other words, sending nothing', async () => {
    const body = announcement();
    await send(body);
    sent.length = 0;
    const other = await refused(t, 'staff-send-announcement', { ...body, Title: { en: 'Something else', zh: '別的' } }, staff);
    expect(other).toMatchObject({ status: 400, json: { ErrorCode: 'InvalidParameter', field: 'RequestID' } });
    expect(sent).toEqual([]);
  });

  it('takes only a path of the shop as its link (400 naming Link), and checks its words and key (400 naming each)', async () => {
    for (const Link of ['https://evil.example/new_in', '//evil.example/new_in', '/\\evil.example', 'new_in', 'javascript:alert(1)', '/new in', `/${'a'.repeat(200)}`]) {
      const body = announcement({ Link });
      expect(await refused(t, 'staff-send-announcement', body, staff), Link).toMatchObject({ status: 400, json: { ErrorCode: 'InvalidParameter', field: 'Link' } });
      expect(await auditOf(body.RequestID)).toEqual([]);
    }
    const field = async (body: unknown) => (await refused(t, 'staff-send-announcement', body, staff)).json.field;
    expect(await field(announcement({ Title: { en: '', zh: '新烏龍到貨' } }))).toBe('Title.en');
    expect(await field(announcement({ Title: { en: 'x'.repeat(81), zh: '新烏龍到貨' } }))).toBe('Title.en');
    expect(await field(announcement({ Body: { en: 'Fine', zh: '　' } }))).toBe('Body.zh');
    expect(await field(announcement({ Body: { en: 'x'.repeat(301), zh: '好' } }))).toBe('Body.en');
    expect(await field(announcement({ RequestID: 'short' }))).toBe('RequestID');
    expect(await field({ ...announcement(), RequestID: undefined })).toBe('RequestID');
    expect(sent).toEqual([]);
  });

  it('is for staff only', async () => {
    const member = await shopper(t, { address: false });
    expect(await refused(t, 'staff-send-announcement', announcement(), member)).toMatchObject({ status: 403 });
    const host = await shopper(t, { address: false });
    await grantRole(t, host.userId, 'host');
    expect(await refused(t, 'staff-send-announcement', announcement(), host)).toMatchObject({ status: 403 });
    expect(sent).toEqual([]);
  });
});
