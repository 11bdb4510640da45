import type { SnapshotFrom } from 'xstate';
import type { forgotPasswordMachine } from './forgot-password.machine.ts';
import type { CallCode } from './forgot-password.types.ts';

export type ForgotPasswordSnapshot = SnapshotFrom<typeof forgotPasswordMachine>;

/** A call is running. */
export const isBusy = (s: ForgotPasswordSnapshot): boolean => s.hasTag('busy');

/** The reason of the last failed step (spec §8 code, or 'NetworkError'); undefined when there is none. */
export const errorCode = (s: ForgotPasswordSnapshot): CallCode | undefined => s.context.errorCode;

/** Show the e-mail step. */
export const isEnteringEmail = (s: ForgotPasswordSnapshot): boolean =>
  s.matches('enteringEmail') || (s.matches('requesting') && !s.context.codeRequested);

/** Show the code and new-password step. */
export const isEnteringCode = (s: ForgotPasswordSnapshot): boolean =>
  s.matches('enteringCode') || s.matches('confirming') || (s.matches('requesting') && s.context.codeRequested);

/** "Send another code" is enabled. */
export const canResend = (s: ForgotPasswordSnapshot): boolean => s.can({ type: 'RESEND' });

/** The e-mail the code was sent to. */
export const email = (s: ForgotPasswordSnapshot): string => s.context.email;

export const isDone = (s: ForgotPasswordSnapshot): boolean => s.status === 'done';
