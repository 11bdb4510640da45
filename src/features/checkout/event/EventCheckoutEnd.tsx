import { Trans } from '@lingui/react/macro';
import { KindAfterPlacing, type AfterPlacingProps, type CheckoutEndWords } from '../KindCheckoutEnd.tsx';
import type { JoinActor } from './event-checkout-parts.tsx';

const words: CheckoutEndWords = {
  kind: 'event',
  checkingTitle: <Trans>Checking your booking</Trans>,
  checkingText: <Trans>The connection dropped before the shop answered. We are checking whether your booking went through…</Trans>,
  unconfirmedTitle: <Trans>We could not confirm your booking</Trans>,
  unconfirmedText: (
    <Trans>The connection dropped and we could not check whether your booking was placed. We will not place it again until we know.</Trans>
  ),
  fpsText: <Trans>Your booking is placed and your seats are held. Scan the QR code with your banking app to pay within 10 minutes.</Trans>,
  cancelledTitle: <Trans>Booking cancelled</Trans>,
  cancelledText: <Trans>This booking was cancelled and nothing was charged. Its seats were given back.</Trans>,
  cancelledLink: { to: '/home', text: <Trans>Back to home</Trans> },
};

/**
 * The event checkout once the booking is being placed: checking a lost answer, could not confirm,
 * waiting for the payment, and its end (FPS, cancelled). A chunk of its own, fetched once the checkout
 * shows, so that the screen's first load stays within its budget (issue 14, Fast).
 */
export function AfterPlacing({ actor, ...props }: AfterPlacingProps<JoinActor>) {
  return <KindAfterPlacing {...props} retry={() => actor.send({ type: 'RETRY' })} words={words} />;
}
