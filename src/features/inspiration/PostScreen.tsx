import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { Suspense, useEffect, useRef } from 'react';
import { ErrorCode, shareInspiration, viewInspiration, type Inspiration } from '../../../contract/index.ts';
import { errorCode } from '../../api/error-code.ts';
import { cookieId } from '../../app/cookie-id.ts';
import { lazy } from '../../app/lazy-screen.ts';
import { useServices } from '../../app/services.ts';
import { ShareButton } from '../../ui/ShareButton.tsx';
import { Avatar, RelativeTime } from './bits.tsx';
import { Carousel } from './Carousel.tsx';
import { inspirationQueries } from './queries.ts';
import { FollowButton, LikeButton, SaveButton } from './toggles.tsx';
import { useViewer } from './viewer.ts';
import './inspiration.css';

const route = getRouteApi('/inspiration/$inspirationId');

// The products (with the bag) and the comments come after the post's first paint, as chunks of their own.
const PostProducts = lazy(() => import('./PostProducts.tsx').then((m) => ({ default: m.PostProducts })));
const Comments = lazy(() => import('./Comments.tsx').then((m) => ({ default: m.Comments })));

/** Spec §2 inspiration/{inspirationId}: a post with its media, products, author, likes, share and comments. */
export function PostScreen() {
  const { inspirationId } = route.useParams();
  const { api } = useServices();
  const { viewer, loggedIn } = useViewer();
  const post = useQuery(inspirationQueries.post(api, inspirationId, viewer));
  const queryClient = useQueryClient();
  // view-inspiration once per opening of a post (the server counts a viewer once a day).
  const viewed = useRef<string>(undefined);
  useEffect(() => {
    if (!post.data || viewed.current === inspirationId) return;
    viewed.current = inspirationId;
    void api.call(viewInspiration, { InspirationID: inspirationId, CookieID: cookieId() }, { withSession: true }).catch(() => undefined);
  }, [api, inspirationId, post.data]);

  if (post.isPending) {
    return (
      <div className="page post-page">
        <p className="muted" role="status">
          <Trans>Loading the post…</Trans>
        </p>
      </div>
    );
  }
  if (post.isError) {
    const missing = errorCode(post.error) === ErrorCode.ObjectNotFound || errorCode(post.error) === ErrorCode.InvalidParameter;
    return (
      <div className="page post-page">
        <h1>{missing ? <Trans>Post not found</Trans> : <Trans>The post could not be loaded</Trans>}</h1>
        <p>
          {missing ? <Trans>It may have been archived by its author.</Trans> : <Trans>Please check your connection.</Trans>}{' '}
          {missing ? (
            <Link to="/inspiration">
              <Trans>See other posts</Trans>
            </Link>
          ) : (
            <button type="button" className="link-button" onClick={() => void post.refetch()}>
              <Trans>Try again</Trans>
            </button>
          )}
        </p>
      </div>
    );
  }
  const p = post.data;
  return (
    <div className="page post-page">
      <article className="post-layout" aria-labelledby="post-title">
        <Carousel media={p.MediaList} title={p.Title} />
        <div className="post-side">
          <AuthorRow post={p} loggedIn={loggedIn} />
          <h1 id="post-title" className="post-title">
            {p.Title}
          </h1>
          {p.Status === 'Private' && (
            <p className="notice">
              <Trans>Archived: only you can see this post.</Trans>
            </p>
          )}
          {p.Description && <p className="post-description">{p.Description}</p>}
          {p.Tag.length > 0 && (
            <ul className="chip-row post-tags" aria-label="Tags">
              {p.Tag.map((tag) => (
                <li key={tag}>
                  <Link to="/inspiration" search={{ tag }} className="chip">
                    #{tag}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <p className="muted small">
            <RelativeTime iso={p.CreatedAt} /> · <Plural value={p.ViewCount} one="# view" other="# views" />
          </p>
          {p.CopyFrom && (
            <p className="small">
              <Trans>
                Inspired by{' '}
                <Link to="/inspiration/$inspirationId" params={{ inspirationId: p.CopyFrom.InspirationID }}>
                  {p.CopyFrom.Title}
                </Link>
              </Trans>
            </p>
          )}
          <PostActions post={p} onShared={() => void queryClient.invalidateQueries({ queryKey: ['inspiration', 'post', inspirationId] })} />
          <Suspense fallback={null}>
            <PostProducts products={p.ProductList} />
          </Suspense>
        </div>
      </article>
      <Suspense
        fallback={
          <p className="muted" role="status">
            <Trans>Loading comments…</Trans>
          </p>
        }
      >
        <Comments sourceID={p.InspirationID} viewer={viewer} loggedIn={loggedIn} />
      </Suspense>
    </div>
  );
}

function AuthorRow({ post, loggedIn }: { post: Inspiration; loggedIn: boolean }) {
  const { api } = useServices();
  const { viewer } = useViewer();
  const author = useQuery({ ...inspirationQueries.user(api, post.Author.UserID, viewer), enabled: !post.IsOwner });
  return (
    <div className="post-author">
      <Link to="/user/$userID" params={{ userID: post.Author.UserID }} className="post-author-link">
        <Avatar src={post.Author.Avatar} size={40} />
        <span className="post-author-name">{post.Author.Name}</span>
      </Link>
      {!post.IsOwner && (author.data || !loggedIn) && (
        <FollowButton userID={post.Author.UserID} following={author.data?.IsFollowing ?? false} />
      )}
    </div>
  );
}

function PostActions({ post, onShared }: { post: Inspiration; onShared: () => void }) {
  const { api } = useServices();
  const { t } = useLingui();
  const url = typeof location !== 'undefined' ? `${location.origin}/inspiration/${post.InspirationID}` : `/inspiration/${post.InspirationID}`;
  return (
    <div className="post-actions">
      <LikeButton kind="likeInspiration" id={post.InspirationID} liked={post.IsLiked} count={post.LikeCount} />
      <span className="toggle muted" aria-label={t`${post.CommentCount} comments`}>
        <CommentIcon /> {post.CommentCount}
      </span>
      <SaveButton id={post.InspirationID} saved={post.IsSaved} count={post.SaveCount} />
      {post.Status === 'Published' && (
        <ShareButton
          url={url}
          title={post.Title}
          className="button small"
          onShared={(outcome) => {
            if (outcome !== 'shared' && outcome !== 'copied') return;
            void api
              .call(shareInspiration, { InspirationID: post.InspirationID, CookieID: cookieId(), Channel: outcome === 'shared' ? 'native' : 'link' }, { withSession: true })
              .then(onShared, () => undefined);
          }}
        >
          <Trans>Share</Trans>
        </ShareButton>
      )}
      {post.IsOwner && (
        <Link to="/edit_inspiration/{-$inspirationID}" params={{ inspirationID: post.InspirationID }} className="button small">
          <Trans>Edit</Trans>
        </Link>
      )}
    </div>
  );
}

function CommentIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path d="M4 5h16v11H9l-5 4z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
    </svg>
  );
}
