import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { PushSubscriptionJson } from '../../contract/notifications.ts';
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
  status: number;
  /** The push service no longer knows the subscription (404/410): it should be forgotten. */
  gone: boolean;
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

export function createPushService(options: { vapid: VapidKeys; fetch?: typeof fetch }): PushService {
  const { vapid } = options;
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
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
      // web-push builds (and encrypts) the request; fetch sends it, so any endpoint URL works.
      const details = requestDetails(subscription, payload, opts);
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(details.headers)) headers[k] = String(v);
      const response = await doFetch(details.endpoint, { method: details.method, headers, body: details.body ? new Uint8Array(details.body) : null });
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
