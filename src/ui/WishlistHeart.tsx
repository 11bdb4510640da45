import { useSelector } from '@xstate/react';
import { Suspense, useState } from 'react';
import type { ProductCard } from '../../contract/index.ts';
import * as sessionState from '../../machines/session/session.selectors.ts';
import { lazy } from '../app/lazy-screen.ts';
import { useServices, type AppServices } from '../app/services.ts';
import { HeartButton } from './HeartButton.tsx';

// The wishlist and its toggle are the member's: a chunk of their own, which a visitor's first load
// leaves out (DESIGN §10).
const MemberWishlistHeart = lazy(() => import('./MemberWishlistHeart.tsx').then((m) => ({ default: m.MemberWishlistHeart })));

/** A visitor's tap asks them to sign in; the intent's code loads then, out of the pages' first loads (issue 30). */
const askVisitorToSignIn = (services: AppServices, product: ProductCard) =>
  import('../app/sign-in-intent.ts').then((m) => m.askToSignIn(services, { kind: 'saveToWishlist', product }));

/**
 * A heart toggling a product on the member's wishlist. A visitor is asked to log in, and the product
 * is saved once they have (src/app/sign-in-intent.ts).
 */
export function WishlistHeart({ product, className }: { product: ProductCard; className?: string }) {
  const services = useServices();
  const loggedIn = useSelector(services.session, sessionState.isLoggedIn);
  // A member's click while their part is loading: the heart fills at once, the save follows on load.
  const [savePending, setSavePending] = useState(false);
  if (!loggedIn) {
    return <HeartButton className={className} saved={false} onClick={() => void askVisitorToSignIn(services, product)} />;
  }
  return (
    <Suspense fallback={<HeartButton className={className} saved={savePending} onClick={() => setSavePending((pending) => !pending)} />}>
      <MemberWishlistHeart
        product={product}
        className={className}
        savePending={savePending}
        onSavePendingTaken={() => setSavePending(false)}
      />
    </Suspense>
  );
}
