import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams } from '@tanstack/react-router';
import { Suspense, type ComponentType } from 'react';
import { lazy } from '../../app/lazy-screen.ts';
import { RetryAlert } from '../../ui/RetryAlert.tsx';
import { useAdminAccess } from './use-admin-access.ts';
import './admin.css';

/** The back office's sections, each in a chunk of its own; /admin opens on the orders. */
const SECTIONS: Record<AdminSection, ComponentType> = {
  orders: lazy(() => import('./OrdersScreen.tsx').then((m) => ({ default: m.OrdersScreen }))),
  refunds: lazy(() => import('./RefundsScreen.tsx').then((m) => ({ default: m.RefundsScreen }))),
  staff: lazy(() => import('./StaffScreen.tsx').then((m) => ({ default: m.StaffScreen }))),
  audit_log: lazy(() => import('./AuditLogScreen.tsx').then((m) => ({ default: m.AuditLogScreen }))),
};
type AdminSection = 'orders' | 'refunds' | 'staff' | 'audit_log';
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
 * owner and staff see its lists, anyone else is told it is not for them (the server refuses them too).
 */
export function AdminScreen() {
  const { t } = useLingui();
  const access = useAdminAccess();
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
      ) : (
        <div className="admin-frame">
          <nav className="admin-nav" aria-label={t`Back office`}>
            <ul>
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
