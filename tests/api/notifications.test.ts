import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getNotificationSettings,
  getPushPublicKey,
  registerFirebaseToken,
  registerToGlobalTopic,
  unregisterFirebaseToken,
  unregisterToGlobalTopic,
  userConfirmSignup,
  userLogin,
  userSignup,
  type TokenSet,
} from '../../contract/index.ts';
import { pushSubscriptions } from '../../server/db/schema.ts';
import { createPushService, generateVapidKeys } from '../../server/services/push.ts';
import { demoMember } from '../../server/db/seed/member-data.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let member: TokenSet;
let other: TokenSet;
beforeAll(async () => {
  t = await createTestApp();
  member = await t.call(userLogin, { email: demoMember.email, password: demoMember.password });
  other = await signUp(`listener.${Date.now()}@example.com`);
});
afterAll(() => t?.close());

/** A second member, signed up with the code from the dev outbox. */
async function signUp(email: string): Promise<TokenSet> {
  await t.call(userSignup, { email, password: 'Oolong2026', given_name: 'Ka Yan', family_name: 'Wong' });
  const r = await t.raw(`/api/dev/outbox?email=${encodeURIComponent(email)}`);
  const text = (r.json?.Mails as { text: string }[] | undefined)?.[0]?.text ?? '';
  const confirmationCode = text.match(/\b(\d{6})\b/)?.[1] ?? '';
  return t.call(userConfirmSignup, { email, confirmationCode });
}

const auth = (tokens: TokenSet) => ({ authorization: `Bearer ${tokens.idToken}` });
const b64url = (b: Buffer) => b.toString('base64url');

/** A browser's subscription: a real P-256 key pair and auth secret, as PushSubscription.toJSON() gives them. */
function browserSubscription(endpoint = `https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString('hex')}`) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  const json = { endpoint, expirationTime: null, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(authSecret) } };
  return { json, token: JSON.stringify(json), ecdh, authSecret };
}

async function post(call: string, body: unknown, headers: Record<string, string> = {}) {
  return t.raw(`/api/${call}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
}

describe('notification settings', () => {
  it('answers the VAPID public key for applicationServerKey', async () => {
    const { PublicKey } = await t.call(getPushPublicKey, {});
    expect(Buffer.from(PublicKey, 'base64url')).toHaveLength(65);
  });

  it('registers and unregisters the member device (Notifiable)', async () => {
    const { token, json } = browserSubscription();
    expect(await t.call(getNotificationSettings, { token }, auth(member))).toEqual({ Notifiable: false, GlobalTopic: false });
    await t.call(registerFirebaseToken, { token }, auth(member));
    expect(await t.call(getNotificationSettings, { token }, auth(member))).toEqual({ Notifiable: true, GlobalTopic: false });
    // The same device is not another member's.
    expect(await t.call(getNotificationSettings, { token }, auth(other))).toEqual({ Notifiable: false, GlobalTopic: false });
    // Registering twice is harmless.
    await t.call(registerFirebaseToken, { token }, auth(member));
    await t.call(unregisterFirebaseToken, { token }, auth(member));
    expect(await t.call(getNotificationSettings, { token }, auth(member))).toEqual({ Notifiable: false, GlobalTopic: false });
    // Neither linked nor on the topic: the row is gone.
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, json.endpoint))).toEqual([]);
  });

  it('another member cannot unlink a device that is not theirs', async () => {
    const { token } = browserSubscription();
    await t.call(registerFirebaseToken, { token }, auth(member));
    await t.call(unregisterFirebaseToken, { token }, auth(other));
    expect(await t.call(getNotificationSettings, { token }, auth(member))).toMatchObject({ Notifiable: true });
  });

  it('the global topic is open to visitors and kept apart from the member link', async () => {
    const { token, json } = browserSubscription();
    await t.call(registerToGlobalTopic, { token });
    expect(await t.call(getNotificationSettings, { token }, auth(member))).toEqual({ Notifiable: false, GlobalTopic: true });
    await t.call(registerFirebaseToken, { token }, auth(member));
    await t.call(unregisterFirebaseToken, { token }, auth(member));
    // Still on the topic, so the row stays.
    expect(await t.call(getNotificationSettings, { token }, auth(member))).toEqual({ Notifiable: false, GlobalTopic: true });
    await t.call(unregisterToGlobalTopic, { token });
    expect(await t.call(getNotificationSettings, { token }, auth(member))).toEqual({ Notifiable: false, GlobalTopic: false });
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, json.endpoint))).toEqual([]);
    // Leaving a topic never joined is harmless.
    await t.call(unregisterToGlobalTopic, { token });
  });

  it('refuses tokens that are not Web Push subscriptions', async () => {
    const good = browserSubscription().json;
    const bad = [
      'not json',
      JSON.stringify({ endpoint: 'http://push.example.com/x', keys: good.keys }),
      JSON.stringify({ endpoint: good.endpoint }),
      JSON.stringify({ endpoint: good.endpoint, keys: { p256dh: good.keys.p256dh } }),
      JSON.stringify({ ...good, endpoint: `https://fcm.googleapis.com/${'x'.repeat(4096)}` }),
      JSON.stringify({ ...good, endpoint: 'https://push.example.com/send/x' }),
      '',
    ];
    for (const token of bad) {
      for (const call of ['register-to-global-topic', 'unregister-to-global-topic']) {
        const r = await post(call, { token });
        expect(r.status, `${call} ${token.slice(0, 40)}`).toBe(400);
        expect(r.json?.ErrorCode).toMatch(/^(InvalidParameter|MissingParameter)$/);
      }
      const r = await post('register-firebase-token', { token }, auth(member));
      expect(r.status).toBe(400);
      expect(r.json?.ErrorCode).toMatch(/^(InvalidParameter|MissingParameter)$/);
    }
    expect((await post('register-to-global-topic', {})).json?.ErrorCode).toBe('MissingParameter');
  });

  it('member calls need a login', async () => {
    const { token } = browserSubscription();
    for (const call of ['register-firebase-token', 'unregister-firebase-token', 'get-notification-settings']) {
      const r = await post(call, { token });
      expect(r.status).toBe(401);
      expect(r.json?.ErrorCode).toBe('Unauthorized');
    }
  });

  it('keeps the subscription as the browser gave it', async () => {
    const { token, json } = browserSubscription();
    await t.call(registerFirebaseToken, { token }, auth(member));
    const [row] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, json.endpoint));
    expect(row?.userId).toBeTruthy();
    expect(row?.subscription).toEqual(json);
  });
});

/** RFC 8291 (aes128gcm) decryption, as the browser does it with its private key. */
function decrypt(body: Buffer, ecdh: ReturnType<typeof createECDH>, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const serverKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(-16));
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  return plain.subarray(0, plain.lastIndexOf(2)).toString('utf8');
}

/** Checks the VAPID header: `vapid t=<ES256 JWT>, k=<public key>`, signed by that key, for the endpoint's origin. */
function checkVapid(authorization: string | undefined, endpoint: string, publicKey: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization ?? '');
  expect(match, authorization).toBeTruthy();
  const [, jwt, k] = match!;
  expect(k).toBe(publicKey);
  const [header, claims, signature] = jwt!.split('.');
  expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toMatchObject({ typ: 'JWT', alg: 'ES256' });
  const payload = JSON.parse(Buffer.from(claims!, 'base64url').toString());
  expect(payload.aud).toBe(new URL(endpoint).origin);
  expect(payload.sub).toMatch(/^(mailto:|https:)/);
  expect(payload.exp * 1000).toBeGreaterThan(Date.now());
  const raw = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33)) },
    format: 'jwk',
  });
  const ok = verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature!, 'base64url'));
  expect(ok).toBe(true);
}

describe('delivery (sendPush)', () => {
  let server: Server;
  let base = '';
  const received: { url: string; headers: IncomingHttpHeaders; body: Buffer }[] = [];
  let answer = 201;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ url: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(answer).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('web-push builds an encrypted body, VAPID authorization and TTL for a stored subscription', async () => {
    const { token, json, ecdh, authSecret } = browserSubscription();
    await t.call(registerFirebaseToken, { token }, auth(member));
    const [row] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, json.endpoint));
    const details = t.deps.push.requestDetails(row!.subscription, { title: 'Tasting tonight', body: 'See you at 7', url: '/events/1' }, { ttlSeconds: 3600 });
    expect(details.endpoint).toBe(json.endpoint);
    expect(details.headers).toMatchObject({ TTL: 3600, 'Content-Encoding': 'aes128gcm' });
    checkVapid(details.headers.Authorization as string, json.endpoint, t.deps.push.publicKey);
    expect(JSON.parse(decrypt(details.body!, ecdh, authSecret))).toEqual({ title: 'Tasting tonight', body: 'See you at 7', url: '/events/1' });
  });

  it('delivers to a push service endpoint (a local HTTP server) that the browser can decrypt', async () => {
    const { json, ecdh, authSecret } = browserSubscription('https://fcm.googleapis.com/fcm/send/abc');
    // The push service's host resolves to a public address; the request itself goes to the local server.
    const vapid = generateVapidKeys();
    const push = createPushService({
      vapid,
      resolveHost: async () => ['142.250.80.10'],
      fetch: (input, init) => fetch(`${base}${new URL(String(input)).pathname}`, init),
    });
    answer = 201;
    const result = await push.sendPush(json, { title: 'Hello', body: 'Oolong is back' });
    expect(result).toEqual({ status: 201, gone: false });
    const request = received.at(-1)!;
    expect(request.url).toBe('/fcm/send/abc');
    expect(request.headers.ttl).toBe(String(24 * 3600));
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    checkVapid(request.headers.authorization, json.endpoint, vapid.publicKey);
    expect(JSON.parse(decrypt(request.body, ecdh, authSecret))).toEqual({ title: 'Hello', body: 'Oolong is back' });

    answer = 410;
    expect(await push.sendPush(json, { title: 'Gone?' })).toEqual({ status: 410, gone: true });
  });
});
