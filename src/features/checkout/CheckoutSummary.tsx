import { Trans, useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import type { OrderDetail } from '../../../contract/index.ts';
import type { CouponError } from '../../../machines/shared/coupon.ts';
import { OrderTotals } from '../../ui/OrderTotals.tsx';

// Apart from checkout-parts.tsx, which every checkout loads with its screen: the event checkout draws its summary
// from a chunk of its own (EventJoinSummary.tsx), once the total is in.

/**
 * Every checkout's summary: the heading, the kind's own lines (children), the coupon the server dropped and,
 * once worked out, the totals with the kind's note under them. An event booking has no shipping line.
 */
export function CheckoutSummary(props: {
  couponError: CouponError | undefined;
  detail: OrderDetail | undefined;
  shipping?: boolean;
  note?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const id = useId();
  const code = props.couponError?.couponID ?? '';
  return (
    <section className="checkout-summary" aria-labelledby={id}>
      <h2 id={id} className="checkout-title">
        <Trans>Summary</Trans>
      </h2>
      {props.children}
      {props.couponError && (
        <p className="field-error" role="alert">
          {props.couponError.message || t`Coupon ${code} could not be applied and was removed.`}
        </p>
      )}
      {props.detail && (
        <>
          <OrderTotals detail={props.detail} live shipping={props.shipping} />
          {props.note && <p className="muted small">{props.note}</p>}
        </>
      )}
    </section>
  );
}
