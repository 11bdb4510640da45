import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { SubscriptionPlan } from '../../../contract/index.ts';
import { isSubscribed } from '../../../machines/session/session.selectors.ts';
import { subscriptionQueries } from '../../api/subscription-queries.ts';
import { useServices } from '../../app/services.ts';
import { useStore } from '../../app/store.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { FormError } from '../../ui/Field.tsx';
import { Price } from '../../ui/Price.tsx';
import { useDurationWords } from './subscription-words.tsx';
import './subscriptions.css';

/** Spec §2 subscription: the box-set plans side by side (a column each on a desktop, stacked cards on a phone). */
export function PlansScreen() {
  const services = useServices();
  const { currency } = useStore(services.preferences);
  const plans = useQuery(subscriptionQueries.plans(services.api, currency ?? 'HKD'));
  const subscribed = useSelector(services.session, isSubscribed);
  return (
    <div className="page subscriptions-page">
      <header className="page-head">
        <h1>
          <Trans>SVIP box subscriptions</Trans>
        </h1>
        <p className="muted">
          <Trans>A box of teas, coffees, incense or spirits chosen by our tasters, delivered every cycle. Subscribers are SVIP members.</Trans>
        </p>
      </header>
      {subscribed && (
        <p className="notice success">
          <Trans>You are an SVIP subscriber.</Trans>{' '}
          <button type="button" className="link-button" onClick={() => services.popups.open('subscriptions')}>
            <Trans>See my subscriptions</Trans>
          </button>
        </p>
      )}
      {plans.isPending ? (
        <p className="muted" role="status">
          <Trans>Loading the plans…</Trans>
        </p>
      ) : plans.isError ? (
        <div>
          <FormError>
            <Trans>The plans could not be loaded.</Trans>
          </FormError>
          <button type="button" className="button small" onClick={() => void plans.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : plans.data.length === 0 ? (
        <p className="muted">
          <Trans>No plans are on offer right now. Please come back soon.</Trans>
        </p>
      ) : (
        <ul className="plan-list">
          {plans.data.map((plan) => (
            <PlanCard key={plan.SubscriptionID} plan={plan} />
          ))}
        </ul>
      )}
    </div>
  );
}

function PlanCard({ plan }: { plan: SubscriptionPlan }) {
  const pick = useBilingual();
  const { t } = useLingui();
  const words = useDurationWords();
  const id = useId();
  const perMonth = Math.round(plan.Price / Math.max(plan.Months, 1));
  return (
    <li className="plan-card" data-duration={plan.Duration} aria-labelledby={id}>
      <img src={plan.Image} alt="" width={480} height={320} loading="lazy" decoding="async" className="plan-image" />
      <div className="plan-body">
        <p className="plan-duration">{words.every(plan.Duration)}</p>
        <h2 id={id} className="plan-name">
          {pick(plan.Name)}
        </h2>
        <p className="plan-price">
          <Price amount={plan.Price} currency={plan.Currency} /> <span className="muted small">{words.perBox(plan.Duration)}</span>
        </p>
        {plan.Months > 1 && (
          <p className="muted small">
            <Trans>
              Works out at <Price amount={perMonth} currency={plan.Currency} /> a month
            </Trans>
          </p>
        )}
        <p className="plan-description">{pick(plan.Description)}</p>
        <h3 className="plan-subhead">
          <Trans>In each box</Trans>
        </h3>
        <ul className="plan-contents">
          {plan.ContentList.map((item) => (
            <li key={item.VarianceID}>
              <span>
                {pick(item.Name)}
                {pick(item.VarianceName) && <span className="muted"> · {pick(item.VarianceName)}</span>}
              </span>
              <span className="muted">×{item.Quantity}</span>
            </li>
          ))}
        </ul>
        <h3 className="plan-subhead">
          <Trans>SVIP benefits</Trans>
        </h3>
        <ul className="plan-benefits">
          <li>{words.box(plan.Duration)}</li>
          <li>
            <Trans>Member discounts in the shop</Trans>
          </li>
          <li>
            <Trans>Exclusive events and first seats at every tasting</Trans>
          </li>
          <li>{words.benefit(plan.Duration)}</li>
        </ul>
        {plan.IsAlcohol && (
          <p className="badge">
            <Trans>18 or over only</Trans>
          </p>
        )}
        <div className="plan-actions">
          {plan.InStock ? (
            <Link to="/checkout_subscription" search={{ plan: plan.SubscriptionID }} className="button primary wide" aria-label={t`Choose ${pick(plan.Name)}`}>
              <Trans>Choose this plan</Trans>
            </Link>
          ) : (
            <p className="muted">
              <Trans>Sold out for the next cycle.</Trans>
            </p>
          )}
        </div>
      </div>
    </li>
  );
}
