import * as v from 'valibot';
import { Id, defineCall } from './define.ts';
import { AuthorSummary } from './inspiration.ts';

/**
 * Comments on inspiration posts and taste cards (issue 19; spec §3 Comment, §6, §7 Comments, §8
 * NoNeedToUpdateLike). A comment is plain text, stored as typed and answered as typed: the server never
 * answers HTML, the SPA renders it as text. Only its owner may edit or delete it (anyone else:
 * ObjectNotFound). The source's CommentCount counts its comments. Commenting needs a published source.
 */

export const COMMENT_MAX = 1000;

/** What a comment is on: an inspiration post or a taste card. */
export const CommentType = v.picklist(['inspiration', 'tasteCard']);
export type CommentType = v.InferOutput<typeof CommentType>;

const CommentText = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'a comment needs words'),
  v.maxLength(COMMENT_MAX, `at most ${COMMENT_MAX} characters`),
);

export const Comment = v.object({
  CommentID: v.string(),
  SourceID: v.string(),
  Type: CommentType,
  /** As typed: plain text, never HTML. */
  Comment: v.string(),
  Author: AuthorSummary,
  LikeCount: v.number(),
  /** Whether the caller liked it (false for visitors). */
  IsLiked: v.boolean(),
  /** Whether the caller wrote it (may edit or delete it). */
  IsOwner: v.boolean(),
  /** Changed after it was written. */
  Edited: v.boolean(),
  CreatedAt: v.string(),
  UpdatedAt: v.string(),
});
export type Comment = v.InferOutput<typeof Comment>;

/**
 * Spec §7: a source's comments, newest first, paged. Public; with a bearer token IsLiked / IsOwner are the
 * member's. A private or unknown source: ObjectNotFound.
 */
export const listComment = defineCall({
  name: 'list-comment',
  method: 'POST',
  auth: 'public',
  body: v.object({
    SourceID: Id,
    From: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100_000)), 0),
    Size: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50)), 20),
  }),
  response: v.object({ CommentList: v.array(Comment), Total: v.number() }),
});

/** Spec §7: a comment on a published post (Type inspiration) or taste card (Type tasteCard). */
export const createComment = defineCall({
  name: 'create-comment',
  method: 'POST',
  auth: 'member',
  body: v.object({ SourceID: Id, Comment: CommentText, Type: CommentType }),
  response: v.object({ Comment, CommentCount: v.number() }),
});

/** Spec §7: the owner changes their comment's text. */
export const updateComment = defineCall({
  name: 'update-comment',
  method: 'POST',
  auth: 'member',
  body: v.object({ CommentID: Id, Comment: CommentText }),
  response: v.object({ Comment }),
});

/** Spec §7: the owner deletes their comment; CommentCount is the source's count after. */
export const deleteComment = defineCall({
  name: 'delete-comment',
  method: 'POST',
  auth: 'member',
  body: v.object({ CommentID: Id }),
  response: v.object({ CommentID: v.string(), SourceID: v.string(), CommentCount: v.number() }),
});

/** Spec §7/§8: like (IsLike true) or unlike a comment; asking for the state it already has: 400 NoNeedToUpdateLike. */
export const likeComment = defineCall({
  name: 'like-comment',
  method: 'POST',
  auth: 'member',
  body: v.object({ CommentID: Id, IsLike: v.boolean() }),
  response: v.object({ CommentID: v.string(), IsLike: v.boolean(), LikeCount: v.number() }),
});

/** Spec §7: the member's own comments on a source, newest first. */
export const queryUserCommentByUserSourceId = defineCall({
  name: 'query-user-comment-by-user-source-id',
  method: 'POST',
  auth: 'member',
  body: v.object({ SourceID: Id }),
  response: v.object({ CommentList: v.array(Comment) }),
});
