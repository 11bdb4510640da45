import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import type { Variance } from '../../../contract/index.ts';
import { isLoggedIn } from '../../../machines/session/session.selectors.ts';
import { shopQueries } from './queries.ts';
import { queries } from '../../api/queries.ts';
import { useServices } from '../../app/services.ts';
import { Slot } from '../../app/Slot.tsx';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { Price } from '../../ui/Price.tsx';
import { WishlistHeart } from '../../ui/WishlistHeart.tsx';
import { AddToBag } from './AddToBag.tsx';
import { ProductGrid } from '../../ui/ProductCard.tsx';
import { useCurrency } from '../../ui/use-currency.ts';
import './shop.css';

const route = getRouteApi('/product/$productID');

/** Spec §3: in stock, last {count} left, out of stock. */
export function StockLabel({ variance }: { variance: Variance }) {
  if (variance.StopSell) {
    return (
      <span className="stock stock-out">
        <Trans>No longer available</Trans>
      </span>
    );
  }
  switch (variance.StockStatus) {
    case 'InStock':
      return (
        <span className="stock stock-in">
          <Trans>In stock</Trans>
        </span>
      );
    case 'LowStock': {
      const count = variance.StockLeft ?? 0;
      return (
        <span className="stock stock-low">
          <Trans>Last {count} left</Trans>
        </span>
      );
    }
    case 'OutOfStock':
      return (
        <span className="stock stock-out">
          <Trans>Out of stock</Trans>
        </span>
      );
  }
}

/** How near the reader comes to the taste section before it loads (a third of a phone's screen). */
const TASTE_NEAR_MARGIN = '250px 0px';

export function ProductScreen() {
  const { api, session } = useServices();
  const member = useSelector(session, isLoggedIn);
  const { productID } = route.useParams();
  const currency = useCurrency();
  const pick = useBilingual();
  const { t } = useLingui();
  const product = useQuery(queries.product(api, productID, currency));
  const related = useQuery(shopQueries.relatedProducts(api, productID, currency));
  const [chosenId, setChosenId] = useState<string>();
  const sizes = useId();
  const [imageIndex, setImageIndex] = useState(0);
  const p = product.data;
  if (!p) return null;

  const firstAvailable = p.Variances.find((v) => v.StockStatus !== 'OutOfStock' && !v.StopSell) ?? p.Variances[0];
  const variance = p.Variances.find((v) => v.VarianceID === chosenId) ?? firstAvailable;
  const image = p.Images[imageIndex] ?? p.Image;

  return (
    <div className="page product-page">
      <nav aria-label={t`Breadcrumb`} className="breadcrumb">
        <Link to="/home">
          <Trans>Home</Trans>
        </Link>
        <span aria-hidden="true"> / </span>
        <Link to="/new_in/{-$productTypeID}" params={{ productTypeID: p.ProductTypeID }}>
          {pick(p.ProductTypeName)}
        </Link>
      </nav>

      <div className="product-layout">
        <section className="gallery" aria-label={t`Pictures`}>
          <img src={image} alt={pick(p.ImageAlt?.[imageIndex] ?? p.Name)} className="gallery-main" width={800} height={800} loading="eager" fetchPriority="high" />
          {p.Images.length > 1 && (
            <ul className="gallery-thumbs">
              {p.Images.map((src, i) => (
                <li key={src}>
                  <button type="button" onClick={() => setImageIndex(i)} aria-pressed={i === imageIndex} aria-label={t`Picture ${i + 1}`}>
                    <img src={src} alt="" width={80} height={80} loading="lazy" decoding="async" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className="product-info">
          <h1>{pick(p.Name)}</h1>
          <div className="product-price-row">
            {variance && (
              <p className="product-price">
                <Price amount={variance.Price} currency={variance.Currency} />
              </p>
            )}
            <WishlistHeart product={p} />
          </div>
          {variance && <StockLabel variance={variance} />}

          {p.Variances.length > 0 && (
            <fieldset className="variance-picker">
              <legend id={`${sizes}-legend`}>
                <Trans>Choose a size</Trans>
              </legend>
              {/* Native radios (one group by name, arrow keys move and choose): Radix RadioGroup would cost the page's first load 7 kB gzip. */}
              <div role="radiogroup" aria-labelledby={`${sizes}-legend`} className="variance-options">
                {p.Variances.map((v) => {
                  const unavailable = v.StockStatus === 'OutOfStock' || v.StopSell;
                  const checked = v.VarianceID === variance?.VarianceID;
                  return (
                    <label key={v.VarianceID} className="variance-option" data-unavailable={unavailable}>
                      <input
                        type="radio"
                        name={sizes}
                        value={v.VarianceID}
                        checked={checked}
                        onChange={() => setChosenId(v.VarianceID)}
                        className="choice-radio native-radio"
                        data-state={checked ? 'checked' : 'unchecked'}
                      />
                      <span className="variance-label">
                        <span className="variance-name">{pick(v.Name)}</span>
                        {/* Said up front, not only once chosen. */}
                        {unavailable && (
                          <span className="variance-unavailable">
                            {v.StopSell ? <Trans>No longer available</Trans> : <Trans>Out of stock</Trans>}
                          </span>
                        )}
                      </span>
                      <Price amount={v.Price} currency={v.Currency} />
                    </label>
                  );
                })}
              </div>
            </fieldset>
          )}

          <AddToBag product={p} variance={variance} />
          {/* A member's taste card flow (its screens and its first step) is fetched once the link shows, not after
              the tap (issue 30: the five senses took 1.3 s); a visitor's tap asks them to sign in first. */}
          <Link
            to="/new_tastecard/{-$productID}"
            params={{ productID: p.ProductID }}
            preload={member ? 'viewport' : 'intent'}
            className="button write-taste-card"
          >
            <Trans>Write a taste card</Trans>
          </Link>

          {p.IsAlcohol && (
            <p className="notice">
              <Trans>Alcohol is sold only to persons aged 18 or over. You will be asked to confirm your age at checkout.</Trans>
            </p>
          )}

          <div className="product-description">
            {pick(p.Description)
              .split(/\n+/)
              .map((para, i) => (
                <p key={i}>{para}</p>
              ))}
          </div>

          {p.Attributes.length > 0 && (
            <ul className="chip-row" aria-label={t`Characteristics`}>
              {p.Attributes.map((a) => (
                <li key={a.AttributeID} className="chip static">
                  {pick(a.Name)}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      {/* Members' tasting notes, radar and similar products (the taste feature's), loaded as the reader scrolls near:
          within a screen (600 px) it was most of a phone's first load, its chunk, three answers and some 270 elements
          just below the product's details, about a fifth of the main thread's work (issue 30). */}
      <Slot name="productTaste" productID={productID} whenNear nearMargin={TASTE_NEAR_MARGIN} />

      {related.data && related.data.length > 0 && (
        <section aria-labelledby="related-title" className="section">
          <h2 id="related-title">
            <Trans>You may also like</Trans>
          </h2>
          <ProductGrid products={related.data} cardAction={(card) => <AddToBag product={card} />} />
        </section>
      )}
    </div>
  );
}

export function ProductNotFound() {
  return (
    <section className="page state-page">
      <h1>
        <Trans>Product not found</Trans>
      </h1>
      <p>
        <Trans>This product does not exist or is no longer listed.</Trans>
      </p>
      <Link to="/new_in/{-$productTypeID}" params={{ productTypeID: undefined }} className="button primary">
        <Trans>Browse new arrivals</Trans>
      </Link>
    </section>
  );
}
