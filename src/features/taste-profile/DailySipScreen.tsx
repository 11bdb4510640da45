import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useDeferredValue, useId, useState, type ReactNode } from 'react';
import type { ProductCard } from '../../../contract/index.ts';
import { isLoggedIn } from '../../../machines/session/session.selectors.ts';
import { useServices } from '../../app/services.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { FormError } from '../../ui/Field.tsx';
import { useCurrency } from '../../ui/use-currency.ts';
import { tasteProfileQueries } from './queries.ts';
import './taste-profile.css';

/** daily_sip/select_product: today's drink, from the member's drinks or a search; then on to a quick card. */
export function DailySipScreen() {
  const { session, popups } = useServices();
  const member = useSelector(session, isLoggedIn);
  return (
    <section className="page daily-sip-page" aria-labelledby="daily-sip-page-title">
      <header className="page-head">
        <h1 id="daily-sip-page-title">
          <Trans>Today's sip</Trans>
        </h1>
        <p>
          <Trans>Which drink are you having today? Choose it, then note how it tastes.</Trans>
        </p>
      </header>
      {member ? (
        <DrinkChoice />
      ) : (
        // The spec leaves this page unguarded: a visitor is asked to log in here rather than sent away.
        <div className="taste-empty">
          <p>
            <Trans>Log in to choose from your drinks and keep your daily streak.</Trans>
          </p>
          <button type="button" className="button primary" onClick={() => popups.open('login')}>
            <Trans>Log in</Trans>
          </button>
        </div>
      )}
    </section>
  );
}

function DrinkChoice() {
  const { api } = useServices();
  const currency = useCurrency();
  const { t } = useLingui();
  const searchId = useId();
  const [keyword, setKeyword] = useState('');
  const deferred = useDeferredValue(keyword.trim());
  const mine = useQuery(tasteProfileQueries.userProducts(api, currency));
  const found = useQuery(tasteProfileQueries.productSearch(api, currency, deferred));
  return (
    <>
      <div className="field">
        <label htmlFor={searchId}>
          <Trans>Search all drinks</Trans>
        </label>
        <input id={searchId} type="search" value={keyword} onChange={(e) => setKeyword(e.target.value)} placeholder={t`Oolong, Ethiopia, agarwood…`} />
      </div>
      {deferred !== '' ? (
        <Choices
          heading={<Trans>Search results</Trans>}
          loading={found.isPending}
          failed={found.isError}
          onRetry={() => void found.refetch()}
          products={found.data ?? []}
          empty={<Trans>No drinks match “{deferred}”.</Trans>}
        />
      ) : (
        <Choices
          heading={<Trans>Your drinks</Trans>}
          loading={mine.isPending}
          failed={mine.isError}
          onRetry={() => void mine.refetch()}
          products={(mine.data ?? []).map((d) => d.Product)}
          empty={<Trans>No drinks yet: the ones you buy or card appear here. Search for today's drink above.</Trans>}
        />
      )}
    </>
  );
}

/** Drinks to choose from: each a link to the card-writing flow for that drink. */
function Choices(props: { heading: ReactNode; loading: boolean; failed: boolean; onRetry: () => void; products: ProductCard[]; empty: ReactNode }) {
  const pick = useBilingual();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} aria-busy={props.loading}>
      <h2 id={headingId} className="daily-sip-heading">
        {props.heading}
      </h2>
      {props.loading ? (
        <p className="muted" role="status">
          <Trans>Loading drinks…</Trans>
        </p>
      ) : props.failed ? (
        <div>
          <FormError>
            <Trans>The drinks could not be loaded.</Trans>
          </FormError>
          <button type="button" className="button small" onClick={props.onRetry}>
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : props.products.length === 0 ? (
        <p className="muted">{props.empty}</p>
      ) : (
        <ul className="daily-sip-choices">
          {props.products.map((p) => (
            <li key={p.ProductID}>
              <Link to="/new_tastecard/{-$productID}" params={{ productID: p.ProductID }} className="daily-sip-choice">
                <img src={p.Image} alt="" width={56} height={56} loading="lazy" decoding="async" />
                <span>{pick(p.Name)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
