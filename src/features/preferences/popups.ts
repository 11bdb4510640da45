import { definePopups } from '../../app/popup-registry.ts';

/** The preferences popups: their props (added to the app's PopupProps) and their components, each loaded on demand. */
declare module '../../app/popups.ts' {
  interface PopupProps {
    language: Record<string, never>;
    currency: Record<string, never>;
  }
}

export const popups = definePopups({
  language: () => import('./LanguagePopup.tsx').then((m) => m.LanguagePopup),
  currency: () => import('./CurrencyPopup.tsx').then((m) => m.CurrencyPopup),
});
