import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createComment,
  deleteComment,
  followUser,
  getAuthor,
  getUser,
  getUserInspiration,
  likeComment,
  listComment,
  listFollowee,
  listFollower,
  queryUserCommentByUserSourceId,
  updateComment,
  userGetInfo,
  type TokenSet,
} from '../../contract/index.ts';
import { follows, userSocialCounts, users } from '../../server/db/schema.ts';
import { inspirationId, INSPIRATION_MEMBERS } from '../../server/db/seed/inspiration-data.ts';
import { startSession } from '../../server/services/sessions.ts';
import { signUpMember } from '../support/members.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

const base = SEED_NOW.getTime() + 3_600_000;
let tick = 0;
let t: TestApp;
let mei: TokenSet;
let kaYan: TokenSet;

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date(base + ++tick * 1000) } });
  mei = await signUpMember(t, { given_name: 'Mei' });
  kaYan = await signUpMember(t, { given_name: 'Ka Yan' });
});
afterAll(() => t.close());

const auth = (tokens: TokenSet) => ({ authorization: `Bearer ${tokens.idToken}` });
const post = (call: string, body: unknown, tokens?: TokenSet) =>
  t.raw(`/api/${call}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...(tokens ? auth(tokens) : {}) } });

async function manyMembers(n: number): Promise<TokenSet[]> {
  const ids = Array.from({ length: n }, () => randomUUID());
  await t.db.insert(users).values(ids.map((id, i) => ({ id, email: `fan${i}.${id}@example.com`, passwordHash: 'x', givenName: `Fan ${i}`, familyName: 'Member', emailVerified: true, createdAt: SEED_NOW })));
  const out: TokenSet[] = [];
  for (const id of ids) out.push(await startSession(t.deps, id));
  return out;
}

const seededPost = inspirationId(1, 1);

describe('follows', () => {
  it('follows, and the same call again unfollows; counts on both members', async () => {
    const first = await t.call(followUser, { FolloweeID: kaYan.userID }, auth(mei));
    expect(first).toMatchObject({ FolloweeID: kaYan.userID, IsFollowing: true, FollowerCount: 1, FolloweeCount: 1 });
    const info = await t.call(userGetInfo, { accessToken: mei.accessToken }, auth(mei));
    expect(info.userDetailInfo).toMatchObject({ followerCount: 0, followeeCount: 1 });
    const them = await t.call(getUser, { UserID: kaYan.userID }, auth(mei));
    expect(them.User).toMatchObject({ FollowerCount: 1, FolloweeCount: 0, IsFollowing: true, IsMe: false });
    expect((await t.call(listFollowee, {}, auth(mei))).followeeList.map((u) => u.UserID)).toEqual([kaYan.userID]);
    expect((await t.call(listFollower, { UserID: kaYan.userID })).followerList.map((u) => u.UserID)).toEqual([mei.userID]);
    const second = await t.call(followUser, { FolloweeID: kaYan.userID }, auth(mei));
    expect(second).toMatchObject({ IsFollowing: false, FollowerCount: 0, FolloweeCount: 0 });
    expect((await t.call(listFollowee, {}, auth(mei))).followeeList).toEqual([]);
    expect((await t.call(getUser, { UserID: kaYan.userID }, auth(mei))).User).toMatchObject({ FollowerCount: 0, IsFollowing: false });
  });

  it('refuses following yourself, naming FolloweeID; an unknown member is not found', async () => {
    const self = await post('follow-user', { FolloweeID: mei.userID }, mei);
    expect(self.status).toBe(400);
    expect(self.json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'FolloweeID' });
    expect((await post('follow-user', { FolloweeID: randomUUID() }, mei)).json?.ErrorCode).toBe('ObjectNotFound');
    expect((await post('follow-user', { FolloweeID: kaYan.userID })).status).toBe(401);
    // A visitor's own list needs a member.
    expect((await post('list-followee', {})).status).toBe(401);
  });

  it('keeps exact counts under concurrent follows and unfollows', async () => {
    const star = (await manyMembers(1))[0]!;
    const fans = await manyMembers(40);
    // Half follow first; then all at once: the first half unfollow, the second half follow, and each fan of the
    // second half also follows and unfollows Ka Yan twice (two toggles: back where they were).
    for (const f of fans.slice(0, 20)) await t.call(followUser, { FolloweeID: star.userID }, auth(f));
    const answers = await Promise.all([
      ...fans.map((f) => post('follow-user', { FolloweeID: star.userID }, f)),
      ...fans.slice(20).flatMap((f) => [0, 1].map(() => post('follow-user', { FolloweeID: kaYan.userID }, f))),
      // Two members following each other at the same time.
      post('follow-user', { FolloweeID: fans[0]!.userID }, fans[1]!),
      post('follow-user', { FolloweeID: fans[1]!.userID }, fans[0]!),
    ]);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const counts = async (id: string) => (await t.db.select().from(userSocialCounts).where(eq(userSocialCounts.userId, id)))[0];
    const rows = async (column: typeof follows.followeeId | typeof follows.followerId, id: string) =>
      (await t.db.select({ n: count() }).from(follows).where(eq(column, id)))[0]!.n;
    expect((await counts(star.userID))?.followerCount).toBe(20);
    expect(await rows(follows.followeeId, star.userID)).toBe(20);
    const followers = (await t.call(listFollower, { UserID: star.userID, Size: 100 })).followerList.map((u) => u.UserID);
    expect(new Set(followers)).toEqual(new Set(fans.slice(20).map((f) => f.userID)));
    // Every member's counts equal their rows.
    for (const m of [...fans, kaYan, star]) {
      const c = await counts(m.userID);
      expect(c?.followerCount ?? 0).toBe(await rows(follows.followeeId, m.userID));
      expect(c?.followeeCount ?? 0).toBe(await rows(follows.followerId, m.userID));
    }
  });

  it('answers a profile by UserID or Username, and an author with their newest posts', async () => {
    const seeded = INSPIRATION_MEMBERS[0];
    const byName = await t.call(getUser, { Username: seeded.name.toUpperCase() });
    expect(byName.User).toMatchObject({ UserID: seeded.id, Name: seeded.name, Bio: seeded.bio, InspirationCount: 5, IsFollowing: false });
    expect(byName.User.Avatar).toMatch(/^\/media\/art\//);
    const author = await t.call(getAuthor, { UserID: seeded.id, Size: 3 });
    expect(author.InspirationList).toHaveLength(3);
    expect(author.InspirationList.every((p) => p.Author.UserID === seeded.id && p.Status === 'Published')).toBe(true);
    expect((await post('get-user', {})).json).toMatchObject({ ErrorCode: 'MissingParameter' });
    expect((await post('get-user', { UserID: randomUUID() })).json?.ErrorCode).toBe('ObjectNotFound');
  });
});

describe('comments', () => {
  it('stores and answers a comment with <script> as the same text; the post counts it', async () => {
    const before = (await t.call(getUserInspiration, { InspirationID: seededPost })).Inspiration.CommentCount;
    const text = '<script>alert("hi")</script> & <b>bold</b>';
    const made = await t.call(createComment, { SourceID: seededPost, Comment: text, Type: 'inspiration' }, auth(mei));
    expect(made.Comment).toMatchObject({ Comment: text, IsOwner: true, LikeCount: 0, Author: { UserID: mei.userID } });
    expect(made.CommentCount).toBe(before + 1);
    const listed = await t.raw('/api/list-comment', { method: 'POST', body: JSON.stringify({ SourceID: seededPost }), headers: { 'content-type': 'application/json' } });
    expect(listed.headers.get('content-type')).toMatch(/application\/json/);
    expect(listed.json?.CommentList).toEqual(expect.arrayContaining([expect.objectContaining({ Comment: text, IsOwner: false })]));
    // Newest first.
    expect((listed.json?.CommentList as { CommentID: string }[])[0]!.CommentID).toBe(made.Comment.CommentID);
    expect((await t.call(getUserInspiration, { InspirationID: seededPost })).Inspiration.CommentCount).toBe(before + 1);
  });

  it("another member cannot update or delete a comment that is not theirs", async () => {
    const made = await t.call(createComment, { SourceID: seededPost, Comment: 'Lovely cup', Type: 'inspiration' }, auth(mei));
    const id = made.Comment.CommentID;
    expect((await post('update-comment', { CommentID: id, Comment: 'Hijacked' }, kaYan)).json?.ErrorCode).toBe('ObjectNotFound');
    expect((await post('delete-comment', { CommentID: id }, kaYan)).json?.ErrorCode).toBe('ObjectNotFound');
    const mine = await t.call(queryUserCommentByUserSourceId, { SourceID: seededPost }, auth(mei));
    expect(mine.CommentList.find((c) => c.CommentID === id)).toMatchObject({ Comment: 'Lovely cup', Edited: false });
    // The owner edits and deletes; the count follows.
    expect((await t.call(updateComment, { CommentID: id, Comment: 'Lovely cups' }, auth(mei))).Comment).toMatchObject({ Comment: 'Lovely cups', Edited: true });
    const count0 = (await t.call(getUserInspiration, { InspirationID: seededPost })).Inspiration.CommentCount;
    const gone = await t.call(deleteComment, { CommentID: id }, auth(mei));
    expect(gone.CommentCount).toBe(count0 - 1);
    expect((await post('delete-comment', { CommentID: id }, mei)).json?.ErrorCode).toBe('ObjectNotFound');
  });

  it('like-comment twice with the same IsLike answers NoNeedToUpdateLike', async () => {
    const made = await t.call(createComment, { SourceID: seededPost, Comment: 'Nice', Type: 'inspiration' }, auth(mei));
    const id = made.Comment.CommentID;
    expect(await t.call(likeComment, { CommentID: id, IsLike: true }, auth(kaYan))).toEqual({ CommentID: id, IsLike: true, LikeCount: 1 });
    const again = await post('like-comment', { CommentID: id, IsLike: true }, kaYan);
    expect(again.status).toBe(400);
    expect(again.json?.ErrorCode).toBe('NoNeedToUpdateLike');
    const listed = await t.call(listComment, { SourceID: seededPost }, auth(kaYan));
    expect(listed.CommentList.find((c) => c.CommentID === id)).toMatchObject({ LikeCount: 1, IsLiked: true });
    expect((await t.call(likeComment, { CommentID: id, IsLike: false }, auth(kaYan))).LikeCount).toBe(0);
    expect((await post('like-comment', { CommentID: id, IsLike: false }, kaYan)).json?.ErrorCode).toBe('NoNeedToUpdateLike');
  });

  it('comments on a taste card; refuses a wrong Type, an empty comment and a private source', async () => {
    const card = await t.call(createComment, { SourceID: 'tc-sandalwood-1', Comment: '好香', Type: 'tasteCard' }, auth(mei));
    expect(card.Comment).toMatchObject({ Type: 'tasteCard', Comment: '好香' });
    expect((await t.call(listComment, { SourceID: 'tc-sandalwood-1' })).Total).toBe(card.CommentCount);
    expect((await post('create-comment', { SourceID: 'tc-sandalwood-1', Comment: 'x', Type: 'inspiration' }, mei)).json?.ErrorCode).toBe('ObjectNotFound');
    const empty = await post('create-comment', { SourceID: seededPost, Comment: '   ', Type: 'inspiration' }, mei);
    expect(empty.json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'Comment' });
    expect((await post('create-comment', { SourceID: seededPost, Comment: 'x', Type: 'poem' }, mei)).json?.field).toBe('Type');
    expect((await post('create-comment', { SourceID: seededPost, Comment: 'x', Type: 'inspiration' })).status).toBe(401);
  });
});
