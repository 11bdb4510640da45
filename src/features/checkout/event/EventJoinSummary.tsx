import { Plural } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import * as join from '../../../../machines/event-join/event-join.selectors.ts';
import { Price } from '../../../ui/Price.tsx';
import { CheckoutSummary } from '../CheckoutSummary.tsx';
import type { JoinActor } from './event-checkout-parts.tsx';
import { joinTotals } from './event-join.actors.ts';

/** Seats, price per person and the totals (EventCalculate's answer). */
export function JoinSummary({ actor }: { actor: JoinActor }) {
  const totals = useSelector(actor, joinTotals);
  const seats = useSelector(actor, join.seats);
  const couponError = useSelector(actor, join.couponError);
  if (!totals) return null;
  const detail = totals.orderDetail;
  return (
    <CheckoutSummary couponError={couponError} detail={detail} shipping={false}>
      <p className="event-summary-seats">
        <span>
          <Plural value={detail.NumberOfSeat || seats} one="# seat" other="# seats" /> ×{' '}
          <Price amount={detail.PricePerPerson} currency={detail.Currency} />
        </span>
      </p>
    </CheckoutSummary>
  );
}
