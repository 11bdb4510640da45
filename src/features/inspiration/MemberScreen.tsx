import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { ErrorCode, listUserTasteCard, SearchAndFilterTasteCard, type FollowUser } from '../../../contract/index.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { Avatar } from './bits.tsx';
import { PostGrid } from './PostCard.tsx';
import { inspirationQueries } from './queries.ts';
import { FollowButton } from './toggles.tsx';
import { useViewer } from './viewer.ts';
import './inspiration.css';

const route = getRouteApi('/user/$userID');

type Tab = 'posts' | 'cards' | 'followers' | 'following';

/** A member's public page (ours: /user/{userID}): profile, follow, their posts, taste cards, followers and following. */
export function MemberScreen() {
  const { userID } = route.useParams();
  const { api } = useServices();
  const { viewer } = useViewer();
  const { t } = useLingui();
  const [tab, setTab] = useState<Tab>('posts');
  const user = useQuery(inspirationQueries.user(api, userID, viewer));
  if (user.isPending) {
    return (
      <div className="page member-page">
        <p className="muted" role="status">
          <Trans>Loading…</Trans>
        </p>
      </div>
    );
  }
  if (user.isError) {
    return (
      <div className="page member-page">
        <h1>{errorCode(user.error) === ErrorCode.ObjectNotFound ? <Trans>Member not found</Trans> : <Trans>This page could not be loaded</Trans>}</h1>
        <Link to="/inspiration">
          <Trans>See the posts</Trans>
        </Link>
      </div>
    );
  }
  const u = user.data;
  const tabs: Array<[Tab, string]> = [
    ['posts', t`Posts`],
    ['cards', t`Taste cards`],
    ['followers', t`Followers`],
    ['following', t`Following`],
  ];
  return (
    <div className="page member-page">
      <header className="member-head">
        <Avatar src={u.Avatar} size={72} />
        <div className="member-head-text">
          <h1>{u.Name}</h1>
          {u.Bio && <p className="member-bio">{u.Bio}</p>}
          <p className="member-counts small">
            <Plural value={u.InspirationCount} one="# post" other="# posts" /> · <Plural value={u.FollowerCount} one="# follower" other="# followers" /> ·{' '}
            <Trans>{u.FolloweeCount} following</Trans>
          </p>
          {!u.IsMe && <FollowButton userID={u.UserID} following={u.IsFollowing} />}
          {u.IsMe && (
            <Link to="/new_inspiration" className="button primary small">
              <Trans>New post</Trans>
            </Link>
          )}
        </div>
      </header>
      <div className="member-tabs" role="tablist" aria-label={t`${u.Name}'s page`}>
        {tabs.map(([key, name]) => (
          <button key={key} type="button" role="tab" aria-selected={tab === key} className="member-tab" onClick={() => setTab(key)}>
            {name}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {tab === 'posts' && <MemberPosts userID={u.UserID} isMe={u.IsMe} />}
        {tab === 'cards' && <MemberCards userID={u.UserID} isMe={u.IsMe} />}
        {tab === 'followers' && <FollowList userID={u.UserID} kind="followers" />}
        {tab === 'following' && <FollowList userID={u.UserID} kind="following" />}
      </div>
    </div>
  );
}

function MemberPosts({ userID, isMe }: { userID: string; isMe: boolean }) {
  const { api } = useServices();
  const { viewer } = useViewer();
  const { t } = useLingui();
  // Their own page shows the member their archived posts too.
  const theirs = useQuery({ ...inspirationQueries.userPosts(api, userID, viewer), enabled: !isMe });
  const mine = useQuery({ ...inspirationQueries.myPosts(api), enabled: isMe });
  const list = isMe ? mine : theirs;
  if (list.isPending) return <p className="muted">{t`Loading posts…`}</p>;
  if (list.isError) return <p role="alert">{t`The posts could not be loaded.`}</p>;
  if (list.data.InspirationList.length === 0) {
    return <p className="empty-state">{isMe ? t`You have not posted yet.` : t`No posts yet.`}</p>;
  }
  return <PostGrid posts={list.data.InspirationList} label={t`Posts`} />;
}

function MemberCards({ userID, isMe }: { userID: string; isMe: boolean }) {
  const { api } = useServices();
  const { t } = useLingui();
  // No call lists another member's public cards: their newest among the newest public cards.
  const cards = useQuery({
    queryKey: ['inspiration', 'memberCards', userID, isMe],
    queryFn: ({ signal }) =>
      isMe
        ? api.call(listUserTasteCard, { Status: 'Published', Size: 50 }, { signal }).then((r) => r.CardList)
        : api.call(SearchAndFilterTasteCard, { Sort: 'newest', Size: 50 }, { signal }).then((r) => r.CardList.filter((c) => c.Author.UserID === userID)),
  });
  if (cards.isPending) return <p className="muted">{t`Loading taste cards…`}</p>;
  if (cards.isError) return <p role="alert">{t`The taste cards could not be loaded.`}</p>;
  if (cards.data.length === 0) return <p className="empty-state">{t`No taste cards yet.`}</p>;
  return (
    <ul className="member-cards">
      {cards.data.map((c) => (
        <li key={c.CardID} className="member-card">
          <img src={c.Product.Image} alt="" width={56} height={56} loading="lazy" />
          <span>
            <Link to="/product/$productID" params={{ productID: c.ProductID }}>
              {c.Title}
            </Link>
          </span>
        </li>
      ))}
    </ul>
  );
}

function FollowList({ userID, kind }: { userID: string; kind: 'followers' | 'following' }) {
  const { api } = useServices();
  const { viewer, userID: me } = useViewer();
  const { t } = useLingui();
  const id = useId();
  const followers = useQuery({ ...inspirationQueries.followers(api, userID, viewer), enabled: kind === 'followers' });
  const followees = useQuery({ ...inspirationQueries.followees(api, userID, viewer), enabled: kind === 'following' });
  const list = kind === 'followers' ? followers : followees;
  const people: FollowUser[] | undefined = kind === 'followers' ? followers.data?.followerList : followees.data?.followeeList;
  if (list.isPending) return <p className="muted">{t`Loading…`}</p>;
  if (list.isError || !people) return <p role="alert">{t`The list could not be loaded.`}</p>;
  if (people.length === 0) return <p className="empty-state">{kind === 'followers' ? t`No followers yet.` : t`Not following anyone yet.`}</p>;
  return (
    <ul className="follow-list" aria-labelledby={id}>
      <span id={id} className="visually-hidden">
        {kind === 'followers' ? t`Followers` : t`Following`}
      </span>
      {people.map((p) => (
        <li key={p.UserID} className="follow-item">
          <Link to="/user/$userID" params={{ userID: p.UserID }} className="follow-link">
            <Avatar src={p.Avatar} size={40} />
            <span>
              <span className="follow-name">{p.Name}</span>
              {p.Bio && <span className="muted small follow-bio">{p.Bio}</span>}
            </span>
          </Link>
          {p.UserID !== me && <FollowButton userID={p.UserID} following={p.IsFollowing} />}
        </li>
      ))}
    </ul>
  );
}
