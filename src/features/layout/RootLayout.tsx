import { Trans } from '@lingui/react/macro';
import { Outlet, useMatches } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef, type RefObject } from 'react';
import { PopupLayer } from '../../app/popup-layer.tsx';
import { useServices } from '../../app/services.ts';
import { useStore } from '../../app/store.ts';
import { AddToHomeBanner, useAddToHome } from './AddToHomeBanner.tsx';
import { useBlockInView } from './ContentLink.tsx';
import { FloatingButtons } from './FloatingButtons.tsx';
import { Footer } from './Footer.tsx';
import { GlobalLoader } from './GlobalLoader.tsx';
import { DEFAULT_LAYOUT, type LayoutParts } from './layout-parts.ts';
import { Navigator } from './Navigator.tsx';
import { SubscriptionBar } from './SubscriptionBar.tsx';
import { TopMenuBar } from './TopMenuBar.tsx';
import { VersionNotice } from './VersionNotice.tsx';
import './layout.css';

function useLayoutParts(): LayoutParts {
  const matches = useMatches();
  return matches.reduce<LayoutParts>((parts, m) => ({ ...parts, ...m.staticData?.layout }), DEFAULT_LAYOUT);
}

/** Scrolled this far (px) in one direction, the bars go or come back; jitter does neither. */
const SCROLL_STEP = 8;
/** Near the top of the page the bars always show. */
const NEAR_TOP = 120;

/**
 * Reading down the page on a phone, the header, the SVIP bar and back-to-top leave the screen; any
 * scroll up brings them back (issue 14: once scrolled they covered about a quarter of a phone's
 * screen). It marks the app `data-away` (layout.css hides them on phones only), straight on the
 * element: a scroll re-renders nothing.
 */
function useAwayWhileReading(app: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    // Where reading started is taken at the first scroll, not here: reading scrollY as the page mounts forces a
    // layout of the whole page in the middle of React's commit (issue 30).
    let last: number | undefined;
    const mark = (away: boolean) => {
      if (app.current) app.current.toggleAttribute('data-away', away);
    };
    const onScroll = () => {
      const y = window.scrollY;
      if (last === undefined) last = y;
      if (y < NEAR_TOP) {
        mark(false);
        last = y;
      } else if (Math.abs(y - last) >= SCROLL_STEP) {
        mark(y > last);
        last = y;
      }
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [app]);
}

const KeptCopyNotice = lazy(() => import('./KeptCopyNotice.tsx').then((m) => ({ default: m.KeptCopyNotice })));

/** Offline, a page that shows what this device kept says so (src/app/kept-answers-persister.ts). */
function KeptCopySlot() {
  const since = useStore(useServices().keptCopyShownSince);
  if (since === null) return null;
  return (
    <Suspense fallback={null}>
      <KeptCopyNotice since={since} />
    </Suspense>
  );
}

export function RootLayout() {
  const parts = useLayoutParts();
  const app = useRef<HTMLDivElement>(null);
  useAwayWhileReading(app);
  useBlockInView();
  const addToHome = useAddToHome();
  const banner = parts.addToHomeBanner && addToHome.show;
  return (
    <div ref={app} className="app" data-navigator={parts.navigator}>
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <GlobalLoader />
      <VersionNotice />
      <KeptCopySlot />
      {banner && <AddToHomeBanner addToHome={addToHome} />}
      {parts.topMenuBar && <TopMenuBar />}
      <main id="main" className="main" tabIndex={-1}>
        <Outlet />
      </main>
      {parts.footer && <Footer />}
      {/* One invitation at a time: the SVIP bar waits while the add-to-home banner shows. */}
      {parts.subscriptionBar && !banner && <SubscriptionBar />}
      {parts.floatingButtons && <FloatingButtons />}
      {parts.navigator && <Navigator />}
      <PopupLayer />
    </div>
  );
}
