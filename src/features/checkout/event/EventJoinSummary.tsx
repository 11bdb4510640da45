import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import * as join from '../../../../machines/event-join/event-join.selectors.ts';
import { OrderTotals } from '../../../ui/OrderTotals.tsx';
import { Price } from '../../../ui/Price.tsx';
import type { JoinActor } from './event-checkout-parts.tsx';
import { joinTotals } from './event-join.actors.ts';

/** Seats, price per person and the totals (EventCalculate's answer). */
export function JoinSummary({ actor }: { actor: JoinActor }) {
  const { t } = useLingui();
  const totals = useSelector(actor, joinTotals);
  const seats = useSelector(actor, join.seats);
  const couponError = useSelector(actor, join.couponError);
  const id = useId();
  if (!totals) return null;
  const detail = totals.orderDetail;
  const code = couponError?.couponID ?? '';
  return (
    <section className="checkout-summary" aria-labelledby={id}>
      <h2 id={id} className="checkout-title">
        <Trans>Summary</Trans>
      </h2>
      <p className="event-summary-seats">
        <span>
          <Plural value={detail.NumberOfSeat || seats} one="# seat" other="# seats" /> ×{' '}
          <Price amount={detail.PricePerPerson} currency={detail.Currency} />
        </span>
      </p>
      {couponError && (
        <p className="field-error" role="alert">
          {couponError.message || t`Coupon ${code} could not be applied and was removed.`}
        </p>
      )}
      <OrderTotals detail={detail} live shipping={false} />
    </section>
  );
}
