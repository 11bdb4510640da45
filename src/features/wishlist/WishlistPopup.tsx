import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { Popup } from '../../ui/Popup.tsx';
import { Price } from '../../ui/Price.tsx';
import { useWishlist } from '../../ui/use-wishlist.ts';
import './wishlist.css';

/** The member's saved products, with links and remove buttons. */
export function WishlistPopup({ onClose }: { onClose: () => void }) {
  const wishlist = useWishlist();
  const pick = useBilingual();
  const { t } = useLingui();
  const items = wishlist.list.data;
  return (
    <Popup title={t`Wishlist`} onClose={onClose}>
      {wishlist.failed && (
        <p role="alert" className="wishlist-message">
          <Trans>Your wishlist could not be updated. Please try again.</Trans>
        </p>
      )}
      {!items ? (
        <p className="muted">
          <Trans>Loading…</Trans>
        </p>
      ) : items.length === 0 ? (
        <p className="muted">
          <Trans>Your wishlist is empty</Trans>
        </p>
      ) : (
        <ul className="wishlist-list" aria-label={t`Saved products`}>
          {items.map((p) => {
            const name = pick(p.Name);
            return (
              <li key={p.ProductID} className="wishlist-item">
                <img src={p.Image} alt="" width={56} height={56} loading="lazy" />
                <Link to="/product/$productID" params={{ productID: p.ProductID }} className="wishlist-item-name" onClick={onClose}>
                  {name}
                </Link>
                <Price amount={p.Price} currency={p.Currency} from />
                <button type="button" className="link-button" aria-label={t`Remove ${name} from wishlist`} onClick={() => wishlist.toggle(p, false)}>
                  <Trans>Remove</Trans>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Popup>
  );
}
