import type { SnapshotFrom } from 'xstate';
import type { thirdPartySignInMachine } from './third-party-sign-in.machine.ts';
import type { CallCode, TokenSet } from './third-party-sign-in.types.ts';

export type ThirdPartySignInSnapshot = SnapshotFrom<typeof thirdPartySignInMachine>;

/** A call is running. */
export const isBusy = (s: ThirdPartySignInSnapshot): boolean => s.hasTag('busy');

/** The reason of the last failed step (spec §8 code, or 'NetworkError'); undefined when there is none. */
export const errorCode = (s: ThirdPartySignInSnapshot): CallCode | undefined => s.context.errorCode;

/** Show the password prompt to link the accounts. */
export const needsPassword = (s: ThirdPartySignInSnapshot): boolean => s.matches('linkRequired') || s.matches('linking');

/** The e-mail of the account being linked. */
export const linkEmail = (s: ThirdPartySignInSnapshot): string | undefined => s.context.email;

/** The server could not be reached: show the generic error and a retry button (send RETRY). */
export const hasFailed = (s: ThirdPartySignInSnapshot): boolean => s.matches('failed');

/** The provider code was refused: show the reason and a way back to the login. */
export const isRejected = (s: ThirdPartySignInSnapshot): boolean => s.matches('rejected');

export const isSignedIn = (s: ThirdPartySignInSnapshot): boolean => s.matches('signedIn');

/** The tokens to hand to the session (SIGNED_IN) once signed in. */
export const tokens = (s: ThirdPartySignInSnapshot): TokenSet | undefined => (s.matches('signedIn') ? s.context.tokens : undefined);
