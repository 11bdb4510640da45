import { Link } from '@tanstack/react-router';
import type { Inspiration } from '../../../contract/index.ts';
import { Plural, Trans } from '@lingui/react/macro';
import { Avatar, RelativeTime } from './bits.tsx';

/** A post in a grid: its cover, title, author and likes; the whole card opens the post. */
export function PostCard({ post, eager }: { post: Inspiration; eager?: boolean }) {
  const cover = post.MediaList[0];
  const picture = cover?.Type === 'image' ? cover : post.MediaList.find((m) => m.Type === 'image');
  return (
    <li className="post-card">
      <Link to="/inspiration/$inspirationId" params={{ inspirationId: post.InspirationID }} className="post-card-link">
        {picture ? (
          <img
            src={picture.Variants[0]?.Url ?? picture.Url}
            {...(picture.Variants.length > 0 ? { srcSet: picture.Variants.map((v) => `${v.Url} ${v.Width}w`).join(', '), sizes: '(min-width: 900px) 25vw, 50vw' } : {})}
            alt=""
            width={480}
            height={480}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            className="post-card-image"
          />
        ) : cover ? (
          <video src={cover.Url} muted playsInline preload="metadata" className="post-card-image" aria-hidden="true" />
        ) : (
          <span className="post-card-image" />
        )}
        {post.Status === 'Private' && (
          <span className="badge post-card-badge">
            <Trans>Archived</Trans>
          </span>
        )}
        <span className="post-card-title">{post.Title}</span>
      </Link>
      <span className="post-card-meta">
        <Link to="/user/$userID" params={{ userID: post.Author.UserID }} className="post-card-author">
          <Avatar src={post.Author.Avatar} size={20} />
          <span>{post.Author.Name}</span>
        </Link>
        <span className="muted small">
          <Plural value={post.LikeCount} one="# like" other="# likes" /> · <RelativeTime iso={post.CreatedAt} />
        </span>
      </span>
    </li>
  );
}

export function PostGrid({ posts, label }: { posts: readonly Inspiration[]; label?: string }) {
  return (
    <ul className="post-grid" aria-label={label}>
      {posts.map((p, i) => (
        <PostCard key={p.InspirationID} post={p} eager={i < 4} />
      ))}
    </ul>
  );
}
