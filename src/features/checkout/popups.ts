import type { OrderKind } from '../../app/order-kinds.ts';
import { definePopups } from '../../app/popup-registry.ts';

/** The checkout popups: their props (added to the app's PopupProps) and their components, each loaded on demand. */
declare module '../../app/popups.ts' {
  interface PopupProps {
    /** The FPS QR of an unpaid order, with its countdown; paid shows the order confirmation. */
    fpsPayment: { orderID: string; kind?: OrderKind | undefined };
  }
}

export const popups = definePopups({
  fpsPayment: () => import('./FpsQrPopup.tsx').then((m) => m.FpsQrPopup),
});
