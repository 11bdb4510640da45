import { definePopups } from '../../app/popup-registry.ts';

/** The bag popups: their props (added to the app's PopupProps) and their components, each loaded on demand. */
declare module '../../app/popups.ts' {
  interface PopupProps {
    coupons: Record<string, never>;
  }
}

export const popups = definePopups({
  coupons: () => import('./CouponsPopup.tsx').then((m) => m.CouponsPopup),
});
