import { definePopups } from '../../app/popup-registry.ts';

/** The taste pages' popups: their props (added to the app's PopupProps) and their components, each loaded on demand. */
declare module '../../app/popups.ts' {
  interface PopupProps {
    /** The member's own taste cards, with archive and unarchive (issue 16). */
    myTasteCards: Record<string, never>;
    /** A whole card: recipe, steps and notes. `own`: the member's own card, read with the owner's call (any status). */
    tasteCard: { cardID: string; own?: boolean };
  }
}

export const popups = definePopups({
  myTasteCards: () => import('./MyTasteCardsPopup.tsx').then((m) => m.MyTasteCardsPopup),
  tasteCard: () => import('./TasteCardPopup.tsx').then((m) => m.TasteCardPopup),
});
