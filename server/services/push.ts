import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { pushSubscriptionProblem, type PushSubscriptionJson } from '../../contract/notifications.ts';
import type { Db } from '../db/client.ts';
import { settings } from '../db/schema.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** A mailto: or https: address push services may contact (VAPID "sub"). */
  subject: string;
}

/** What a notification shows; the service worker (src/sw/sw.ts) reads these fields. */
export interface PushPayload {
  title: string;
  body?: string;
  /** The page the notification opens (a path of the shop). */
  url?: string;
  /** The text's language (BCP 47), for the notification's lang. */
  lang?: string;
  /** A notification with the same tag replaces the earlier one on the device. */
  tag?: string;
}

export interface PushResult {
  /** The push service's answer; 0 when nothing was sent (refused). */
  status: number;
  /** The push service no longer knows the subscription (404/410), or it is not one the shop sends to: it should be forgotten. */
  gone: boolean;
  /** Not sent: why (the endpoint is not a known push service's, or resolves to a private address). */
  refused?: string;
}

/** A host's addresses, as DNS answers them at send time (node:dns lookup by default; tests give their own). */
export type ResolveHost = (hostname: string) => Promise<string[]>;

const lookupAll: ResolveHost = async (hostname) => (await lookup(hostname, { all: true })).map((a) => a.address);

/**
 * Addresses no push service is at: private, loopback, link-local (cloud metadata), shared, documentation,
 * multicast and reserved ranges, and the IPv6 forms that carry an IPv4 address inside.
 */
const NOT_PUBLIC_V4: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
];
const NOT_PUBLIC_V6: ReadonlyArray<readonly [string, number]> = [
  ['::', 96], ['::ffff:0:0', 96], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001::', 32], ['2001:db8::', 32],
  ['2002::', 16], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
];

/** Answers whether an address is on the public internet (where the push services are). */
export function createPublicAddressCheck(): (address: string) => boolean {
  const notPublicV4 = new BlockList();
  for (const [network, prefix] of NOT_PUBLIC_V4) notPublicV4.addSubnet(network, prefix, 'ipv4');
  // A list apart: BlockList matches IPv4 addresses against IPv4-mapped IPv6 rules (::ffff:0:0/96).
  const notPublicV6 = new BlockList();
  for (const [network, prefix] of NOT_PUBLIC_V6) notPublicV6.addSubnet(network, prefix, 'ipv6');
  // IPv6 global unicast (2000::/3): the rest is unassigned or local.
  const globalUnicast = new BlockList();
  globalUnicast.addSubnet('2000::', 3, 'ipv6');
  return (address) => {
    const family = isIP(address);
    if (family === 4) return !notPublicV4.check(address, 'ipv4');
    if (family === 6) return globalUnicast.check(address, 'ipv6') && !notPublicV6.check(address, 'ipv6');
    return false;
  };
}

export interface PushService {
  /** For pushManager.subscribe's applicationServerKey (URL-safe base64). */
  publicKey: string;
  /** The request web-push builds: encrypted body (aes128gcm), VAPID Authorization, TTL. */
  requestDetails(subscription: PushSubscriptionJson, payload: PushPayload, options?: { ttlSeconds?: number }): webpush.RequestDetails;
  /** Encrypts and delivers one message to the subscription's push service. */
  sendPush(subscription: PushSubscriptionJson, payload: PushPayload, options?: { ttlSeconds?: number }): Promise<PushResult>;
}

const DEFAULT_TTL_SECONDS = 24 * 3600;
export const DEFAULT_VAPID_SUBJECT = 'mailto:hello@sipandgather.hk';

export function generateVapidKeys(subject = DEFAULT_VAPID_SUBJECT): VapidKeys {
  return { ...webpush.generateVAPIDKeys(), subject };
}

export function createPushService(options: { vapid: VapidKeys; fetch?: typeof fetch; resolveHost?: ResolveHost }): PushService {
  const { vapid } = options;
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const resolveHost = options.resolveHost ?? lookupAll;
  const isPublicAddress = createPublicAddressCheck();
  /** Why the subscription must not be sent to, or undefined: the same check as registration, then where its host resolves now. */
  async function refusal(subscription: PushSubscriptionJson): Promise<{ reason: string; gone: boolean } | undefined> {
    const problem = pushSubscriptionProblem(subscription);
    if (problem) return { reason: problem, gone: true };
    const addresses = await resolveHost(new URL(subscription.endpoint).hostname);
    if (addresses.length === 0 || !addresses.every(isPublicAddress)) return { reason: 'The endpoint resolves to an address that is not public.', gone: false };
    return undefined;
  }
  const requestDetails: PushService['requestDetails'] = (subscription, payload, opts = {}) =>
    webpush.generateRequestDetails(subscription, JSON.stringify(payload), {
      vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      TTL: opts.ttlSeconds ?? DEFAULT_TTL_SECONDS,
      contentEncoding: 'aes128gcm',
    });
  return {
    publicKey: vapid.publicKey,
    requestDetails,
    async sendPush(subscription, payload, opts) {
      const refused = await refusal(subscription);
      if (refused) return { status: 0, gone: refused.gone, refused: refused.reason };
      // web-push builds (and encrypts) the request; fetch sends it. A redirect is not followed: it could lead anywhere.
      const details = requestDetails(subscription, payload, opts);
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(details.headers)) headers[k] = String(v);
      const response = await doFetch(details.endpoint, {
        method: details.method,
        headers,
        body: details.body ? new Uint8Array(details.body) : null,
        redirect: 'manual',
      });
      await response.body?.cancel();
      return { status: response.status, gone: response.status === 404 || response.status === 410 };
    },
  };
}

/**
 * VAPID keys: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY (and VAPID_SUBJECT) from the environment, else
 * a pair generated once and kept in the settings table (like auth_secret).
 */
export async function loadVapidKeys(db: Db, env: NodeJS.ProcessEnv = process.env): Promise<VapidKeys> {
  const subject = env.VAPID_SUBJECT || DEFAULT_VAPID_SUBJECT;
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  }
  const generated = webpush.generateVAPIDKeys();
  await db
    .insert(settings)
    .values({ key: 'vapid_keys', value: JSON.stringify(generated) })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, 'vapid_keys'));
  const kept = JSON.parse(row!.value) as { publicKey: string; privateKey: string };
  return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject };
}
