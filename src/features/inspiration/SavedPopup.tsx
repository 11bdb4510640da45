import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useServices } from '../../app/services.ts';
import { Popup } from '../../ui/Popup.tsx';
import { PostGrid } from './PostCard.tsx';
import { inspirationQueries } from './queries.ts';
import './inspiration.css';

/** Spec §3 "inspiration collection (saved)": the posts the member saved, and the ones they liked. */
export function SavedPopup({ onClose }: { onClose: () => void }) {
  const { api } = useServices();
  const { t } = useLingui();
  const [tab, setTab] = useState<'saved' | 'liked'>('saved');
  const saved = useQuery({ ...inspirationQueries.saved(api), enabled: tab === 'saved' });
  const liked = useQuery({ ...inspirationQueries.liked(api), enabled: tab === 'liked' });
  const posts = tab === 'saved' ? saved.data?.collection : liked.data?.InspirationList;
  const pending = tab === 'saved' ? saved.isPending : liked.isPending;
  const failed = tab === 'saved' ? saved.isError : liked.isError;
  return (
    <Popup title={t`Saved posts`} onClose={onClose}>
      <div className="member-tabs" role="tablist" aria-label={t`Saved posts`}>
        <button type="button" role="tab" className="member-tab" aria-selected={tab === 'saved'} onClick={() => setTab('saved')}>
          <Trans>Saved</Trans>
        </button>
        <button type="button" role="tab" className="member-tab" aria-selected={tab === 'liked'} onClick={() => setTab('liked')}>
          <Trans>Liked</Trans>
        </button>
      </div>
      <div role="tabpanel">
        {pending && (
          <p className="muted" role="status">
            <Trans>Loading…</Trans>
          </p>
        )}
        {failed && (
          <p role="alert">
            <Trans>The posts could not be loaded.</Trans>
          </p>
        )}
        {posts && posts.length === 0 && (
          <p className="empty-state">{tab === 'saved' ? <Trans>Posts you save show here.</Trans> : <Trans>Posts you like show here.</Trans>}</p>
        )}
        {posts && posts.length > 0 && <PostGrid posts={posts} />}
      </div>
    </Popup>
  );
}
