import { Trans } from '@lingui/react/macro';
import { KindAfterPlacing, type AfterPlacingProps, type CheckoutEndWords } from '../KindCheckoutEnd.tsx';
import type { SubscribeActor } from './subscription-checkout-parts.tsx';

const words: CheckoutEndWords = {
  kind: 'subscription',
  checkingTitle: <Trans>Checking your subscription</Trans>,
  checkingText: <Trans>The connection dropped before the shop answered. We are checking whether your subscription went through…</Trans>,
  unconfirmedTitle: <Trans>We could not confirm your subscription</Trans>,
  unconfirmedText: (
    <Trans>The connection dropped and we could not check whether your subscription was placed. We will not place it again until we know.</Trans>
  ),
  fpsText: <Trans>Your subscription is placed. Scan the QR code with your banking app to pay within 10 minutes.</Trans>,
  cancelledTitle: <Trans>Nothing to pay</Trans>,
  cancelledText: <Trans>This subscription order was cancelled or not paid in time, and nothing was charged.</Trans>,
  cancelledLink: { to: '/subscription', text: <Trans>See the plans</Trans> },
};

/**
 * The subscription checkout once the first order is being placed: checking a lost answer, could not
 * confirm, waiting for the payment, and its end (FPS, cancelled). A chunk of its own, fetched once the
 * checkout shows (issue 14, Fast).
 */
export function AfterPlacing({ actor, ...props }: AfterPlacingProps<SubscribeActor>) {
  return <KindAfterPlacing {...props} retry={() => actor.send({ type: 'RETRY' })} words={words} />;
}
