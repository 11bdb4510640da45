import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { requireMember } from '../app/guards.ts';
import { lazyScreen } from '../app/lazy-screen.ts';

/** Spec §2: shopping_bag is login + paid-member check. */
export const Route = createFileRoute('/shopping_bag')({
  staticData: { title: msg`Shopping bag` },
  beforeLoad: requireMember,
  component: lazyScreen(() => import('../features/bag/ShoppingBagScreen.tsx'), 'ShoppingBagScreen'),
});
