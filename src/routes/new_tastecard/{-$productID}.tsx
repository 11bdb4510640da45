import { msg } from '@lingui/core/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { requireMember } from '../../app/guards.ts';

/**
 * Spec §2 new_tastecard/{productID?} (login + paid-member check): the way into the taste card flow,
 * from a product page ("Write a taste card") or without a drink. It goes on to the flow's own pages:
 * the steps for that drink, or choosing the drink first.
 */
export const Route = createFileRoute('/new_tastecard/{-$productID}')({
  staticData: { title: msg`Write a taste card` },
  beforeLoad: async (args) => {
    await requireMember(args);
    const productID = args.params.productID;
    if (productID) throw redirect({ to: '/taste_card/steps', search: { productID }, replace: true });
    throw redirect({ to: '/taste_card/select_product', replace: true });
  },
});
