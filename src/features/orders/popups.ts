import { definePopups } from '../../app/popup-registry.ts';

/** The orders popups: their props (added to the app's PopupProps) and their components, each loaded on demand. */
declare module '../../app/popups.ts' {
  interface PopupProps {
    /** The member's product orders in four tabs (spec §3). */
    orders: Record<string, never>;
  }
}

export const popups = definePopups({
  orders: () => import('./OrdersPopup.tsx').then((m) => m.OrdersPopup),
});
