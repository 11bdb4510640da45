import * as contract from '../../contract/social.ts';
import { ErrorCode } from '../../contract/errors.ts';
import { ApiError } from '../http/errors.ts';
import { pageOf, published } from '../services/inspiration/posts.ts';
import { inspirations } from '../db/schema.ts';
import { followList, publicUser, toggleFollow } from '../services/social/follows.ts';
import { and, eq } from 'drizzle-orm';
import { implement } from './handler.ts';

/** Whose follow list: the UserID asked for, else the signed-in member's (a visitor without one: 401). */
async function listOwner(userId: string | undefined, signedInMember: () => Promise<string | undefined>) {
  const viewer = await signedInMember();
  const owner = userId ?? viewer;
  if (!owner) throw new ApiError(401, ErrorCode.Unauthorized, 'Unauthorized');
  return { owner, viewer };
}

/** Members' profiles and follows (issue 19). */
export const socialHandlers = implement(contract, {
  async getUser({ body, deps, signedInMember }) {
    return { User: await publicUser(deps.db, body, await signedInMember()) };
  },

  async getAuthor({ body, deps, signedInMember }) {
    const viewer = await signedInMember();
    const Author = await publicUser(deps.db, { UserID: body.UserID }, viewer);
    const posts = body.Size
      ? await pageOf(deps.db, and(published, eq(inspirations.userId, Author.UserID)), { From: 0, Size: body.Size }, viewer)
      : { InspirationList: [] };
    return { Author, InspirationList: posts.InspirationList };
  },

  followUser: ({ body, deps, userId }) => toggleFollow(deps, userId, body.FolloweeID),

  async listFollowee({ body, deps, signedInMember }) {
    const { owner, viewer } = await listOwner(body.UserID, signedInMember);
    const { list, Total } = await followList(deps.db, 'followee', owner, body, viewer);
    return { followeeList: list, Total };
  },

  async listFollower({ body, deps, signedInMember }) {
    const { owner, viewer } = await listOwner(body.UserID, signedInMember);
    const { list, Total } = await followList(deps.db, 'follower', owner, body, viewer);
    return { followerList: list, Total };
  },
});
