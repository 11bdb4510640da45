import { definePopups } from '../../app/popup-registry.ts';

/** The wallet popups: their props (added to the app's PopupProps) and their components, each loaded on demand. */
declare module '../../app/popups.ts' {
  interface PopupProps {
    /** The member's saved cards: list, add, delete. */
    wallet: Record<string, never>;
  }
}

export const popups = definePopups({
  wallet: () => import('./WalletPopup.tsx').then((m) => m.WalletPopup),
});
