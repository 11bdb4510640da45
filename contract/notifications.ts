import * as v from 'valibot';
import { defineCall } from './define.ts';

/**
 * Spec §3 notification settings, §7 push-token calls. The "token" is the browser's Web Push
 * subscription (PushSubscription.toJSON(), as a JSON string); delivery is Web Push with VAPID.
 */
export interface PushSubscriptionJson {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
}

/**
 * The push services browsers subscribe with (the hosts web-push and the browsers' own code know):
 * Chrome, Edge, Opera and Samsung Internet use FCM; Firefox Mozilla's autopush; Safari Apple's
 * (web.push.apple.com); legacy Edge the Windows notification service (a host per region). The shop calls
 * only these, so a subscription cannot make it call an address of the caller's choosing.
 */
export const PUSH_SERVICE_HOSTS: readonly string[] = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com'];
/** Hosts one label under these domains (e.g. wns2-par02p.notify.windows.com). */
export const PUSH_SERVICE_DOMAINS: readonly string[] = ['push.apple.com', 'notify.windows.com'];

const IPV4_LITERAL = /^\d{1,3}(\.\d{1,3}){3}$/;

/** Is the host one of the push services' (never an IP literal)? */
export function isPushServiceHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (IPV4_LITERAL.test(host) || host.startsWith('[')) return false;
  if (PUSH_SERVICE_HOSTS.includes(host)) return true;
  return PUSH_SERVICE_DOMAINS.some((domain) => host.endsWith(`.${domain}`) && /^[a-z0-9-]+$/.test(host.slice(0, -domain.length - 1)));
}

/** Why the endpoint is not a push service's (https, a known host, the default port, no credentials), or undefined. */
export function pushEndpointProblem(endpoint: string): string | undefined {
  if (!URL.canParse(endpoint)) return 'The endpoint is not a URL.';
  const url = new URL(endpoint);
  if (url.protocol !== 'https:') return 'The endpoint must be https.';
  if (url.username || url.password || url.port) return 'The endpoint must not carry credentials or a port.';
  if (!isPushServiceHost(url.hostname)) return 'The endpoint is not a known push service.';
  return undefined;
}

/** The bytes of a base64url string (padding allowed), or undefined when it is not one. */
function base64UrlBytes(text: unknown): Uint8Array | undefined {
  if (typeof text !== 'string' || !/^[A-Za-z0-9_-]+={0,2}$/.test(text)) return undefined;
  const plain = text.replace(/=+$/, '');
  if (plain.length % 4 === 1) return undefined;
  const binary = atob(plain.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(plain.length / 4) * 4, '='));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** Why the keys are not a browser's (p256dh: an uncompressed P-256 point, 65 bytes from 0x04; auth: 16 bytes), or undefined. */
export function pushKeysProblem(keys: { p256dh: string; auth: string }): string | undefined {
  const point = base64UrlBytes(keys.p256dh);
  if (!point || point.length !== 65 || point[0] !== 0x04) return 'keys.p256dh must be an uncompressed P-256 public key (65 bytes, base64url).';
  if (base64UrlBytes(keys.auth)?.length !== 16) return 'keys.auth must be a 16-byte secret (base64url).';
  return undefined;
}

/** Why the subscription is not one the shop sends to, or undefined: at registration and before each send. */
export function pushSubscriptionProblem(subscription: PushSubscriptionJson): string | undefined {
  // Stored rows are checked too, and may be older than this check: nothing about their shape is assumed.
  const { endpoint, keys } = (subscription ?? {}) as Partial<PushSubscriptionJson>;
  if (typeof endpoint !== 'string' || typeof keys !== 'object' || keys === null) return 'The token is not a Web Push subscription (endpoint and keys).';
  return pushEndpointProblem(endpoint) ?? pushKeysProblem(keys);
}

/** Parses a token into a subscription (its shape only: pushSubscriptionProblem judges it), else undefined. */
function parseShape(token: string): PushSubscriptionJson | undefined {
  let json: unknown;
  try {
    json = JSON.parse(token);
  } catch {
    return undefined;
  }
  if (typeof json !== 'object' || json === null) return undefined;
  const { endpoint, keys, expirationTime } = json as Record<string, unknown>;
  if (typeof endpoint !== 'string') return undefined;
  if (typeof keys !== 'object' || keys === null) return undefined;
  const { p256dh, auth } = keys as Record<string, unknown>;
  if (typeof p256dh !== 'string' || typeof auth !== 'string') return undefined;
  return {
    endpoint,
    expirationTime: typeof expirationTime === 'number' ? expirationTime : null,
    keys: { p256dh, auth },
  };
}

/** Why the token is not a subscription of a known push service with valid keys, or undefined. */
export function pushTokenProblem(token: string): string | undefined {
  const subscription = parseShape(token);
  if (!subscription) return 'The token is not a Web Push subscription (endpoint and keys).';
  return pushSubscriptionProblem(subscription);
}

/** Parses a token into a subscription the shop may send to, else undefined. */
export function parsePushToken(token: string): PushSubscriptionJson | undefined {
  const subscription = parseShape(token);
  return subscription && !pushSubscriptionProblem(subscription) ? subscription : undefined;
}

/** A Web Push subscription as a JSON string (at most 4096 characters), of a known push service. */
export const PushToken = v.pipe(
  v.string(),
  v.minLength(1),
  v.maxLength(4096),
  v.check(
    (token) => pushTokenProblem(token) === undefined,
    (issue) => pushTokenProblem(String(issue.input)) ?? 'The token is not a Web Push subscription.',
  ),
);

const TokenBody = v.object({ token: PushToken });

/** The member's device receives notifications (Notifiable). */
export const registerFirebaseToken = defineCall({
  name: 'register-firebase-token',
  method: 'POST',
  auth: 'member',
  body: TokenBody,
  response: v.object({}),
});

export const unregisterFirebaseToken = defineCall({
  name: 'unregister-firebase-token',
  method: 'POST',
  auth: 'member',
  body: TokenBody,
  response: v.object({}),
});

/** Shop news and event invitations, for visitors too. */
export const registerToGlobalTopic = defineCall({
  name: 'register-to-global-topic',
  method: 'POST',
  auth: 'public',
  body: TokenBody,
  response: v.object({}),
});

export const unregisterToGlobalTopic = defineCall({
  name: 'unregister-to-global-topic',
  method: 'POST',
  auth: 'public',
  body: TokenBody,
  response: v.object({}),
});

/** The VAPID public key, for pushManager.subscribe's applicationServerKey. */
export const getPushPublicKey = defineCall({
  name: 'get-push-public-key',
  method: 'POST',
  auth: 'public',
  body: v.optional(v.object({}), {}),
  response: v.object({ PublicKey: v.string() }),
});

/** The settings of this device (the token says which) for the calling member. */
export const getNotificationSettings = defineCall({
  name: 'get-notification-settings',
  method: 'POST',
  auth: 'member',
  body: TokenBody,
  response: v.object({ Notifiable: v.boolean(), GlobalTopic: v.boolean() }),
});
