import * as contract from '../../contract/comments.ts';
import { createComment, deleteComment, likeComment, listComments, ownCommentsOn, updateComment } from '../services/social/comments.ts';
import { limitedWrite } from '../services/limited-write.ts';
import { implement } from './handler.ts';

/** Comments on inspiration posts and taste cards (issue 19). */
export const commentHandlers = implement(contract, {
  async listComment({ body, deps, signedInMember }) {
    return listComments(deps.db, body, await signedInMember());
  },
  // Writing a comment is limited per member; editing or deleting one's own adds nothing, so it is not.
  createComment: ({ body, deps, userId }) => limitedWrite(deps, 'commentsPerMember', userId, () => createComment(deps, userId, body)),
  updateComment: ({ body, deps, userId }) => updateComment(deps, userId, body),
  deleteComment: ({ body, deps, userId }) => deleteComment(deps, userId, body.CommentID),
  likeComment: ({ body, deps, userId }) => likeComment(deps, userId, body),
  queryUserCommentByUserSourceId: ({ body, deps, userId }) => ownCommentsOn(deps.db, userId, body.SourceID),
});
