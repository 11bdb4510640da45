import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { ProductCard as Card } from '../../contract/index.ts';
import { useBilingual } from './Bilingual.tsx';
import { Price } from './Price.tsx';
import { WishlistHeart } from './WishlistHeart.tsx';

/** `action`: a control under the card (e.g. Add to bag), passed in so the card itself stays light on the home page. */
export function ProductCard({ product, action }: { product: Card; action?: ReactNode }) {
  const pick = useBilingual();
  return (
    <li className="product-card">
      <Link to="/product/$productID" params={{ productID: product.ProductID }} className="product-card-link">
        <img src={product.Image} alt="" loading="lazy" width={400} height={400} className="product-card-image" />
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

export function ProductGrid({
  products,
  label,
  cardAction,
}: {
  products: readonly Card[];
  label?: string;
  cardAction?: (product: Card) => ReactNode;
}) {
  return (
    <ul className="product-grid" aria-label={label}>
      {products.map((p) => (
        <ProductCard key={p.ProductID} product={p} action={cardAction?.(p)} />
      ))}
    </ul>
  );
}
