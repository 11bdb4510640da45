/**
 * Comments on inspiration posts and taste cards (issue 19). Text is stored as typed and answered as typed
 * (never HTML). A post's comment_count moves in the transaction that inserts or deletes a comment; a taste
 * card's count is counted (its table is the taste area's). Likes as the posts': a row with a unique key, the
 * counter moved by what changed.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../contract/errors.ts';
import type { Comment, CommentType } from '../../../contract/index.ts';
import type { Db } from '../../db/client.ts';
import { commentLikes, comments, inspirations, tasteCards } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { ApiError, notFound } from '../../http/errors.ts';
import { authorsById } from '../inspiration/posts.ts';

type CommentRow = typeof comments.$inferSelect;

/** The source a comment is on, if it is published (or the viewer's own private one, for reading). */
async function sourceOf(db: Db, sourceId: string, viewer?: string): Promise<{ type: CommentType; count: () => Promise<number> } | null> {
  const [post] = await db
    .select({ status: inspirations.status, userId: inspirations.userId, n: inspirations.commentCount })
    .from(inspirations)
    .where(eq(inspirations.id, sourceId));
  if (post) {
    if (post.status !== 'Published' && post.userId !== viewer) return null;
    return {
      type: 'inspiration',
      count: async () => (await db.select({ n: inspirations.commentCount }).from(inspirations).where(eq(inspirations.id, sourceId)))[0]?.n ?? 0,
    };
  }
  const [card] = await db.select({ status: tasteCards.status, userId: tasteCards.userId }).from(tasteCards).where(eq(tasteCards.id, sourceId));
  if (card) {
    if (card.status !== 'Published' && card.userId !== viewer) return null;
    return { type: 'tasteCard', count: () => countComments(db, sourceId) };
  }
  return null;
}

async function countComments(db: Db, sourceId: string) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(comments).where(eq(comments.sourceId, sourceId));
  return row?.n ?? 0;
}

/** Rows as the contract's Comment, in their order. */
async function readComments(db: Db, rows: readonly CommentRow[], viewer: string | undefined): Promise<Comment[]> {
  if (!rows.length) return [];
  const [authors, liked] = await Promise.all([
    authorsById(db, rows.map((r) => r.userId)),
    viewer
      ? db.select({ id: commentLikes.commentId }).from(commentLikes).where(and(eq(commentLikes.userId, viewer), inArray(commentLikes.commentId, rows.map((r) => r.id))))
      : Promise.resolve([]),
  ]);
  const likedSet = new Set(liked.map((l) => l.id));
  return rows.map((r) => ({
    CommentID: r.id,
    SourceID: r.sourceId,
    Type: r.type,
    Comment: r.body,
    Author: authors.get(r.userId) ?? { UserID: r.userId, Name: '' },
    LikeCount: r.likeCount,
    IsLiked: likedSet.has(r.id),
    IsOwner: r.userId === viewer,
    Edited: r.updatedAt.getTime() !== r.createdAt.getTime(),
    CreatedAt: r.createdAt.toISOString(),
    UpdatedAt: r.updatedAt.toISOString(),
  }));
}

/** list-comment: a readable source's comments, newest first. */
export async function listComments(db: Db, body: { SourceID: string; From: number; Size: number }, viewer: string | undefined) {
  if (!(await sourceOf(db, body.SourceID, viewer))) throw notFound('Source');
  const where = eq(comments.sourceId, body.SourceID);
  const [rows, [total]] = await Promise.all([
    db.select().from(comments).where(where).orderBy(desc(comments.createdAt), desc(comments.id)).limit(body.Size).offset(body.From),
    db.select({ n: sql<number>`count(*)::int` }).from(comments).where(where),
  ]);
  return { CommentList: await readComments(db, rows, viewer), Total: total?.n ?? 0 };
}

/** create-comment: on a published post or card of the Type named. */
export async function createComment(deps: Deps, userId: string, body: { SourceID: string; Comment: string; Type: CommentType }) {
  const { db, clock } = deps;
  const [post] = body.Type === 'inspiration' ? await db.select({ id: inspirations.id }).from(inspirations).where(and(eq(inspirations.id, body.SourceID), eq(inspirations.status, 'Published'))) : [];
  const [card] = body.Type === 'tasteCard' ? await db.select({ id: tasteCards.id }).from(tasteCards).where(and(eq(tasteCards.id, body.SourceID), eq(tasteCards.status, 'Published'))) : [];
  if (!post && !card) throw notFound(body.Type === 'inspiration' ? 'Inspiration' : 'Taste card');
  const now = clock.now();
  const row: CommentRow = { id: randomUUID(), sourceId: body.SourceID, type: body.Type, userId, body: body.Comment, likeCount: 0, createdAt: now, updatedAt: now };
  const count = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.insert(comments).values(row);
    if (!post) return countComments(t, body.SourceID);
    const [updated] = await t
      .update(inspirations)
      .set({ commentCount: sql`${inspirations.commentCount} + 1` })
      .where(eq(inspirations.id, body.SourceID))
      .returning({ n: inspirations.commentCount });
    return updated?.n ?? 0;
  });
  return { Comment: (await readComments(db, [row], userId))[0]!, CommentCount: count };
}

async function ownComment(db: Db, userId: string, commentId: string): Promise<CommentRow> {
  const [row] = await db.select().from(comments).where(and(eq(comments.id, commentId), eq(comments.userId, userId)));
  // Another member's comment answers as an unknown one.
  if (!row) throw notFound('Comment');
  return row;
}

/** update-comment: the owner's comment only. */
export async function updateComment(deps: Deps, userId: string, body: { CommentID: string; Comment: string }) {
  const { db, clock } = deps;
  await ownComment(db, userId, body.CommentID);
  const [row] = await db
    .update(comments)
    .set({ body: body.Comment, updatedAt: clock.now() })
    .where(and(eq(comments.id, body.CommentID), eq(comments.userId, userId)))
    .returning();
  if (!row) throw notFound('Comment');
  return { Comment: (await readComments(db, [row], userId))[0]! };
}

/** delete-comment: the owner's comment only; a post's count moves by the row actually deleted. */
export async function deleteComment(deps: Deps, userId: string, commentId: string) {
  const { db } = deps;
  const row = await ownComment(db, userId, commentId);
  const count = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const deleted = await t.delete(comments).where(and(eq(comments.id, commentId), eq(comments.userId, userId))).returning({ id: comments.id });
    if (row.type !== 'inspiration') return countComments(t, row.sourceId);
    const [updated] = deleted.length
      ? await t
          .update(inspirations)
          .set({ commentCount: sql`${inspirations.commentCount} - 1` })
          .where(eq(inspirations.id, row.sourceId))
          .returning({ n: inspirations.commentCount })
      : await t.select({ n: inspirations.commentCount }).from(inspirations).where(eq(inspirations.id, row.sourceId));
    return updated?.n ?? 0;
  });
  return { CommentID: commentId, SourceID: row.sourceId, CommentCount: count };
}

/** like-comment: a like row with a unique key; the same IsLike twice: NoNeedToUpdateLike. */
export async function likeComment(deps: Deps, userId: string, body: { CommentID: string; IsLike: boolean }) {
  const { db, clock } = deps;
  const [comment] = await db.select({ id: comments.id, sourceId: comments.sourceId }).from(comments).where(eq(comments.id, body.CommentID));
  if (!comment || !(await sourceOf(db, comment.sourceId, userId))) throw notFound('Comment');
  const count = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const changed = body.IsLike
      ? await t.insert(commentLikes).values({ commentId: comment.id, userId, createdAt: clock.now() }).onConflictDoNothing().returning({ id: commentLikes.commentId })
      : await t
          .delete(commentLikes)
          .where(and(eq(commentLikes.commentId, comment.id), eq(commentLikes.userId, userId)))
          .returning({ id: commentLikes.commentId });
    if (!changed.length) return null;
    const [row] = await t
      .update(comments)
      .set({ likeCount: sql`${comments.likeCount} + ${body.IsLike ? 1 : -1}` })
      .where(eq(comments.id, comment.id))
      .returning({ n: comments.likeCount });
    return row?.n ?? 0;
  });
  if (count === null) {
    throw new ApiError(400, ErrorCode.NoNeedToUpdateLike, body.IsLike ? 'You already like this comment' : 'You do not like this comment yet');
  }
  return { CommentID: comment.id, IsLike: body.IsLike, LikeCount: count };
}

/** query-user-comment-by-user-source-id: the member's own comments on a source, newest first. */
export async function ownCommentsOn(db: Db, userId: string, sourceId: string) {
  const rows = await db
    .select()
    .from(comments)
    .where(and(eq(comments.userId, userId), eq(comments.sourceId, sourceId)))
    .orderBy(desc(comments.createdAt), desc(comments.id));
  return { CommentList: await readComments(db, rows, userId) };
}
