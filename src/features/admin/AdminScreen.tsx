import { Trans, useLingui } from '@lingui/react/macro';
import { Link, Navigate, useParams } from '@tanstack/react-router';
import { Suspense, type ComponentType } from 'react';
import { BACK_OFFICE_CODES } from '../../../contract/index.ts';
import { knowCodes } from '../../api/client.ts';
import { lazy } from '../../app/lazy-screen.ts';
import { RetryAlert } from '../../ui/RetryAlert.tsx';
import { useAdminAccess } from './use-admin-access.ts';
import { useSecondFactorNeeded } from './second-factor-query.ts';
import { SecondFactorStep } from './SecondFactorStep.tsx';
import './admin.css';

// The back office's own codes, which a customer's first load leaves out of the client's catalogue (contract/errors.ts).
knowCodes(BACK_OFFICE_CODES);

/** The back office's sections, each in a chunk of its own; /admin opens on the orders. */
const SECTIONS: Record<AdminSection, ComponentType> = {
  dashboard: lazy(() => import('./DashboardScreen.tsx').then((m) => ({ default: m.DashboardScreen }))),
  surveys: lazy(() => import('./SurveyResultsScreen.tsx').then((m) => ({ default: m.SurveyResultsScreen }))),
  orders: lazy(() => import('./OrdersScreen.tsx').then((m) => ({ default: m.OrdersScreen }))),
  refunds: lazy(() => import('./RefundsScreen.tsx').then((m) => ({ default: m.RefundsScreen }))),
  coupons: lazy(() => import('./CouponsScreen.tsx').then((m) => ({ default: m.CouponsScreen }))),
  subscriptions: lazy(() => import('./SubscriptionsScreen.tsx').then((m) => ({ default: m.SubscriptionsScreen }))),
  staff: lazy(() => import('./StaffScreen.tsx').then((m) => ({ default: m.StaffScreen }))),
  audit_log: lazy(() => import('./AuditLogScreen.tsx').then((m) => ({ default: m.AuditLogScreen }))),
  enquiries: lazy(() => import('./EnquiriesScreen.tsx').then((m) => ({ default: m.EnquiriesScreen }))),
  content: lazy(() => import('./ContentScreen.tsx').then((m) => ({ default: m.ContentScreen }))),
  sessions: lazy(() => import('./SessionsScreen.tsx').then((m) => ({ default: m.SessionsScreen }))),
  events: lazy(() => import('./EventsScreen.tsx').then((m) => ({ default: m.EventsScreen }))),
  catalogue: lazy(() => import('./CatalogueScreen.tsx').then((m) => ({ default: m.CatalogueScreen }))),
  gatherings: lazy(() => import('./GatheringsScreen.tsx').then((m) => ({ default: m.GatheringsScreen }))),
  nfc: lazy(() => import('./NfcTagsScreen.tsx').then((m) => ({ default: m.NfcTagsScreen }))),
  my_sessions: lazy(() => import('./HostSessionsScreen.tsx').then((m) => ({ default: m.HostSessionsScreen }))),
};
type AdminSection = 'my_sessions' | 'dashboard' | 'surveys' | 'orders' | 'refunds' | 'staff' | 'audit_log' | 'catalogue' | 'events' | 'sessions' | 'coupons' | 'subscriptions' | 'enquiries' | 'content' | 'gatherings' | 'nfc';
const isSection = (name: string): name is AdminSection => Object.hasOwn(SECTIONS, name);

/** A link to a section of the back office. */
function SectionLink({ section, children }: { section: AdminSection; children: React.ReactNode }) {
  return (
    <Link to="/admin/{-$section}" params={{ section }} activeOptions={{ exact: true }}>
      {children}
    </Link>
  );
}

/**
 * /admin (issue 32): the back office, in chunks of its own. Signed-in members only (the route's guard); the
 * owner and staff see its lists, a host their own sessions, anyone else is told it is not for them (the server
 * refuses them too).
 */
export function AdminScreen() {
  const { t } = useLingui();
  const access = useAdminAccess();
  const secondFactor = useSecondFactorNeeded(access.data === 'owner' || access.data === 'staff');
  const { section = '' } = useParams({ strict: false }) as { section?: string };
  const Section = isSection(section) ? SECTIONS[section] : undefined;
  return (
    <div className="admin">
      <h1 className="admin-title">
        <Trans>Back office</Trans>
      </h1>
      {access.isPending ? (
        <p className="muted" role="status">
          <Trans>Checking your access…</Trans>
        </p>
      ) : access.isError ? (
        <RetryAlert onRetry={() => void access.refetch()}>
          <Trans>The back office could not be opened.</Trans>
        </RetryAlert>
      ) : access.data === 'none' ? (
        <NotForYou />
      ) : access.data === 'host' ? (
        <HostFrame section={section} />
      ) : secondFactor.needed !== false ? (
        secondFactor.status.isError ? (
          <RetryAlert onRetry={() => void secondFactor.status.refetch()}>
            <Trans>The back office could not be opened.</Trans>
          </RetryAlert>
        ) : secondFactor.needed ? (
          <SecondFactorStep enrolled={secondFactor.enrolled} />
        ) : (
          <p className="muted" role="status">
            <Trans>Checking your access…</Trans>
          </p>
        )
      ) : (
        <div className="admin-frame">
          <nav className="admin-nav" aria-label={t`Back office`}>
            <ul>
              <li>
                <SectionLink section="dashboard">
                  <Trans>Dashboard</Trans>
                </SectionLink>
              </li>
              <li>
                <SectionLink section="orders">
                  <Trans>Orders</Trans>
                </SectionLink>
              </li>
              <li>
                <SectionLink section="refunds">
                  <Trans>Refunds</Trans>
                </SectionLink>
              </li>
              <li>
                <SectionLink section="coupons">
                  <Trans>Coupons</Trans>
                </SectionLink>
              </li>
              <li>
                <SectionLink section="subscriptions">
                  <Trans>Subscriptions</Trans>
                </SectionLink>
              </li>
              <li>
                <SectionLink section="events">
                  <Trans>Events</Trans>
                </SectionLink>
              </li>
              <li>
                <SectionLink section="sessions">
                  <Trans>Sessions</Trans>
                </SectionLink>
              </li>
              <li>
                <SectionLink section="surveys">
                  <Trans>Survey results</Trans>
                </SectionLink>
              </li>
              <li>
                <SectionLink section="catalogue">
                  <Trans>Catalogue</Trans>
                </SectionLink>
              </li>
              <li>
                <SectionLink section="gatherings">
                  <Trans>Gatherings</Trans>
                </SectionLink>
              </li>
              <li>
                <SectionLink section="nfc">
                  <Trans>NFC tags</Trans>
                </SectionLink>
              </li>
              <li>
                <SectionLink section="content">
                  <Trans>Content</Trans>
                </SectionLink>
              </li>
              <li>
                <SectionLink section="enquiries">
                  <Trans>Enquiries</Trans>
                </SectionLink>
              </li>
              {access.data === 'owner' && (
                <>
                  <li>
                    <SectionLink section="staff">
                      <Trans>Staff</Trans>
                    </SectionLink>
                  </li>
                  <li>
                    <SectionLink section="audit_log">
                      <Trans>Audit log</Trans>
                    </SectionLink>
                  </li>
                </>
              )}
            </ul>
          </nav>
          <div className="admin-main">
            {Section ? (
              <Suspense
                fallback={
                  <p className="muted" role="status">
                    <Trans>Loading…</Trans>
                  </p>
                }
              >
                <Section />
              </Suspense>
            ) : (
              <p role="alert">
                <Trans>The back office has no such page.</Trans>
              </p>
            )}
          </div>
        </div>
      )}
    </div>
  );
}

/** A host's back office: their own sessions only, with no second factor (hosts' calls reach no shop-wide data). */
function HostFrame({ section }: { section: string }) {
  const { t } = useLingui();
  const MySessions = SECTIONS.my_sessions;
  if (section !== 'my_sessions') return <Navigate to="/admin/{-$section}" params={{ section: 'my_sessions' }} replace />;
  return (
    <div className="admin-frame">
      <nav className="admin-nav" aria-label={t`Back office`}>
        <ul>
          <li>
            <SectionLink section="my_sessions">
              <Trans>My sessions</Trans>
            </SectionLink>
          </li>
        </ul>
      </nav>
      <div className="admin-main">
        <Suspense
          fallback={
            <p className="muted" role="status">
              <Trans>Loading…</Trans>
            </p>
          }
        >
          <MySessions />
        </Suspense>
      </div>
    </div>
  );
}

function NotForYou() {
  return (
    <section className="admin-not-for-you" role="alert">
      <h2>
        <Trans>This part of the shop is not for you</Trans>
      </h2>
      <p>
        <Trans>The back office is for the people who run the shop. Your account holds no staff role.</Trans>
      </p>
      <p>
        <Trans>Hosting a gathering? Open the host link the shop sent you for it.</Trans>
      </p>
      <Link to="/home" className="button">
        <Trans>Back to the shop</Trans>
      </Link>
    </section>
  );
}
