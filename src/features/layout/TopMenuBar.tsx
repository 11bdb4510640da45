import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { layoutQueries } from './queries.ts';
import { membersOnly } from '../../app/members-only.tsx';
import { useServices } from '../../app/services.ts';
import { useStore } from '../../app/store.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { FrameIcon } from '../../ui/frame-icons.tsx';
import { useResolvedCurrency } from '../../ui/use-currency.ts';
import { AccountButton } from './AccountButton.tsx';
import { ContentLink } from './ContentLink.tsx';
import { WishlistButton } from './WishlistButton.tsx';

// The bag and its badge are the member's: a visitor's first load leaves them out (preloaded for a member by the
// root route's loader).
export const BagBadge = membersOnly(() => import('./BagBadge.tsx').then((m) => ({ default: m.BagBadge })));

export function TopMenuBar() {
  const { api, popups, preferences } = useServices();
  const { locale } = useStore(preferences);
  const currency = useResolvedCurrency();
  const menu = useQuery(layoutQueries.navigationMenu(api));
  const pick = useBilingual();
  const { t } = useLingui();
  return (
    <header className="top-menu">
      <div className="top-menu-row">
        <Link to="/home" className="brand" aria-label={t`Sip & Gather home`}>
          <span className="brand-mark" aria-hidden="true">
            <FrameIcon name="brand" />
          </span>
          <span className="brand-name">Sip &amp; Gather</span>
        </Link>
        <div className="top-menu-actions">
          <button type="button" className="chip-button" onClick={() => popups.open('search', {})} aria-label={t`Search`} aria-haspopup="dialog">
            <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <circle cx="11" cy="11" r="7" />
              <path d="m20 20-3.5-3.5" />
            </svg>
          </button>
          <button type="button" className="chip-button" onClick={() => popups.open('language')} aria-label={t`Language`}>
            {locale === 'zh-Hant' ? '繁' : 'EN'}
          </button>
          <button type="button" className="chip-button" onClick={() => popups.open('currency')} aria-label={t`Currency`}>
            {currency ?? '···'}
          </button>
          <WishlistButton />
          <BagBadge />
          <AccountButton />
        </div>
      </div>
      <nav className="top-nav" aria-label={t`Shop sections`}>
        <ul>
          {menu.data?.map((item) => (
            <li key={item.To}>
              <ContentLink to={item.To}>
                {pick(item.Label)}
              </ContentLink>
            </li>
          )) ?? (
            <li className="muted">
              <Trans>Loading…</Trans>
            </li>
          )}
        </ul>
      </nav>
    </header>
  );
}
