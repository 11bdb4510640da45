import { definePopups } from '../../app/popup-registry.ts';

declare module '../../app/popups.ts' {
  interface PopupProps {
    /** Spec §3 "inspiration collection (saved)": the member's saved (and liked) posts. */
    savedInspiration: Record<string, never>;
  }
}

export const popups = definePopups({
  savedInspiration: () => import('./SavedPopup.tsx').then((m) => m.SavedPopup),
});
