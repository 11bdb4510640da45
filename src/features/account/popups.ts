import { definePopups } from '../../app/popup-registry.ts';

/** The account popups: their props (added to the app's PopupProps) and their components, each loaded on demand. */
declare module '../../app/popups.ts' {
  interface PopupProps {
    /** `section`: the tab to open on (the invitation page opens Membership). */
    account: { section?: 'membership' };
    /** Delivery addresses: pick the main one, add, edit (checkout reads the main one). */
    deliveryAddresses: Record<string, never>;
    billingAddress: Record<string, never>;
  }
}

export const popups = definePopups({
  account: () => import('./AccountPopup.tsx').then((m) => m.AccountPopup),
  deliveryAddresses: () => import('./AddressPopups.tsx').then((m) => m.DeliveryAddressesPopup),
  billingAddress: () => import('./AddressPopups.tsx').then((m) => m.BillingAddressPopup),
});
