import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, type ReactNode } from 'react';
import * as toggle from '../../../machines/optimistic-toggle/optimistic-toggle.selectors.ts';
import * as sessionState from '../../../machines/session/session.selectors.ts';
import { useServices } from '../../app/services.ts';
import { useFlow } from '../../app/use-flow.ts';
import { HeartIcon } from '../../ui/HeartButton.tsx';
import { createToggleFlow, type ToggleKind } from './toggle.actors.ts';

/**
 * One like / save / follow through the optimistic toggle flow: shown at once, rolled back on failure
 * (spec §4, as the wishlist heart). A visitor is asked to log in instead.
 */
export function useToggle(kind: ToggleKind, id: string, on: boolean, count: number | undefined) {
  const { api, session, popups } = useServices();
  const queryClient = useQueryClient();
  const loggedIn = useSelector(session, sessionState.isLoggedIn);
  const machine = useMemo(() => createToggleFlow(api, kind, id), [api, kind, id]);
  const actor = useFlow(machine, { input: { on, ...(count !== undefined ? { count } : {}) } });
  // A fresh read of the object (another page, a refetch) is adopted when nothing is being sent.
  useEffect(() => actor.send({ type: 'SYNC', on, ...(count !== undefined ? { count } : {}) }), [actor, on, count]);
  const shown = useSelector(actor, toggle.isOn);
  const shownCount = useSelector(actor, toggle.count);
  const failed = useSelector(actor, toggle.failed);
  const sending = useSelector(actor, toggle.isSending);
  useEffect(() => {
    // Once the server has answered, the lists showing this object read it again.
    if (!sending) void queryClient.invalidateQueries({ queryKey: ['inspiration'], refetchType: 'none' });
  }, [sending, queryClient]);
  return {
    on: shown,
    count: shownCount,
    failed,
    toggle: () => (loggedIn ? actor.send({ type: 'TOGGLE' }) : popups.open('login')),
  };
}

function Failed({ show }: { show: boolean }) {
  return (
    <span className="toggle-failed" role="status">
      {show && <Trans>Not saved, try again</Trans>}
    </span>
  );
}

export function LikeButton({ kind, id, liked, count, label }: { kind: 'likeInspiration' | 'likeComment'; id: string; liked: boolean; count: number; label?: string }) {
  const { t } = useLingui();
  const like = useToggle(kind, id, liked, count);
  return (
    <span className="toggle">
      <button
        type="button"
        className="toggle-button"
        aria-pressed={like.on}
        aria-label={label ?? (kind === 'likeComment' ? t`Like comment` : t`Like`)}
        onClick={like.toggle}
        data-on={like.on}
      >
        <HeartIcon filled={like.on} />
        <span className="toggle-count" aria-hidden="true">
          {like.count ?? count}
        </span>
      </button>
      <span className="visually-hidden">
        <Plural value={like.count ?? count} one="# like" other="# likes" />
      </span>
      <Failed show={like.failed} />
    </span>
  );
}

export function SaveButton({ id, saved, count }: { id: string; saved: boolean; count: number }) {
  const { t } = useLingui();
  const save = useToggle('saveInspiration', id, saved, count);
  return (
    <span className="toggle">
      <button type="button" className="toggle-button" aria-pressed={save.on} aria-label={t`Save`} onClick={save.toggle} data-on={save.on}>
        <BookmarkIcon filled={save.on} />
        <span className="toggle-count" aria-hidden="true">
          {save.count ?? count}
        </span>
      </button>
      <Failed show={save.failed} />
    </span>
  );
}

export function FollowButton({ userID, following, followers, children }: { userID: string; following: boolean; followers?: number; children?: ReactNode }) {
  const follow = useToggle('followUser', userID, following, followers);
  return (
    <span className="toggle">
      <button type="button" className={follow.on ? 'button small' : 'button small primary'} aria-pressed={follow.on} onClick={follow.toggle}>
        {follow.on ? <Trans>Following</Trans> : <Trans>Follow</Trans>}
      </button>
      {children}
      {followers !== undefined && (
        <span className="muted small">
          <Plural value={follow.count ?? followers} one="# follower" other="# followers" />
        </span>
      )}
      <Failed show={follow.failed} />
    </span>
  );
}

function BookmarkIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path d="M6 3h12v18l-6-4.5L6 21z" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
    </svg>
  );
}
