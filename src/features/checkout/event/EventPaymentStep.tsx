import { Trans } from '@lingui/react/macro';
import {
  ageConfirmed, canAddCard, canApplyCoupon, canGoBack, canPlaceOrder, canRemoveCoupon, cards, couponID, error, hasOrder, isAddingCard, isBusy, isEditingCard, isLoadingCards, lostAnswerFinding, needsAge, paymentMethod, selectedCard, step,
} from '../../../../machines/event-join/event-join.selectors.ts';
import { Price } from '../../../ui/Price.tsx';
import { KindPaymentStep, type PaymentWords } from '../KindPaymentStep.tsx';
import { sendToPaymentStep } from '../checkout-parts.tsx';
import type { HeadingRef, JoinActor } from './event-checkout-parts.tsx';
import { joinTotals } from './event-join.actors.ts';

// The popups are chunks of their own, preloaded once this step is (EventCheckoutScreen.tsx).
export { prefetchPopups } from '../KindPaymentStep.tsx';

// Named, not the whole module: the screen's first load shares the selectors' chunk (issue 14, Fast).
const selectors = { ageConfirmed, canAddCard, canApplyCoupon, canGoBack, canPlaceOrder, canRemoveCoupon, cards, couponID, error, hasOrder, isAddingCard, isBusy, isLoadingCards, lostAnswerFinding, needsAge, paymentMethod, selectedCard, step };

const words: PaymentWords = {
  kind: 'event',
  fpsNote: <Trans>After you place the order, scan the FPS QR code with your banking app within 10 minutes. Your seats are held until then.</Trans>,
  alipayNote: <Trans>After you place the order, you will go to Alipay to pay.</Trans>,
  ageConfirm: <Trans>I confirm that I and every guest are 18 or over.</Trans>,
  ageWhy: <Trans>This tasting serves alcohol. Under the law of Hong Kong, intoxicating liquor must not be sold or supplied to a minor.</Trans>,
  notPlaced: <Trans>Your booking was not placed and nothing was charged. You can place it again.</Trans>,
  notPaid: <Trans>Your booking is placed, but its payment did not go through and nothing was charged. Choose how to pay and try again.</Trans>,
  placing: <Trans>Placing your order…</Trans>,
  placeFor: (total) => (
    <Trans>
      Place order · <Price amount={total.Total} currency={total.Currency} />
    </Trans>
  ),
  place: <Trans>Place order</Trans>,
};

/** Totals, coupon, the over-18 confirmation for a spirits tasting, how to pay, place the order. */
export function PaymentStep({ actor, headingRef }: { actor: JoinActor; headingRef: HeadingRef }) {
  return (
    <KindPaymentStep
      actor={actor}
      send={(event) => sendToPaymentStep(actor, event)}
      selectors={selectors}
      total={(s) => joinTotals(s)?.orderDetail}
      editingCard={isEditingCard}
      words={words}
      headingRef={headingRef}
    />
  );
}
