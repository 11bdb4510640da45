import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { Link } from '@tanstack/react-router';
import { Tabs } from 'radix-ui';
import { Suspense, useEffect, useState } from 'react';
import { isLoggedIn, user } from '../../../machines/session/session.selectors.ts';
import { lazy } from '../../app/lazy-screen.ts';
import { preloadable } from '../../app/preloadable.tsx';
import { useServices } from '../../app/services.ts';
import { Popup } from '../../ui/Popup.tsx';
import './account.css';
import { LinkedAccountsSection } from './LinkedAccountsSection.tsx';
import { PasswordSection } from './PasswordSection.tsx';
import { ProfileSection } from './ProfileSection.tsx';
import { UsernameSection } from './UsernameSection.tsx';

type Section = 'profile' | 'membership' | 'username' | 'email' | 'addresses' | 'billing' | 'password' | 'linked';

// Loaded when the tab is opened: the popup's own chunk stays as small as it was.
const MembershipSection = lazy(() => import('./MembershipSection.tsx').then((m) => ({ default: m.MembershipSection })));
// The forms with flows of their own (addresses, a changed e-mail's code): fetched once the popup shows, so it
// shows sooner (issue 30: the popup's chunk was over its 40 kB budget), and in before a tab is picked.
const DeliveryAddressesSection = preloadable(() => import('./DeliveryAddressesSection.tsx').then((m) => m.DeliveryAddressesSection));
const BillingAddressSection = preloadable(() => import('./BillingAddressSection.tsx').then((m) => m.BillingAddressSection));
const EmailSection = preloadable(() => import('./EmailSection.tsx').then((m) => m.EmailSection));
const preloadSections = () => Promise.all([DeliveryAddressesSection.preload(), BillingAddressSection.preload(), EmailSection.preload()]);

/** The member's account and settings: profile, membership and invite codes, username, e-mail, addresses, password, linked sign-ins, and signing out. */
export function AccountPopup(props: { onClose: () => void; section?: 'membership' }) {
  const { session, popups } = useServices();
  const member = useSelector(session, user);
  const loggedIn = useSelector(session, isLoggedIn);
  const { t } = useLingui();
  const [section, setSection] = useState<Section>(props.section ?? 'profile');
  useEffect(() => {
    // A chunk that failed is fetched again when its tab renders.
    preloadSections().catch(() => undefined);
  }, []);
  const titles: Record<Section, string> = {
    profile: t`Profile`,
    membership: t`Membership`,
    username: t`Username`,
    email: t`E-mail`,
    addresses: t`Addresses`,
    billing: t`Billing`,
    password: t`Password`,
    linked: t`Linked accounts`,
  };

  const signOut = () => {
    session.send({ type: 'SIGN_OUT' });
    props.onClose();
  };

  if (!loggedIn) {
    return (
      <Popup title={<Trans>Account and settings</Trans>} onClose={props.onClose}>
        <p>
          <Trans>Please log in to see your account.</Trans>
        </p>
        <button
          type="button"
          className="button primary"
          onClick={() => {
            props.onClose();
            popups.open('login');
          }}
        >
          <Trans>Log in</Trans>
        </button>
      </Popup>
    );
  }

  return (
    <Popup
      title={<Trans>Account and settings</Trans>}
      description={member ? <span className="account-email">{member.email}</span> : undefined}
      onClose={props.onClose}
    >
      {!member ? (
        <p className="muted" role="status">
          <Trans>Loading your account…</Trans>
        </p>
      ) : (
        <Tabs.Root className="account-tabs" value={section} onValueChange={(value) => setSection(value as Section)}>
          <Tabs.List className="account-tab-list" aria-label={t`Account sections`}>
            {(Object.keys(titles) as Section[]).map((s) => (
              <Tabs.Trigger key={s} value={s} className="chip account-tab">
                {titles[s]}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {/* key: a different member (after signing in again) starts from fresh forms. */}
          <Tabs.Content value="profile" className="account-panel">
            <ProfileSection key={member.userID} member={member} />
          </Tabs.Content>
          <Tabs.Content value="membership" className="account-panel">
            <Suspense
              fallback={
                <p className="muted" role="status">
                  <Trans>Loading your membership…</Trans>
                </p>
              }
            >
              <MembershipSection key={member.userID} />
            </Suspense>
          </Tabs.Content>
          <Tabs.Content value="username" className="account-panel">
            <UsernameSection key={member.userID} member={member} />
          </Tabs.Content>
          <Tabs.Content value="email" className="account-panel">
            <EmailSection key={member.userID} member={member} />
          </Tabs.Content>
          <Tabs.Content value="addresses" className="account-panel">
            <DeliveryAddressesSection key={member.userID} member={member} />
          </Tabs.Content>
          <Tabs.Content value="billing" className="account-panel">
            <BillingAddressSection key={member.userID} member={member} />
          </Tabs.Content>
          <Tabs.Content value="password" className="account-panel">
            <PasswordSection key={member.userID} />
          </Tabs.Content>
          <Tabs.Content value="linked" className="account-panel">
            <LinkedAccountsSection key={member.userID} />
          </Tabs.Content>
        </Tabs.Root>
      )}
      <nav className="account-links" aria-label={t`My shopping`}>
        <button type="button" className="button small" onClick={() => popups.open('orders')}>
          <Trans>My orders</Trans>
        </button>
        <button type="button" className="button small" onClick={() => popups.open('myEvents')}>
          <Trans>My events</Trans>
        </button>
        <button type="button" className="button small" onClick={() => popups.open('subscriptions')}>
          <Trans>My subscriptions</Trans>
        </button>
        <button type="button" className="button small" onClick={() => popups.open('myTasteCards')}>
          <Trans>My taste cards</Trans>
        </button>
        <button type="button" className="button small" onClick={() => popups.open('savedInspiration')}>
          <Trans>Saved posts</Trans>
        </button>
        <button type="button" className="button small" onClick={() => popups.open('wallet')}>
          <Trans>Wallet</Trans>
        </button>
        <Link to="/tonight" className="button small" onClick={props.onClose}>
          <Trans>Tonight</Trans>
        </Link>
      </nav>
      <div className="account-footer">
        <button type="button" className="button wide" onClick={signOut}>
          <Trans>Sign out</Trans>
        </button>
      </div>
    </Popup>
  );
}
