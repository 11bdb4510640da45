import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { badgeText, lineCount } from '../../../machines/bag/bag.selectors.ts';
import * as sessionState from '../../../machines/session/session.selectors.ts';
import { useServices } from '../../app/services.ts';
import { useBagActor } from '../../app/bag.ts';
import './bag-badge.css';

/**
 * The bag link in the top menu, for members. Spec §9: it counts line items, "99+" from 100. The
 * bag itself loads lazily; until it has, the link shows without a count.
 */
export function BagBadge() {
  const { session } = useServices();
  const loggedIn = useSelector(session, sessionState.isLoggedIn);
  const bag = useBagActor();
  const text = useSelector(bag, (s) => (s ? badgeText(s) : undefined));
  const count = useSelector(bag, (s) => (s ? lineCount(s) : undefined)) ?? 0;
  const { t } = useLingui();
  if (!loggedIn) return null;
  return (
    <Link to="/shopping_bag" className="chip-button bag-button" aria-label={count ? plural(count, { one: 'Shopping bag, # item', other: 'Shopping bag, # items' }) : t`Shopping bag`}>
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.8">
        <path d="M5 8h14l-1 12H6L5 8Z" strokeLinejoin="round" />
        <path d="M9 8V6a3 3 0 0 1 6 0v2" strokeLinecap="round" />
      </svg>
      {text && (
        <span className="bag-count" aria-hidden="true" data-testid="bag-count">
          {text}
        </span>
      )}
    </Link>
  );
}
