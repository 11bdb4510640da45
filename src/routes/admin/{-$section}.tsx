import { msg } from '@lingui/core/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { requireLogin } from '../../app/guards.ts';
import { lazyScreen } from '../../app/lazy-screen.ts';

/**
 * Ours (issue 32): the back office, one route whose section (orders, refunds, staff, audit_log; orders when
 * none) its own chunk chooses: the customers' first load carries this one route, not one per screen.
 */
export const Route = createFileRoute('/admin/{-$section}')({
  beforeLoad: async (ctx) => {
    await requireLogin(ctx);
    // /admin opens on the orders.
    if (!ctx.params.section) throw redirect({ to: '/admin/{-$section}', params: { section: 'orders' }, replace: true });
  },
  // The sessions section's event filter (?event=<id>): the events section links each event to its sessions.
  validateSearch: v.object({ event: v.fallback(v.optional(v.string()), undefined) }),
  staticData: { title: msg`Back office`, layout: { navigator: false, footer: false, floatingButtons: false } },
  component: lazyScreen(() => import('../../features/admin/AdminScreen.tsx'), 'AdminScreen'),
});
