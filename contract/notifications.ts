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

/** Parses a token into a subscription: an https endpoint and both keys, else undefined. */
export function parsePushToken(token: string): PushSubscriptionJson | undefined {
  let json: unknown;
  try {
    json = JSON.parse(token);
  } catch {
    return undefined;
  }
  if (typeof json !== 'object' || json === null) return undefined;
  const { endpoint, keys, expirationTime } = json as Record<string, unknown>;
  if (typeof endpoint !== 'string' || !URL.canParse(endpoint) || new URL(endpoint).protocol !== 'https:') return undefined;
  if (typeof keys !== 'object' || keys === null) return undefined;
  const { p256dh, auth } = keys as Record<string, unknown>;
  if (typeof p256dh !== 'string' || !p256dh || typeof auth !== 'string' || !auth) return undefined;
  return {
    endpoint,
    expirationTime: typeof expirationTime === 'number' ? expirationTime : null,
    keys: { p256dh, auth },
  };
}

/** A Web Push subscription as a JSON string (at most 4096 characters). */
export const PushToken = v.pipe(
  v.string(),
  v.minLength(1),
  v.maxLength(4096),
  v.check((token) => parsePushToken(token) !== undefined, 'The token is not a Web Push subscription with an https endpoint.'),
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
