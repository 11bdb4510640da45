import type { SnapshotFrom } from 'xstate';
import type { signInMachine } from './sign-in.machine.ts';
import type { CallCode, TokenSet } from './sign-in.types.ts';

export type SignInSnapshot = SnapshotFrom<typeof signInMachine>;

/** A call is running: disable the form and show the loader. */
export const isBusy = (s: SignInSnapshot): boolean => s.hasTag('busy');

/** The reason of the last failed attempt (spec §8 code, or 'NetworkError'); undefined when there is none. */
export const errorCode = (s: SignInSnapshot): CallCode | undefined => s.context.errorCode;

/** The login form is shown and can be submitted. */
export const canSubmit = (s: SignInSnapshot): boolean => s.matches('editing');

/** Show the "choose a new password" step. */
export const needsNewPassword = (s: SignInSnapshot): boolean =>
  s.matches('newPasswordRequired') || s.matches('changingPassword');

/** The server could not be reached: show the generic error and a retry button (send RETRY). */
export const hasFailed = (s: SignInSnapshot): boolean => s.matches('failed');

/** The e-mail of the last attempt, to prefill the form. */
export const email = (s: SignInSnapshot): string => s.context.email;

export const isSignedIn = (s: SignInSnapshot): boolean => s.status === 'done';

/** The tokens to hand to the session (SIGNED_IN) once signed in. */
export const tokens = (s: SignInSnapshot): TokenSet | undefined => (s.status === 'done' ? s.output.tokens : undefined);
