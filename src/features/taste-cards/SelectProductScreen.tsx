import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useDeferredValue, useId, useState } from 'react';
import type { ProductCard } from '../../../contract/index.ts';
import * as select from '../../../machines/taste-card/taste-card.selectors.ts';
import { useServices } from '../../app/services.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { RetryAlert } from '../../ui/RetryAlert.tsx';
import { useCurrency } from '../../ui/use-currency.ts';
import { useTasteCardFlow } from './flow-context.ts';
import { tasteCardQueries } from './queries.ts';
import { saveFailureMessage } from './taste-card-words.ts';
import { FlowStarting } from './FlowStarting.tsx';

/** taste_card/select_product: the drink the card is for, from the member's drinks or a search. */
export function SelectProductScreen() {
  const actor = useTasteCardFlow();
  const page = useSelector(actor, select.page);
  const errorCode = useSelector(actor, select.errorCode);
  const chosen = useSelector(actor, select.product);
  const offered = useSelector(actor, select.draftOffered);
  const pick = useBilingual();
  const offeredName = offered ? pick(offered.Name) : '';
  const { t, i18n } = useLingui();
  const { api } = useServices();
  const currency = useCurrency();
  const searchId = useId();
  const [keyword, setKeyword] = useState('');
  const deferred = useDeferredValue(keyword.trim());
  const mine = useQuery(tasteCardQueries.userProducts(api, currency));
  const found = useQuery(tasteCardQueries.productSearch(api, currency, deferred));

  if (page === 'starting') return <FlowStarting />;
  const choose = (p: ProductCard) =>
    actor.send({ type: 'SELECT_PRODUCT', product: { ProductID: p.ProductID, Name: p.Name, Image: p.Image, ProductTypeID: p.ProductTypeID } });

  return (
    <section className="taste-select" aria-labelledby={`${searchId}-title`}>
      <header className="page-head">
        <h1 id={`${searchId}-title`}>
          <Trans>Write a taste card</Trans>
        </h1>
        <p>
          <Trans>Which drink is it for?</Trans>
        </p>
      </header>
      {errorCode && (
        <p className="form-error" role="alert">
          {i18n._(saveFailureMessage(errorCode))}
        </p>
      )}
      {offered && (
        <div className="notice taste-draft-offer" role="status">
          <p>
            <Trans>You have a taste card in progress for {offeredName}. Choosing another drink starts a new card instead.</Trans>
          </p>
          <button type="button" className="button small primary" onClick={() => actor.send({ type: 'SELECT_PRODUCT', product: offered })}>
            <Trans>Continue that card</Trans>
          </button>
        </div>
      )}
      <div className="field">
        <label htmlFor={searchId}>
          <Trans>Search all drinks</Trans>
        </label>
        <input id={searchId} type="search" value={keyword} onChange={(e) => setKeyword(e.target.value)} placeholder={t`Oolong, Ethiopia, agarwood…`} />
      </div>
      {deferred !== '' ? (
        <ProductChoices
          heading={<Trans>Search results</Trans>}
          loading={found.isPending}
          failed={found.isError}
          onRetry={() => void found.refetch()}
          products={found.data?.ProductList ?? []}
          empty={<Trans>No drinks match “{deferred}”.</Trans>}
          chosenID={chosen?.ProductID}
          onChoose={choose}
        />
      ) : (
        <ProductChoices
          heading={<Trans>Your drinks</Trans>}
          loading={mine.isPending}
          failed={mine.isError}
          onRetry={() => void mine.refetch()}
          products={(mine.data?.ProductList ?? []).map((d) => d.Product)}
          empty={<Trans>No drinks yet: the ones you buy or card appear here. Search for the drink above.</Trans>}
          chosenID={chosen?.ProductID}
          onChoose={choose}
        />
      )}
    </section>
  );
}

function ProductChoices(props: {
  heading: React.ReactNode;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  products: ProductCard[];
  empty: React.ReactNode;
  chosenID: string | undefined;
  onChoose: (p: ProductCard) => void;
}) {
  const pick = useBilingual();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} aria-busy={props.loading}>
      <h2 id={headingId} className="taste-section-title">
        {props.heading}
      </h2>
      {props.loading ? (
        <p role="status">
          <Trans>Loading drinks…</Trans>
        </p>
      ) : props.failed ? (
        <RetryAlert onRetry={props.onRetry}>
          <Trans>The drinks could not be loaded.</Trans>
        </RetryAlert>
      ) : props.products.length === 0 ? (
        <p className="taste-empty">{props.empty}</p>
      ) : (
        <ul className="taste-product-list">
          {props.products.map((p) => (
            <li key={p.ProductID}>
              <button type="button" className="taste-product" aria-pressed={p.ProductID === props.chosenID} onClick={() => props.onChoose(p)}>
                <img src={p.Image} alt="" width={56} height={56} loading="lazy" />
                <span>{pick(p.Name)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
