import { definePopups } from '../../app/popup-registry.ts';

/** The auth popups: their props (added to the app's PopupProps) and their components, each loaded on demand. */
declare module '../../app/popups.ts' {
  interface PopupProps {
    login: Record<string, never>;
    /** Filled in where the visitor's name is known already (a named guest's ticket link). */
    signUp: { email?: string; givenName?: string; familyName?: string };
    forgotPassword: { email?: string };
  }
}

export const popups = definePopups({
  login: () => import('./LoginPopup.tsx').then((m) => m.LoginPopup),
  signUp: () => import('./SignUpPopup.tsx').then((m) => m.SignUpPopup),
  forgotPassword: () => import('./ForgotPasswordPopup.tsx').then((m) => m.ForgotPasswordPopup),
});
