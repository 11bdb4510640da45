import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { ProductCard as Card } from '../../contract/index.ts';
import { useBilingual } from './Bilingual.tsx';
import { LazyImage } from './LazyImage.tsx';
import { Price } from './Price.tsx';
import { WishlistHeart } from './WishlistHeart.tsx';

/**
 * `action`: a control under the card (e.g. Add to bag), passed in so the card itself stays light on the home page.
 * `load`: how its picture loads: lazily (the default) unless the card is in a page's first row, and at high
 * priority when it may be the page's largest picture.
 */
export function ProductCard({ product, action, load = 'lazy' }: { product: Card; action?: ReactNode; load?: 'lazy' | 'eager' | 'high' }) {
  const pick = useBilingual();
  return (
    <li className="product-card">
      <Link to="/product/$productID" params={{ productID: product.ProductID }} className="product-card-link">
        {load === 'lazy' ? (
          <LazyImage src={product.Image} width={400} height={400} className="product-card-image" />
        ) : (
          <img
            src={product.Image}
            alt=""
            loading="eager"
            {...(load === 'high' ? { fetchPriority: 'high' as const } : { decoding: 'async' as const })}
            width={400}
            height={400}
            className="product-card-image"
          />
        )}
        <span className="product-card-name">{pick(product.Name)}</span>
        <span className="product-card-meta">
          <Price amount={product.Price} currency={product.Currency} from />
          {product.StockStatus === 'OutOfStock' && (
            <span className="badge muted">
              <Trans>Out of stock</Trans>
            </span>
          )}
          {product.IsAlcohol && <span className="badge">18+</span>}
        </span>
      </Link>
      <WishlistHeart product={product} className="product-card-heart" />
      {action}
    </li>
  );
}

/** Cards in a first row at any width (2 columns on phones, 4 on desktops). */
export const FIRST_ROW = 4;

/**
 * `firstRow`: the grid is what a page shows first: the cards of its first row load eagerly (not
 * waiting for layout to find them in view), and with 'lcp' the first card's picture, which may be the
 * page's largest, at high priority. Every other card's picture loads lazily.
 */
export function ProductGrid({
  products,
  label,
  cardAction,
  firstRow,
}: {
  products: readonly Card[];
  label?: string;
  cardAction?: (product: Card) => ReactNode;
  firstRow?: 'eager' | 'lcp';
}) {
  const load = (index: number) => (!firstRow || index >= FIRST_ROW ? 'lazy' : index === 0 && firstRow === 'lcp' ? 'high' : 'eager');
  return (
    <ul className="product-grid" aria-label={label}>
      {products.map((p, i) => (
        <ProductCard key={p.ProductID} product={p} action={cardAction?.(p)} load={load(i)} />
      ))}
    </ul>
  );
}
