import { msg } from '@lingui/core/macro';
import { createFileRoute, notFound } from '@tanstack/react-router';
import * as v from 'valibot';
import { flowToolsEnabled } from '../app/inspection.ts';
import { lazyScreen } from '../app/lazy-screen.ts';

/** Internal (spec §2 "testing", DESIGN §5): the flow atlas. Not linked from the shop; off in production unless FLOW_TOOLS is set. */
export const Route = createFileRoute('/testing')({
  staticData: { title: msg`Flow atlas`, skipFromRedirect: true, layout: { navigator: false, footer: false, floatingButtons: false } },
  validateSearch: v.object({ machine: v.fallback(v.optional(v.string()), undefined) }),
  beforeLoad: () => {
    if (!flowToolsEnabled()) throw notFound();
  },
  component: lazyScreen(() => import('../features/flow-tools/AtlasScreen.tsx'), 'AtlasScreen'),
});
