import { and, eq, isNull, sql } from 'drizzle-orm';
import * as contract from '../../contract/notifications.ts';
import { parsePushToken, type PushSubscriptionJson } from '../../contract/notifications.ts';
import { pushSubscriptions } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { limit } from '../services/limits.ts';
import { implement } from './handler.ts';
import { ErrorCode } from '../../contract/errors.ts';

/** The body schema has checked the token already; this gives its parsed form. */
function subscriptionOf(token: string): PushSubscriptionJson {
  const subscription = parsePushToken(token);
  if (!subscription) throw new ApiError(400, ErrorCode.InvalidParameter, 'The token is not a Web Push subscription.', 'token');
  return subscription;
}

const heldElsewhere = () =>
  new ApiError(400, ErrorCode.InvalidParameter, 'This push subscription is registered with other keys.', 'token');

/**
 * Stores the subscription and sets the given fields. An endpoint already stored is changed only when the
 * caller sends the same keys: the auth secret is known only to the browser holding the subscription, so
 * this proves holding it. Without it, a member could move another's device to themselves, or a visitor
 * replace a device's keys so it can no longer read what is sent to it.
 */
async function upsert(deps: Deps, subscription: PushSubscriptionJson, set: { userId?: string; globalTopic?: boolean }) {
  const stored = await deps.db
    .insert(pushSubscriptions)
    .values({
      endpoint: subscription.endpoint,
      subscription,
      userId: set.userId ?? null,
      globalTopic: set.globalTopic ?? false,
      createdAt: deps.clock.now(),
    })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { subscription, ...set },
      setWhere: sql`${pushSubscriptions.subscription}->'keys' = ${JSON.stringify(subscription.keys)}::jsonb`,
    })
    .returning({ endpoint: pushSubscriptions.endpoint });
  if (stored.length === 0) throw heldElsewhere();
}

/** Counted per client address, so one caller cannot fill the table (and the announcements) with devices. */
async function countRegistration(deps: Deps, clientIp: string | undefined) {
  await limit(deps, 'pushRegistrationsPerAddress', clientIp ?? 'unknown');
}

/** A row linked to nobody and to no topic serves no purpose. */
async function dropIfUnused(deps: Deps, endpoint: string) {
  await deps.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), isNull(pushSubscriptions.userId), eq(pushSubscriptions.globalTopic, false)));
}

export const notificationHandlers = implement(contract, {
  async registerFirebaseToken({ body, deps, userId, clientIp }) {
    await countRegistration(deps, clientIp);
    await upsert(deps, subscriptionOf(body.token), { userId: userId });
    return {};
  },

  async unregisterFirebaseToken({ body, deps, userId }) {
    const { endpoint } = subscriptionOf(body.token);
    // Only the member's own link: another member's device is not theirs to change.
    await deps.db
      .update(pushSubscriptions)
      .set({ userId: null })
      .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)));
    await dropIfUnused(deps, endpoint);
    return {};
  },

  async registerToGlobalTopic({ body, deps, clientIp }) {
    await countRegistration(deps, clientIp);
    await upsert(deps, subscriptionOf(body.token), { globalTopic: true });
    return {};
  },

  async unregisterToGlobalTopic({ body, deps }) {
    const { endpoint } = subscriptionOf(body.token);
    await deps.db.update(pushSubscriptions).set({ globalTopic: false }).where(eq(pushSubscriptions.endpoint, endpoint));
    await dropIfUnused(deps, endpoint);
    return {};
  },

  async getPushPublicKey({ deps }) {
    return { PublicKey: deps.push.publicKey };
  },

  async getNotificationSettings({ body, deps, userId }) {
    const { endpoint } = subscriptionOf(body.token);
    const [row] = await deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    return { Notifiable: row?.userId === userId, GlobalTopic: row?.globalTopic ?? false };
  },
});
