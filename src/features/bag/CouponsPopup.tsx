import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { couponList, type Coupon } from '../../../contract/index.ts';
import * as bagState from '../../../machines/bag/bag.selectors.ts';
import { useServices } from '../../app/services.ts';
import { useStore } from '../../app/store.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { formatDate } from '../../ui/format.ts';
import { Popup } from '../../ui/Popup.tsx';
import { Price } from '../../ui/Price.tsx';
import { useBagActor } from '../../app/bag.ts';
import './bag.css';

/** Spec §2 "coupons" popup: the coupons this member can use now (coupon/list); picking one applies it to the bag. */
export function CouponsPopup({ onClose }: { onClose: () => void }) {
  const { api, preferences } = useServices();
  const currency = useStore(preferences).currency ?? 'HKD';
  const bag = useBagActor();
  const canApply = useSelector(bag, (s) => (s ? bagState.canChange(s) : false));
  const applied = useSelector(bag, (s) => (s ? bagState.couponCode(s) : undefined));
  const { t } = useLingui();
  // Member data lives under 'member' keys, so signing out forgets it.
  const list = useQuery({
    queryKey: ['member', 'coupons'],
    queryFn: ({ signal }) => api.call(couponList, {}, { signal }).then((r) => r.CouponList),
    meta: { handlesErrors: true },
  });
  const apply = (coupon: Coupon) => {
    bag?.send({ type: 'APPLY_COUPON', code: coupon.CouponID });
    onClose();
  };
  return (
    <Popup title={t`My coupons`} onClose={onClose}>
      {list.isError ? (
        <p className="form-error" role="alert">
          <Trans>Your coupons could not be loaded. Please try again.</Trans>
        </p>
      ) : !list.data ? (
        <p className="muted" role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : list.data.length === 0 ? (
        <p className="muted">
          <Trans>You have no coupons to use right now.</Trans>
        </p>
      ) : (
        <ul className="coupon-list" aria-label={t`Coupons you can use`}>
          {list.data.map((coupon) => (
            <CouponItem
              key={coupon.CouponID}
              coupon={coupon}
              currency={currency}
              applied={applied === coupon.CouponID}
              canApply={canApply}
              onApply={() => apply(coupon)}
            />
          ))}
        </ul>
      )}
    </Popup>
  );
}

function CouponItem(props: { coupon: Coupon; currency: 'HKD' | 'USD'; applied: boolean; canApply: boolean; onApply: () => void }) {
  const { coupon, currency, applied, canApply, onApply } = props;
  const pick = useBilingual();
  const { t } = useLingui();
  const code = coupon.CouponID;
  const until = formatDate(coupon.ValidUntil);
  const uses = coupon.RemainingUses;
  const minSpend = coupon.MinSpend[currency];
  return (
    <li className="coupon-item">
      <h3 className="coupon-name">{pick(coupon.Name)}</h3>
      <p className="coupon-description">{pick(coupon.Description)}</p>
      <p className="coupon-terms muted small">
        <span className="coupon-code">{code}</span>
        {minSpend > 0 && (
          <span>
            <Trans>
              Minimum spend <Price amount={minSpend} currency={currency} />
            </Trans>
          </span>
        )}
        <span>
          <Trans>Valid until {until}</Trans>
        </span>
        {uses !== undefined && (
          <span>{plural(uses, { one: '# use left', other: '# uses left' })}</span>
        )}
      </p>
      {applied ? (
        <p className="coupon-applied" role="status">
          <Trans>Applied to your bag</Trans>
        </p>
      ) : (
        <button type="button" className="button small" disabled={!canApply} onClick={onApply} aria-label={t`Apply coupon ${code}`}>
          <Trans>Apply</Trans>
        </button>
      )}
    </li>
  );
}
