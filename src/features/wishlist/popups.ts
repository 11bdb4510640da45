import { definePopups } from '../../app/popup-registry.ts';

/** The wishlist popups: their props (added to the app's PopupProps) and their components, each loaded on demand. */
declare module '../../app/popups.ts' {
  interface PopupProps {
    wishlist: Record<string, never>;
  }
}

export const popups = definePopups({
  wishlist: () => import('./WishlistPopup.tsx').then((m) => m.WishlistPopup),
});
