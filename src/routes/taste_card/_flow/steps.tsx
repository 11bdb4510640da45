import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../../app/lazy-screen.ts';

/** Spec §2 taste_card/steps: five senses, notes and aromas, recipe, title and photo, review. */
export const Route = createFileRoute('/taste_card/_flow/steps')({
  staticData: { title: msg`Write a taste card` },
  component: lazyScreen(() => import('../../../features/taste-cards/TasteCardStepsScreen.tsx'), 'TasteCardStepsScreen'),
});
