/**
 * Issue 26 item 2: a push subscription must not make the shop call an address of the caller's choosing.
 * Registration accepts only endpoints of the real push services (https, a known host, no IP literal, no
 * port) with a browser's keys, counts registrations per client address, and does not move a device another
 * member holds unless the caller sends the same keys. Sending (npm run announce, reminders) checks stored
 * rows the same way and refuses hosts that resolve to private addresses; DNS is the push service's
 * injected resolver here.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getNotificationSettings, registerFirebaseToken, registerToGlobalTopic, type TokenSet } from '../../contract/index.ts';
import { pushSubscriptions } from '../../server/db/schema.ts';
import { announce } from '../../server/services/notifications/notices.ts';
import { createPublicAddressCheck, createPushService, generateVapidKeys, type ResolveHost } from '../../server/services/push.ts';
import { freshClientAddress, signUpMember } from '../support/members.ts';
import { auth } from '../support/shop.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let alice: TokenSet;
let bob: TokenSet;
beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => SEED_NOW } });
  alice = await signUpMember(t);
  bob = await signUpMember(t);
});
afterAll(() => t?.close());

const b64url = (b: Buffer) => b.toString('base64url');

/** Keys as a browser makes them: a P-256 public key (uncompressed, 65 bytes) and a 16-byte auth secret. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(randomBytes(16)) };
}

const fcmEndpoint = () => `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString('hex')}`;
const tokenOf = (endpoint: string, keys = browserKeys()) => JSON.stringify({ endpoint, expirationTime: null, keys });

const post = (call: string, body: unknown, headers: Record<string, string> = {}) =>
  t.raw(`/api/${call}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
const fromNewAddress = () => ({ 'x-forwarded-for': freshClientAddress() });

/** Endpoints that are not a push service's: internal addresses, plain http, odd ports, lookalike hosts. */
const INTERNAL_ENDPOINTS = [
  (i: number) => `https://169.254.169.254/latest/meta-data/${i}`,
  (i: number) => `https://127.0.0.1:9443/push/${i}`,
  (i: number) => `http://fcm.googleapis.com/fcm/send/${i}`,
  (i: number) => `https://10.0.0.1/${i}`,
  (i: number) => `https://push.example.com/send/${i}`,
  (i: number) => `https://[::1]/push/${i}`,
  (i: number) => `https://0x7f.0.0.1/push/${i}`,
  (i: number) => `https://192.168.1.20/push/${i}`,
  (i: number) => `https://fcm.googleapis.com:8443/fcm/send/${i}`,
  (i: number) => `https://user:pw@fcm.googleapis.com/fcm/send/${i}`,
  (i: number) => `https://fcm.googleapis.com.evil.example/fcm/send/${i}`,
  (i: number) => `https://a.b.push.apple.com/${i}`,
  (i: number) => `https://localhost/push/${i}`,
  (i: number) => `https://metadata.google.internal/${i}`,
  (i: number) => `ftp://fcm.googleapis.com/${i}`,
];

describe('registration accepts only the push services', () => {
  it('refuses 300 registrations of internal and unknown endpoints with 400 naming the token', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 300; i += 1) {
      const token = tokenOf(INTERNAL_ENDPOINTS[i % INTERNAL_ENDPOINTS.length]!(i));
      const r = i % 2 === 0 ? await post('register-to-global-topic', { token }, fromNewAddress()) : await post('register-firebase-token', { token }, { ...auth(alice), ...fromNewAddress() });
      statuses.push(r.status);
      if (r.status === 400) expect(r.json, token).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'token' });
    }
    const accepted = statuses.filter((s) => s === 200).length;
    expect(accepted, `${accepted} of 300 accepted`).toBe(0);
    expect(statuses.every((s) => s === 400)).toBe(true);
    expect(await t.db.select().from(pushSubscriptions)).toHaveLength(0);
  });

  it('refuses keys that are not a browser’s', async () => {
    const good = browserKeys();
    const compressed = (() => {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      return b64url(ecdh.getPublicKey(null, 'compressed'));
    })();
    const bad = [
      { p256dh: b64url(randomBytes(64)), auth: good.auth },
      { p256dh: compressed, auth: good.auth },
      { p256dh: b64url(Buffer.concat([Buffer.from([0x03]), randomBytes(64)])), auth: good.auth },
      { p256dh: `${good.p256dh.slice(0, -2)}+/`, auth: good.auth },
      { p256dh: good.p256dh, auth: b64url(randomBytes(15)) },
      { p256dh: good.p256dh, auth: b64url(randomBytes(32)) },
      { p256dh: good.p256dh, auth: '' },
      { p256dh: good.p256dh, auth: 'not base64url!' },
    ];
    for (const keys of bad) {
      const r = await post('register-to-global-topic', { token: tokenOf(fcmEndpoint(), keys) }, fromNewAddress());
      expect(r.status, JSON.stringify(keys)).toBe(400);
      expect(r.json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'token' });
    }
  });

  it('accepts the push services’ endpoints with a browser’s keys', async () => {
    const endpoints = [
      fcmEndpoint(),
      `https://updates.push.services.mozilla.com/wpush/v2/${randomBytes(20).toString('base64url')}`,
      `https://web.push.apple.com/${randomBytes(20).toString('base64url')}`,
      `https://wns2-par02p.notify.windows.com/w/?token=${randomBytes(10).toString('hex')}`,
    ];
    for (const endpoint of endpoints) {
      await t.call(registerToGlobalTopic, { token: tokenOf(endpoint) }, fromNewAddress());
    }
    const token = tokenOf(fcmEndpoint());
    await t.call(registerFirebaseToken, { token }, { ...auth(alice), ...fromNewAddress() });
    expect(await t.call(getNotificationSettings, { token }, auth(alice))).toEqual({ Notifiable: true, GlobalTopic: false });
  });

  it('counts registrations per client address (20 an hour, both calls together)', async () => {
    const address = fromNewAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const token = tokenOf(fcmEndpoint());
      const r = i % 2 === 0 ? await post('register-to-global-topic', { token }, address) : await post('register-firebase-token', { token }, { ...auth(bob), ...address });
      statuses.push(r.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
    expect((await post('register-to-global-topic', { token: tokenOf(fcmEndpoint()) }, address)).json?.ErrorCode).toBe('LimitError');
    // Another address is not held up.
    expect((await post('register-to-global-topic', { token: tokenOf(fcmEndpoint()) }, fromNewAddress())).status).toBe(200);
  });
});

describe('a device another member holds', () => {
  it('is not moved without its keys; with the same keys (the same browser) it is', async () => {
    const endpoint = fcmEndpoint();
    const keys = browserKeys();
    await t.call(registerFirebaseToken, { token: tokenOf(endpoint, keys) }, { ...auth(alice), ...fromNewAddress() });

    const takeover = await post('register-firebase-token', { token: tokenOf(endpoint) }, { ...auth(bob), ...fromNewAddress() });
    expect(takeover.status).toBe(400);
    expect(takeover.json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'token' });
    const [row] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    expect(row?.userId).toBe(alice.userID);
    expect(row?.subscription.keys).toEqual(keys);

    // Nor may a visitor replace its keys through the global topic.
    const replaced = await post('register-to-global-topic', { token: tokenOf(endpoint) }, fromNewAddress());
    expect(replaced.json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'token' });
    const [still] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    expect(still).toMatchObject({ userId: alice.userID, globalTopic: false, subscription: { keys } });

    // The browser that holds it (the same keys) signs in as bob: the device is now bob's.
    await t.call(registerFirebaseToken, { token: tokenOf(endpoint, keys) }, { ...auth(bob), ...fromNewAddress() });
    expect(await t.call(getNotificationSettings, { token: tokenOf(endpoint, keys) }, auth(bob))).toEqual({ Notifiable: true, GlobalTopic: false });
    expect(await t.call(getNotificationSettings, { token: tokenOf(endpoint, keys) }, auth(alice))).toEqual({ Notifiable: false, GlobalTopic: false });
  });
});

describe('sending checks the endpoint again', () => {
  const PUBLIC_ADDRESS = '142.250.80.10';

  /** A push service whose requests are recorded (nothing leaves the machine) and whose DNS answers `dns`. */
  function recordingPush(dns: Record<string, string[]>) {
    const requested: string[] = [];
    const redirects: (RequestRedirect | undefined)[] = [];
    const resolveHost: ResolveHost = async (host) => dns[host] ?? [PUBLIC_ADDRESS];
    const push = createPushService({
      vapid: generateVapidKeys(),
      resolveHost,
      fetch: async (input, init) => {
        requested.push(String(input));
        redirects.push(init?.redirect);
        return new Response(null, { status: 201 });
      },
    });
    return { push, requested, redirects };
  }

  it('announce sends nothing to bad rows stored before the check, and forgets them', async () => {
    await t.db.delete(pushSubscriptions);
    const good = { endpoint: fcmEndpoint(), keys: browserKeys() };
    const rebound = { endpoint: `https://wns2-evil.notify.windows.com/w/${randomBytes(6).toString('hex')}`, keys: browserKeys() };
    const bad = [
      { endpoint: 'https://169.254.169.254/latest/meta-data/iam', keys: browserKeys() },
      { endpoint: 'https://127.0.0.1:9443/admin', keys: browserKeys() },
      { endpoint: 'http://fcm.googleapis.com/fcm/send/plain', keys: browserKeys() },
      { endpoint: 'https://10.0.0.1/', keys: browserKeys() },
      { endpoint: 'https://push.example.com/send/x', keys: browserKeys() },
      { endpoint: fcmEndpoint(), keys: { p256dh: b64url(randomBytes(65)), auth: b64url(randomBytes(16)) } },
    ];
    for (const s of [good, rebound, ...bad]) {
      await t.db.insert(pushSubscriptions).values({ endpoint: s.endpoint, subscription: { ...s, expirationTime: null }, globalTopic: true, createdAt: SEED_NOW });
    }
    // A push service host whose DNS answers a private address: refused, kept (DNS may be wrong for a while).
    const { push, requested, redirects } = recordingPush({ [new URL(rebound.endpoint).hostname]: ['10.1.2.3'] });

    const delivery = await announce({ db: t.db, log: pino({ level: 'silent' }), push }, { title: 'New oolongs', body: 'Spring harvest' });

    expect(requested, `${requested.length} of ${bad.length + 2} endpoints requested`).toEqual([good.endpoint]);
    expect(redirects).toEqual(['manual']);
    expect(delivery).toEqual({ sent: 1, gone: 0, failed: 0, refused: bad.length + 1 });
    const left = await t.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions);
    expect(left.map((r) => r.endpoint).sort()).toEqual([good.endpoint, rebound.endpoint].sort());
  });

  it('sendPush refuses a push service host that resolves to a private, loopback or link-local address', async () => {
    const subscription = { endpoint: fcmEndpoint(), expirationTime: null, keys: browserKeys() };
    for (const address of ['127.0.0.1', '10.0.0.1', '169.254.169.254', '192.168.0.1', '172.16.5.4', '100.64.0.1', '::1', 'fe80::1', 'fd00::1', '::ffff:10.0.0.1', '0.0.0.0']) {
      const { push, requested } = recordingPush({ 'fcm.googleapis.com': [PUBLIC_ADDRESS, address] });
      const result = await push.sendPush(subscription, { title: 'x' });
      expect(result, address).toMatchObject({ status: 0, gone: false });
      expect(result.refused).toBeTruthy();
      expect(requested).toEqual([]);
    }
    const { push, requested } = recordingPush({ 'fcm.googleapis.com': [PUBLIC_ADDRESS, '2a00:1450:4001:82a::200a'] });
    expect(await push.sendPush(subscription, { title: 'x' })).toEqual({ status: 201, gone: false });
    expect(requested).toEqual([subscription.endpoint]);
  });

  it('tells public addresses from the rest', () => {
    const isPublicAddress = createPublicAddressCheck();
    for (const address of ['142.250.80.10', '17.253.144.10', '2a00:1450:4001:82a::200a']) expect(isPublicAddress(address), address).toBe(true);
    for (const address of ['127.0.0.2', '10.9.9.9', '169.254.1.1', '::', '::1', 'fc00::5', '2001:db8::1', '::ffff:127.0.0.1', '224.0.0.1', 'not an address']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});
