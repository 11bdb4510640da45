import { Suspense, type ComponentType } from 'react';
import { ErrorPopup } from '../ui/ErrorPopup.tsx';
// React's lazy that also awaits the messages beyond the first load.
import { lazy } from './lazy-screen.ts';
import type { OpenPopup, PopupName, PopupProps } from './popups.ts';
import { useServices } from './services.ts';
import { useStore } from './store.ts';

type PopupComponent<N extends PopupName> = ComponentType<PopupProps[N] & { onClose: () => void }>;

/** Popups load on demand, except the error popup, which must show even when chunks fail. */
const REGISTRY: { [N in PopupName]: PopupComponent<N> } = {
  language: lazy(() => import('../features/preferences/LanguagePopup.tsx').then((m) => ({ default: m.LanguagePopup }))),
  currency: lazy(() => import('../features/preferences/CurrencyPopup.tsx').then((m) => ({ default: m.CurrencyPopup }))),
  error: ErrorPopup,
  login: lazy(() => import('../features/auth/LoginPopup.tsx').then((m) => ({ default: m.LoginPopup }))),
  signUp: lazy(() => import('../features/auth/SignUpPopup.tsx').then((m) => ({ default: m.SignUpPopup }))),
  account: lazy(() => import('../features/account/AccountPopup.tsx').then((m) => ({ default: m.AccountPopup }))),
  notifications: lazy(() =>
    import('../features/notifications/NotificationsPopup.tsx').then((m) => ({ default: m.NotificationsPopup })),
  ),
  wishlist: lazy(() => import('../features/wishlist/WishlistPopup.tsx').then((m) => ({ default: m.WishlistPopup }))),
  coupons: lazy(() => import('../features/bag/CouponsPopup.tsx').then((m) => ({ default: m.CouponsPopup }))),
  forgotPassword: lazy(() => import('../features/auth/ForgotPasswordPopup.tsx').then((m) => ({ default: m.ForgotPasswordPopup }))),
  search: lazy(() => import('../features/search/SearchPopup.tsx').then((m) => ({ default: m.SearchPopup }))),
  filterSort: lazy(() => import('../features/search/FilterSortPopup.tsx').then((m) => ({ default: m.FilterSortPopup }))),
  orders: lazy(() => import('../features/orders/OrdersPopup.tsx').then((m) => ({ default: m.OrdersPopup }))),
  wallet: lazy(() => import('../features/wallet/WalletPopup.tsx').then((m) => ({ default: m.WalletPopup }))),
  deliveryAddresses: lazy(() => import('../features/account/AddressPopups.tsx').then((m) => ({ default: m.DeliveryAddressesPopup }))),
  billingAddress: lazy(() => import('../features/account/AddressPopups.tsx').then((m) => ({ default: m.BillingAddressPopup }))),
  fpsPayment: lazy(() => import('../features/checkout/FpsQrPopup.tsx').then((m) => ({ default: m.FpsQrPopup }))),
};

export function PopupHost() {
  const { popups } = useServices();
  const stack = useStore(popups);
  return (
    <Suspense fallback={null}>
      {stack.map((entry) => (
        <PopupEntry key={entry.key} entry={entry} onClose={() => popups.close(entry.key)} />
      ))}
    </Suspense>
  );
}

function PopupEntry<N extends PopupName>({ entry, onClose }: { entry: OpenPopup<N>; onClose: () => void }) {
  const Component = REGISTRY[entry.name] as ComponentType<Record<string, unknown> & { onClose: () => void }>;
  return <Component {...(entry.props as Record<string, unknown>)} onClose={onClose} />;
}
