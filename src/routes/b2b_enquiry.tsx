import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../app/lazy-screen.ts';

/** Spec §2 b2b_enquiry: the business enquiry form, open to anyone. */
export const Route = createFileRoute('/b2b_enquiry')({
  staticData: { title: msg`Business enquiries` },
  component: lazyScreen(() => import('../features/b2b/B2bEnquiryScreen.tsx'), 'B2bEnquiryScreen'),
});
