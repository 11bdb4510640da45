import { Trans } from '@lingui/react/macro';
import { Outlet, useMatches } from '@tanstack/react-router';
import { PopupLayer } from '../../app/popup-layer.tsx';
import { AddToHomeBanner, useAddToHome } from './AddToHomeBanner.tsx';
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

export function RootLayout() {
  const parts = useLayoutParts();
  const addToHome = useAddToHome();
  const banner = parts.addToHomeBanner && addToHome.show;
  return (
    <div className="app" data-navigator={parts.navigator}>
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <GlobalLoader />
      <VersionNotice />
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
