import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { COMMENT_MAX, createComment, deleteComment, updateComment, type Comment } from '../../../contract/index.ts';
import { useServices } from '../../app/services.ts';
import { Avatar, RelativeTime } from './bits.tsx';
import { inspirationQueries, type Viewer } from './queries.ts';
import { LikeButton } from './toggles.tsx';

/** A post's comments: newest first, each as typed (text, never HTML), likes; the owner edits or deletes theirs. */
export function Comments({ sourceID, viewer, loggedIn }: { sourceID: string; viewer: Viewer; loggedIn: boolean }) {
  const { api, popups } = useServices();
  const queryClient = useQueryClient();
  const { t } = useLingui();
  const id = useId();
  const list = useQuery(inspirationQueries.comments(api, sourceID, viewer));
  const [text, setText] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['inspiration'] });
  const add = useMutation({
    mutationFn: (Comment: string) => api.call(createComment, { SourceID: sourceID, Comment, Type: 'inspiration' }),
    meta: { handlesErrors: true },
    onSuccess: () => {
      setText('');
      return refresh();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim() === '' || add.isPending) return;
    add.mutate(text);
  };
  const total = list.data?.Total ?? 0;
  return (
    <section className="comments" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>
        <Trans>Comments</Trans> <span className="muted">({total})</span>
      </h2>
      {loggedIn ? (
        <form className="comment-form" onSubmit={submit}>
          <label htmlFor={`${id}-new`} className="visually-hidden">
            <Trans>Write a comment</Trans>
          </label>
          <textarea
            id={`${id}-new`}
            value={text}
            maxLength={COMMENT_MAX}
            rows={2}
            placeholder={t`Write a comment`}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit" className="button primary small" disabled={text.trim() === '' || add.isPending}>
            {add.isPending ? <Trans>Sending…</Trans> : <Trans>Comment</Trans>}
          </button>
          {add.isError && (
            <p className="form-error" role="alert">
              <Trans>The comment was not sent. Please try again.</Trans>
            </p>
          )}
        </form>
      ) : (
        <p>
          <button type="button" className="link-button" onClick={() => popups.open('login')}>
            <Trans>Log in to comment</Trans>
          </button>
        </p>
      )}
      {list.isPending && (
        <p className="muted" role="status">
          <Trans>Loading comments…</Trans>
        </p>
      )}
      {list.isError && (
        <p role="alert">
          <Trans>The comments could not be loaded.</Trans>{' '}
          <button type="button" className="link-button" onClick={() => void list.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </p>
      )}
      {list.data && list.data.CommentList.length === 0 && (
        <p className="muted">
          <Trans>No comments yet. Be the first.</Trans>
        </p>
      )}
      {list.data && list.data.CommentList.length > 0 && (
        <ul className="comment-list">
          {list.data.CommentList.map((c) => (
            <CommentItem key={c.CommentID} comment={c} onChanged={refresh} />
          ))}
        </ul>
      )}
    </section>
  );
}

function CommentItem({ comment, onChanged }: { comment: Comment; onChanged: () => Promise<void> }) {
  const { api } = useServices();
  const { t } = useLingui();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [text, setText] = useState(comment.Comment);
  const save = useMutation({
    mutationFn: (Comment: string) => api.call(updateComment, { CommentID: comment.CommentID, Comment }),
    meta: { handlesErrors: true },
    onSuccess: async () => {
      setEditing(false);
      await onChanged();
    },
  });
  const remove = useMutation({
    mutationFn: () => api.call(deleteComment, { CommentID: comment.CommentID }),
    meta: { handlesErrors: true },
    onSuccess: () => onChanged(),
  });
  return (
    <li className="comment" aria-labelledby={`${id}-by`}>
      <div className="comment-head">
        <Link to="/user/$userID" params={{ userID: comment.Author.UserID }} className="comment-author" id={`${id}-by`}>
          <Avatar src={comment.Author.Avatar} size={28} />
          <span>{comment.Author.Name}</span>
        </Link>
        <span className="muted small">
          <RelativeTime iso={comment.CreatedAt} />
          {comment.Edited && (
            <>
              {' · '}
              <Trans>edited</Trans>
            </>
          )}
        </span>
      </div>
      {editing ? (
        <form
          className="comment-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (text.trim() !== '') save.mutate(text);
          }}
        >
          <label htmlFor={`${id}-edit`} className="visually-hidden">
            <Trans>Edit your comment</Trans>
          </label>
          <textarea id={`${id}-edit`} value={text} maxLength={COMMENT_MAX} rows={2} onChange={(e) => setText(e.target.value)} />
          <span className="comment-actions">
            <button type="submit" className="button primary small" disabled={text.trim() === '' || save.isPending}>
              <Trans>Save</Trans>
            </button>
            <button
              type="button"
              className="link-button"
              onClick={() => {
                setEditing(false);
                setText(comment.Comment);
              }}
            >
              <Trans>Cancel</Trans>
            </button>
          </span>
          {save.isError && (
            <p className="form-error" role="alert">
              <Trans>The change was not saved. Please try again.</Trans>
            </p>
          )}
        </form>
      ) : (
        <p className="comment-text">{comment.Comment}</p>
      )}
      <div className="comment-foot">
        <LikeButton kind="likeComment" id={comment.CommentID} liked={comment.IsLiked} count={comment.LikeCount} label={t`Like comment by ${comment.Author.Name}`} />
        {comment.IsOwner && !editing && (
          <span className="comment-actions">
            <button type="button" className="link-button" onClick={() => setEditing(true)}>
              <Trans>Edit</Trans>
            </button>
            {confirming ? (
              <span role="group" aria-label={t`Delete this comment?`}>
                <span className="small">
                  <Trans>Delete this comment?</Trans>
                </span>{' '}
                <button type="button" className="link-button danger" onClick={() => remove.mutate()} disabled={remove.isPending}>
                  <Trans>Delete</Trans>
                </button>{' '}
                <button type="button" className="link-button" onClick={() => setConfirming(false)}>
                  <Trans>Keep</Trans>
                </button>
              </span>
            ) : (
              <button type="button" className="link-button" onClick={() => setConfirming(true)}>
                <Trans>Delete</Trans>
              </button>
            )}
          </span>
        )}
        {remove.isError && (
          <span className="form-error small" role="alert">
            <Trans>The comment was not deleted.</Trans>
          </span>
        )}
      </div>
    </li>
  );
}

export function CommentCount({ count }: { count: number }) {
  return <Plural value={count} one="# comment" other="# comments" />;
}
