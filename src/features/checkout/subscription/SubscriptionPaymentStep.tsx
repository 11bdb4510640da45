import { Trans } from '@lingui/react/macro';
import {
  ageConfirmed, canAddCard, canApplyCoupon, canGoBack, canPlaceOrder, canRemoveCoupon, cards, couponID, error, hasOrder, isAddingCard, isBusy, isEditingCard, isLoadingCards, lostAnswerFinding, needsAge, paymentMethod, selectedCard, step,
} from '../../../../machines/subscription-checkout/subscription-checkout.selectors.ts';
import { Price } from '../../../ui/Price.tsx';
import { KindPaymentStep, type PaymentWords } from '../KindPaymentStep.tsx';
import { sendToPaymentStep } from '../checkout-parts.tsx';
import type { HeadingRef, SubscribeActor } from './subscription-checkout-parts.tsx';
import { checkoutTotals } from './subscription-checkout.actors.ts';

// The popups are chunks of their own, preloaded once this step is (SubscriptionCheckoutScreen.tsx).
export { prefetchPopups } from '../KindPaymentStep.tsx';

// Named, not the whole module: the screen's first load shares the selectors' chunk (issue 14, Fast).
const selectors = { ageConfirmed, canAddCard, canApplyCoupon, canGoBack, canPlaceOrder, canRemoveCoupon, cards, couponID, error, hasOrder, isAddingCard, isBusy, isLoadingCards, lostAnswerFinding, needsAge, paymentMethod, selectedCard, step };

const words: PaymentWords = {
  kind: 'subscription',
  cardNote: <Trans>Each renewal is charged to this card on its billing date. You can change the card or cancel any time.</Trans>,
  fpsNote: (
    <Trans>After you subscribe, scan the FPS QR code with your banking app within 10 minutes. Each renewal is paid the same way: we e-mail you a payment link 3 days before its billing date.</Trans>
  ),
  alipayNote: <Trans>After you subscribe, you will go to Alipay to pay. Each renewal is paid the same way: we e-mail you a payment link 3 days before its billing date.</Trans>,
  ageConfirm: <Trans>I confirm that I am 18 or over.</Trans>,
  ageWhy: <Trans>This box holds alcohol. Under the law of Hong Kong, intoxicating liquor must not be sold or supplied to a minor.</Trans>,
  notPlaced: <Trans>Your subscription was not placed and nothing was charged. You can subscribe again.</Trans>,
  notPaid: <Trans>Your subscription is placed, but its payment did not go through and nothing was charged. Choose how to pay and try again.</Trans>,
  placing: <Trans>Subscribing…</Trans>,
  placeFor: (total) => (
    <Trans>
      Subscribe · <Price amount={total.Total} currency={total.Currency} />
    </Trans>
  ),
  place: <Trans>Subscribe</Trans>,
};

/** Totals, coupon, the over-18 confirmation for a box holding spirits, how to pay (renewals charge the card), subscribe. */
export function PaymentStep({ actor, headingRef }: { actor: SubscribeActor; headingRef: HeadingRef }) {
  return (
    <KindPaymentStep
      actor={actor}
      send={(event) => sendToPaymentStep(actor, event)}
      selectors={selectors}
      total={(s) => checkoutTotals(s)?.orderDetail}
      editingCard={isEditingCard}
      words={words}
      headingRef={headingRef}
    />
  );
}
