import type { SnapshotFrom } from 'xstate';
import type { signUpMachine } from './sign-up.machine.ts';
import type { CallCode, TokenSet } from './sign-up.types.ts';

export type SignUpSnapshot = SnapshotFrom<typeof signUpMachine>;

/** A call is running (creating the account, checking the code or sending a new one). */
export const isBusy = (s: SignUpSnapshot): boolean => s.hasTag('busy');

/** The reason of the last failed step (spec §8 code, or 'NetworkError'); undefined when there is none. */
export const errorCode = (s: SignUpSnapshot): CallCode | undefined => s.context.errorCode;

/** Show the sign-up form. */
export const isEditing = (s: SignUpSnapshot): boolean => s.matches('editing') || s.matches('submitting');

/** Show the verification-code step. */
export const isVerifying = (s: SignUpSnapshot): boolean => s.matches('verifying');

/** The code is being checked. */
export const isConfirming = (s: SignUpSnapshot): boolean => s.matches({ verifying: { code: 'confirming' } });

/** The code can be submitted now. */
export const canSubmitCode = (s: SignUpSnapshot): boolean => s.matches({ verifying: { code: 'waiting' } });

/** "Send a new code" is enabled (false during the cooldown and while sending). */
export const canResend = (s: SignUpSnapshot): boolean => s.can({ type: 'RESEND' });

export const isResending = (s: SignUpSnapshot): boolean => s.matches({ verifying: { resend: 'resending' } });

/** The e-mail the code was sent to. */
export const email = (s: SignUpSnapshot): string => s.context.email;

export const isVerified = (s: SignUpSnapshot): boolean => s.status === 'done';

/** The tokens to hand to the session (SIGNED_IN) once verified. */
export const tokens = (s: SignUpSnapshot): TokenSet | undefined => (s.status === 'done' ? s.output.tokens : undefined);
