import * as v from 'valibot';
import { Id, defineCall } from './define.ts';
import { Username } from './account.ts';
import { Inspiration } from './inspiration.ts';

/**
 * Members' public profiles and follows (issue 19; spec §3 User follower / followee count, follow lists,
 * §4 "Follow and unfollow use the same call", §7 Social). Counts are exact under concurrent follows.
 * Nobody follows themselves (InvalidParameter naming FolloweeID).
 */

/** What anyone may see of a member. Name: the display name (username), or the given name when none is set. */
export const PublicUser = v.object({
  UserID: v.string(),
  Name: v.string(),
  /** The username, when set (for an address such as a profile link). */
  Username: v.optional(v.string()),
  Avatar: v.optional(v.string()),
  Bio: v.string(),
  FollowerCount: v.number(),
  FolloweeCount: v.number(),
  /** Published posts. */
  InspirationCount: v.number(),
  /** Whether the caller follows them (false for visitors and oneself). */
  IsFollowing: v.boolean(),
  /** The caller is this member. */
  IsMe: v.boolean(),
});
export type PublicUser = v.InferOutput<typeof PublicUser>;

/** One entry of a follow list. */
export const FollowUser = v.object({
  UserID: v.string(),
  Name: v.string(),
  Avatar: v.optional(v.string()),
  Bio: v.string(),
  /** Whether the caller follows them. */
  IsFollowing: v.boolean(),
  /** When the follow began. */
  Since: v.string(),
});
export type FollowUser = v.InferOutput<typeof FollowUser>;

/** Spec §7: a member's public profile by UserID or by Username (one of them). Public; unknown: ObjectNotFound. */
export const getUser = defineCall({
  name: 'get-user',
  method: 'POST',
  auth: 'public',
  body: v.pipe(
    v.object({ UserID: v.optional(Id), Username: v.optional(Username) }),
    v.forward(
      v.partialCheck([['UserID'], ['Username']], (b) => b.UserID !== undefined || b.Username !== undefined, 'UserID or Username is required'),
      ['UserID'],
    ),
  ),
  response: v.object({ User: PublicUser }),
});

/** Spec §7: a post's author (the author panel of an inspiration page): profile and their newest published posts. */
export const getAuthor = defineCall({
  name: 'get-author',
  method: 'POST',
  auth: 'public',
  body: v.object({ UserID: Id, Size: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(50)), 12) }),
  response: v.object({ Author: PublicUser, InspirationList: v.array(Inspiration) }),
});

/**
 * Spec §4/§7: follows FolloweeID, or unfollows them when already followed (the same call). Answers the new
 * state, the followee's FollowerCount and the caller's FolloweeCount.
 */
export const followUser = defineCall({
  name: 'follow-user',
  method: 'POST',
  auth: 'member',
  body: v.object({ FolloweeID: Id }),
  response: v.object({ FolloweeID: v.string(), IsFollowing: v.boolean(), FollowerCount: v.number(), FolloweeCount: v.number() }),
});

const ListBody = v.optional(
  v.object({
    /** Whose list: absent, the signed-in member's (a visitor without UserID: 401). */
    UserID: v.optional(Id),
    From: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100_000)), 0),
    Size: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)), 50),
  }),
  {},
);

/** Spec §7: whom a member follows, most recent first. */
export const listFollowee = defineCall({
  name: 'list-followee',
  method: 'POST',
  auth: 'public',
  body: ListBody,
  response: v.object({ followeeList: v.array(FollowUser), Total: v.number() }),
});

/** Spec §7: who follows a member, most recent first. */
export const listFollower = defineCall({
  name: 'list-follower',
  method: 'POST',
  auth: 'public',
  body: ListBody,
  response: v.object({ followerList: v.array(FollowUser), Total: v.number() }),
});
