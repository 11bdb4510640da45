import { definePopups } from '../../app/popup-registry.ts';

/** The events popups: their props (added to the app's PopupProps) and their components, each loaded on demand. */
declare module '../../app/popups.ts' {
  interface PopupProps {
    /** Spec §2 "my events": the member's event records in the joined / ended / cancelled tabs (spec §3). */
    myEvents: Record<string, never>;
  }
}

export const popups = definePopups({
  myEvents: () => import('./MyEventsPopup.tsx').then((m) => m.MyEventsPopup),
});
