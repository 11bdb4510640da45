import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../../app/lazy-screen.ts';

/** Spec §2 taste_card/select_product: the drink the card is for. */
export const Route = createFileRoute('/taste_card/_flow/select_product')({
  staticData: { title: msg`Choose the drink` },
  component: lazyScreen(() => import('../../../features/taste-cards/SelectProductScreen.tsx'), 'SelectProductScreen'),
});
