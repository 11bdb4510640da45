/**
 * Members' public profiles and follows (issue 19; spec §4: follow and unfollow are one call). A follow is a
 * row keyed by (follower, followee); the two members' counts (user_social_counts) move in the same transaction
 * by the row the statement inserted or deleted, so they stay exact under concurrent follows and unfollows.
 */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../contract/errors.ts';
import type { FollowUser, PublicUser } from '../../../contract/index.ts';
import type { Db } from '../../db/client.ts';
import { follows, inspirations, userSocialCounts, users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { ApiError, notFound } from '../../http/errors.ts';

/** A member's follower and followee counts (zero without a row). */
export async function socialCounts(db: Db, userId: string) {
  const [row] = await db.select().from(userSocialCounts).where(eq(userSocialCounts.userId, userId));
  return { followerCount: row?.followerCount ?? 0, followeeCount: row?.followeeCount ?? 0 };
}

async function bump(db: Db, userId: string, column: 'followerCount' | 'followeeCount', by: 1 | -1) {
  const target = column === 'followerCount' ? userSocialCounts.followerCount : userSocialCounts.followeeCount;
  const [row] = await db
    .insert(userSocialCounts)
    .values({ userId, followerCount: column === 'followerCount' ? Math.max(by, 0) : 0, followeeCount: column === 'followeeCount' ? Math.max(by, 0) : 0 })
    .onConflictDoUpdate({ target: userSocialCounts.userId, set: { [column]: sql`${target} + ${by}` } })
    .returning({ n: target });
  return row?.n ?? 0;
}

/**
 * Moves the followee's follower count and the follower's followee count, locking the two counts' rows in the
 * order of their ids: A following B while B follows A cannot deadlock.
 */
async function bumpBoth(db: Db, followerId: string, followeeId: string, by: 1 | -1) {
  if (followerId < followeeId) {
    const FolloweeCount = await bump(db, followerId, 'followeeCount', by);
    return { FollowerCount: await bump(db, followeeId, 'followerCount', by), FolloweeCount };
  }
  const FollowerCount = await bump(db, followeeId, 'followerCount', by);
  return { FollowerCount, FolloweeCount: await bump(db, followerId, 'followeeCount', by) };
}

/**
 * follow-user: follows FolloweeID, or unfollows when already following (spec §4). Deleting first decides which:
 * a delete that removed a row was an unfollow; otherwise insert (on conflict nothing: a concurrent follow of
 * the same pair inserted it, and this call then answers that state).
 */
export async function toggleFollow(deps: Deps, followerId: string, followeeId: string) {
  const { db, clock } = deps;
  if (followerId === followeeId) throw new ApiError(400, ErrorCode.InvalidParameter, 'You cannot follow yourself', 'FolloweeID');
  const [followee] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, followeeId), eq(users.disabled, false)));
  if (!followee) throw notFound('User');
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const removed = await t
      .delete(follows)
      .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
      .returning({ id: follows.followeeId });
    if (removed.length) return { FolloweeID: followeeId, IsFollowing: false, ...(await bumpBoth(t, followerId, followeeId, -1)) };
    const inserted = await t
      .insert(follows)
      .values({ followerId, followeeId, createdAt: clock.now() })
      .onConflictDoNothing()
      .returning({ id: follows.followeeId });
    if (inserted.length) return { FolloweeID: followeeId, IsFollowing: true, ...(await bumpBoth(t, followerId, followeeId, 1)) };
    const [a, b] = [await socialCounts(t, followeeId), await socialCounts(t, followerId)];
    return { FolloweeID: followeeId, IsFollowing: true, FollowerCount: a.followerCount, FolloweeCount: b.followeeCount };
  });
}

/** get-user / get-author: a member's public profile; ObjectNotFound for an unknown or disabled one. */
export async function publicUser(db: Db, by: { UserID?: string | undefined; Username?: string | undefined }, viewer: string | undefined): Promise<PublicUser> {
  const where = by.UserID ? eq(users.id, by.UserID) : sql`lower(${users.name}) = lower(${by.Username ?? ''})`;
  const [user] = await db
    .select({ id: users.id, name: users.name, givenName: users.givenName, avatar: users.avatar, bio: users.bio })
    .from(users)
    .where(and(where, eq(users.disabled, false)));
  if (!user) throw notFound('User');
  const [counts, [posts], following] = await Promise.all([
    socialCounts(db, user.id),
    db.select({ n: count() }).from(inspirations).where(and(eq(inspirations.userId, user.id), eq(inspirations.status, 'Published'))),
    viewer && viewer !== user.id
      ? db.select({ id: follows.followeeId }).from(follows).where(and(eq(follows.followerId, viewer), eq(follows.followeeId, user.id)))
      : Promise.resolve([]),
  ]);
  return {
    UserID: user.id,
    Name: user.name ?? user.givenName,
    ...(user.name ? { Username: user.name } : {}),
    ...(user.avatar ? { Avatar: user.avatar } : {}),
    Bio: user.bio,
    FollowerCount: counts.followerCount,
    FolloweeCount: counts.followeeCount,
    InspirationCount: posts?.n ?? 0,
    IsFollowing: following.length > 0,
    IsMe: viewer === user.id,
  };
}

/**
 * list-followee (whom `userId` follows) / list-follower (who follows `userId`), most recent first; IsFollowing
 * for the viewer.
 */
export async function followList(db: Db, kind: 'followee' | 'follower', userId: string, page: { From: number; Size: number }, viewer: string | undefined) {
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!owner) throw notFound('User');
  const mine = kind === 'followee' ? follows.followerId : follows.followeeId;
  const other = kind === 'followee' ? follows.followeeId : follows.followerId;
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, givenName: users.givenName, avatar: users.avatar, bio: users.bio, since: follows.createdAt })
      .from(follows)
      .innerJoin(users, eq(users.id, other))
      .where(eq(mine, userId))
      .orderBy(desc(follows.createdAt), desc(users.id))
      .limit(page.Size)
      .offset(page.From),
    db.select({ n: count() }).from(follows).where(eq(mine, userId)),
  ]);
  const followed = viewer && rows.length
    ? new Set(
        (
          await db
            .select({ id: follows.followeeId })
            .from(follows)
            .where(and(eq(follows.followerId, viewer), inArray(follows.followeeId, rows.map((r) => r.id))))
        ).map((r) => r.id),
      )
    : new Set<string>();
  const list: FollowUser[] = rows.map((r) => ({
    UserID: r.id,
    Name: r.name ?? r.givenName,
    ...(r.avatar ? { Avatar: r.avatar } : {}),
    Bio: r.bio,
    IsFollowing: followed.has(r.id),
    Since: r.since.toISOString(),
  }));
  return { list, Total: total?.n ?? 0 };
}
