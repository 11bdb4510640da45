import { definePopups } from '../../app/popup-registry.ts';

/** The notifications popups: their props (added to the app's PopupProps) and their components, each loaded on demand. */
declare module '../../app/popups.ts' {
  interface PopupProps {
    notifications: Record<string, never>;
  }
}

export const popups = definePopups({
  notifications: () => import('./NotificationsPopup.tsx').then((m) => m.NotificationsPopup),
});
