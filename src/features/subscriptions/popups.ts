import { definePopups } from '../../app/popup-registry.ts';

/** The subscriptions popups: their props (added to the app's PopupProps) and their components, each loaded on demand. */
declare module '../../app/popups.ts' {
  interface PopupProps {
    /** Spec §2 popup "subscriptions": the member's subscriptions in the ongoing / ended tabs (spec §3). */
    subscriptions: Record<string, never>;
  }
}

export const popups = definePopups({
  subscriptions: () => import('./SubscriptionsPopup.tsx').then((m) => m.SubscriptionsPopup),
});
