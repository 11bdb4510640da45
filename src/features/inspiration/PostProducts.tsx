import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import type { InspirationProduct, ProductDetail } from '../../../contract/index.ts';
import * as bagState from '../../../machines/bag/bag.selectors.ts';
import { useBagActor } from '../../app/bag.ts';
import { useServices } from '../../app/services.ts';
import { askToSignIn } from '../../app/sign-in-intent.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { ProductCard } from '../../ui/ProductCard.tsx';
import { useCurrency } from '../../ui/use-currency.ts';
import { inspirationQueries } from './queries.ts';

/** The products in a post, each with its price and Add to bag (its first size on sale). */
export function PostProducts({ products }: { products: InspirationProduct[] }) {
  const { api } = useServices();
  const currency = useCurrency();
  const id = useId();
  const ids = products.map((p) => p.ProductID);
  const details = useQuery(inspirationQueries.products(api, ids, currency));
  if (products.length === 0) return null;
  return (
    <section className="post-products" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>
        <Trans>In this post</Trans>
      </h2>
      {details.isPending && (
        <p className="muted" role="status">
          <Trans>Loading the products…</Trans>
        </p>
      )}
      {details.isError && (
        <p role="alert">
          <Trans>The products could not be loaded.</Trans>
        </p>
      )}
      {details.data && (
        <ul className="product-grid post-product-grid">
          {details.data.map((p) => (
            <ProductCard key={p.ProductID} product={p} action={<AddFirstSize product={p} />} />
          ))}
        </ul>
      )}
    </section>
  );
}

function AddFirstSize({ product }: { product: ProductDetail }) {
  const services = useServices();
  const bag = useBagActor();
  const pick = useBilingual();
  const { t } = useLingui();
  const [sent, setSent] = useState(false);
  const variance = product.Variances.find((v) => v.StockStatus !== 'OutOfStock' && !v.StopSell);
  const pending = useSelector(bag, (s) => (s ? bagState.pendingVariance(s) : undefined));
  const inBag = useSelector(bag, (s) => (s && variance ? (bagState.line(s, variance.VarianceID)?.SelectedQuantity ?? 0) : 0));
  const failed = useSelector(bag, (s) => (s ? bagState.hasFailed(s) : false));
  const name = pick(product.Name);
  if (!variance) {
    return (
      <p className="muted small">
        <Trans>Out of stock</Trans>
      </p>
    );
  }
  const add = () => {
    if (!bag) {
      askToSignIn(services, { kind: 'addToBag', ProductID: product.ProductID, Name: product.Name, VarianceID: variance.VarianceID, quantity: 1 });
      return;
    }
    setSent(true);
    bag.send({ type: 'ADD', varianceID: variance.VarianceID, quantity: 1 });
  };
  const busy = pending === variance.VarianceID;
  return (
    <span className="post-product-add">
      <button type="button" className="button small add-to-bag-button" onClick={add} aria-busy={busy} aria-label={t`Add ${name} to bag`}>
        {busy ? <Trans>Adding…</Trans> : <Trans>Add to bag</Trans>}
      </button>
      <span className="muted small" role="status">
        {sent && !busy && (failed ? <Trans>Not added, try again</Trans> : inBag > 0 ? <Trans>In your bag ({inBag})</Trans> : null)}
      </span>
    </span>
  );
}
