import * as contract from '../../contract/inspiration.ts';
import { createPost, countViewerDay, getPost, likedPosts, listOwn, listPublished, savedPosts, setLike, setSave, updatePost } from '../services/inspiration/posts.ts';
import { discover, searchPosts } from '../services/inspiration/search.ts';
import { limitedWrite } from '../services/limited-write.ts';
import { searcherNetwork } from '../services/search/log.ts';
import { implement } from './handler.ts';

/**
 * Who counts as one viewer for views and shares: the member, else the network the request came from (as
 * trending counts searchers). Never the CookieID: a client mints those at will, so they bought popularity
 * (issue 26: 200 fresh cookie ids, 200 views). A member keeps the key they had before ("u:"), so a view
 * counted on the day this changed is not counted again.
 */
const viewerKey = (userId: string | undefined, clientIp: string | undefined) => {
  if (userId) return `u:${userId}`;
  const network = searcherNetwork(clientIp);
  return network ? `n:${network}` : undefined;
};

/** Inspiration posts (issue 19): handlers parse and authorise; services/inspiration/ does the work. */
export const inspirationHandlers = implement(contract, {
  async listInspiration({ body, deps, signedInMember }) {
    return listPublished(deps.db, body, await signedInMember());
  },

  listUserInspiration: ({ body, deps, userId }) => listOwn(deps.db, userId, body),

  async getUserInspiration({ body, deps, signedInMember }) {
    return { Inspiration: await getPost(deps.db, body.InspirationID, await signedInMember()) };
  },

  async createInspiration({ body, deps, userId }) {
    return { Inspiration: await limitedWrite(deps, 'postsPerMember', userId, () => createPost(deps, userId, body)) };
  },

  async updateInspiration({ body, deps, userId }) {
    return { Inspiration: await updatePost(deps, userId, body) };
  },

  likeInspiration: ({ body, deps, userId }) => setLike(deps, userId, body.InspirationID, body.IsLike),

  getLikeInspiration: ({ body, deps, userId }) => likedPosts(deps.db, userId, body),

  async shareInspiration({ body, deps, clientIp, signedInMember }) {
    const viewer = viewerKey(await signedInMember(), clientIp);
    const { count, counted } = await countViewerDay(deps, body.InspirationID, 'share', viewer);
    const base = deps.config.publicUrl.replace(/\/$/, '');
    return { InspirationID: body.InspirationID, ShareCount: count, Counted: counted, ShareUrl: `${base}/inspiration/${encodeURIComponent(body.InspirationID)}` };
  },

  async viewInspiration({ body, deps, clientIp, signedInMember }) {
    const viewer = viewerKey(await signedInMember(), clientIp);
    const { count, counted } = await countViewerDay(deps, body.InspirationID, 'view', viewer);
    return { InspirationID: body.InspirationID, ViewCount: count, Counted: counted };
  },

  async getInspirationCollection({ body, deps, userId }) {
    const { InspirationList, Total } = await savedPosts(deps.db, userId, body);
    return { collection: InspirationList, Total };
  },

  saveInspiration: ({ body, deps, userId }) => setSave(deps, userId, body.InspirationID, body.IsSave),

  async SearchAndFilterInspiration({ body, deps, signedInMember }) {
    return searchPosts(deps.db, body, await signedInMember());
  },

  SearchAndFilterUserInspiration: ({ body, deps, userId }) => searchPosts(deps.db, body, userId),

  async getDiscover({ body, deps, signedInMember }) {
    return discover(deps.db, await signedInMember(), body);
  },
});
