import { msg } from '@lingui/core/macro';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { flowToolsEnabled } from '../app/inspection.ts';
import { lazyScreen } from '../app/lazy-screen.ts';

/** Internal (spec §2 "testing2", DESIGN §5): the live inspector. Not linked from the shop; off in production unless FLOW_TOOLS is set. */
export const Route = createFileRoute('/testing2')({
  staticData: { title: msg`Flow inspector`, skipFromRedirect: true, layout: { navigator: false, footer: false, floatingButtons: false } },
  beforeLoad: () => {
    if (!flowToolsEnabled()) throw notFound();
  },
  component: lazyScreen(() => import('../features/flow-tools/InspectorScreen.tsx'), 'InspectorScreen'),
});
