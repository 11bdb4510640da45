import { Trans } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { ProductCard } from '../../contract/index.ts';
import { useIntentResult } from '../app/sign-in-intent.ts';
import { HeartButton } from './HeartButton.tsx';
import { useWishlist } from './use-wishlist.ts';

/**
 * A signed-in member's heart: filled when the product is on their wishlist; a click saves or removes
 * it. `savePending`: the member clicked the heart while this part was loading (WishlistHeart).
 */
export function MemberWishlistHeart({
  product,
  className,
  savePending,
  onSavePendingTaken,
}: {
  product: ProductCard;
  className?: string;
  savePending: boolean;
  onSavePendingTaken: () => void;
}) {
  const wishlist = useWishlist();
  const taken = useRef(false);
  useEffect(() => {
    if (!savePending || taken.current) return;
    taken.current = true;
    onSavePendingTaken();
    wishlist.toggle(product, true);
  }, [savePending, onSavePendingTaken, wishlist, product]);
  // Saved for the member as they signed in (they clicked the heart as a visitor).
  const intent = useIntentResult();
  const afterSignIn = intent.result?.kind === 'saveToWishlist' && intent.result.ProductID === product.ProductID ? intent.result.status : undefined;
  const saved = wishlist.has(product.ProductID) || savePending || afterSignIn === 'saving';
  const toggle = () => {
    if (afterSignIn) intent.done();
    wishlist.toggle(product, !saved);
  };
  return (
    <HeartButton className={className} saved={saved} onClick={toggle}>
      {(wishlist.failed || afterSignIn === 'failed') && (
        <span role="alert" className="wishlist-heart-message">
          <Trans>Your wishlist could not be updated. Please try again.</Trans>
        </span>
      )}
    </HeartButton>
  );
}
