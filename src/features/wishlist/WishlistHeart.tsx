import { Trans, useLingui } from '@lingui/react/macro';
import type { ProductCard } from '../../../contract/index.ts';
import { useServices } from '../../app/services.ts';
import { useWishlist } from './use-wishlist.ts';
import './wishlist.css';

/** A heart toggling a product on the member's wishlist; a visitor is asked to log in. */
export function WishlistHeart({ product, className }: { product: ProductCard; className?: string }) {
  const { popups } = useServices();
  const wishlist = useWishlist();
  const { t } = useLingui();
  const saved = wishlist.loggedIn && wishlist.has(product.ProductID);
  return (
    <span className={`wishlist-heart ${className ?? ''}`}>
      <button
        type="button"
        className="wishlist-heart-button"
        aria-pressed={saved}
        aria-label={saved ? t`Remove from wishlist` : t`Save to wishlist`}
        onClick={() => (wishlist.loggedIn ? wishlist.toggle(product, !saved) : popups.open('login'))}
      >
        <HeartIcon filled={saved} />
      </button>
      {wishlist.failed && (
        <span role="alert" className="wishlist-heart-message">
          <Trans>Your wishlist could not be updated. Please try again.</Trans>
        </span>
      )}
    </span>
  );
}

export function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className="heart-icon">
      <path
        d="M12 21s-7.5-4.6-9.5-9.2C1.1 8.6 3.2 5 6.7 5c2.1 0 3.5 1.1 4.3 2.4h2C13.8 6.1 15.2 5 17.3 5c3.5 0 5.6 3.6 4.2 6.8C19.5 16.4 12 21 12 21z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}
