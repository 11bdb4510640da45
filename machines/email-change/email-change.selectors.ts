import type { SnapshotFrom } from 'xstate';
import type { emailChangeMachine } from './email-change.machine.ts';
import type { CallCode } from './email-change.types.ts';

export type EmailChangeSnapshot = SnapshotFrom<typeof emailChangeMachine>;

/** A call is running. */
export const isBusy = (s: EmailChangeSnapshot): boolean => s.hasTag('busy');

/** Show the code step (also while another code is being sent, or the code checked). */
export const isEnteringCode = (s: EmailChangeSnapshot): boolean =>
  s.matches('enteringCode') || s.matches('confirming') || (s.matches('requesting') && s.context.atCodeStep);

/** Sending the first code to a new address ("Sending…" on Send code). */
export const isRequesting = (s: EmailChangeSnapshot): boolean => s.matches('requesting') && !s.context.atCodeStep;
/** Sending another code from the code step ("Sending…" on Send a new code). */
export const isResending = (s: EmailChangeSnapshot): boolean => s.matches('requesting') && s.context.atCodeStep;
/** Checking the code ("Confirming…"). */
export const isConfirming = (s: EmailChangeSnapshot): boolean => s.matches('confirming');

/** The new address the codes go to. */
export const email = (s: EmailChangeSnapshot): string => s.context.email;

/** Codes sent so far in this flow: each one starts the code field afresh. */
export const codesSent = (s: EmailChangeSnapshot): number => s.context.codesSent;

/** The address just changed to, while that is the news; undefined otherwise. */
export const changedTo = (s: EmailChangeSnapshot): string | undefined => (s.matches('changed') ? s.context.changedTo : undefined);

/** The address the sign-in e-mail was last changed to in this flow (the address form starts afresh after each change). */
export const lastChangedTo = (s: EmailChangeSnapshot): string | undefined => s.context.changedTo;

/** Say that a code went to the new address: at the code step, while the last sending went through and no other is under way. */
export const isCodeJustSent = (s: EmailChangeSnapshot): boolean =>
  (s.matches('enteringCode') || s.matches('confirming')) && s.context.requestError === undefined;

/**
 * Why the last step failed (spec §8 code, or 'NetworkError'); at the code step a refused code is said
 * before a failed sending. Undefined when there is nothing to say.
 */
export const errorCode = (s: EmailChangeSnapshot): CallCode | undefined => s.context.confirmError ?? s.context.requestError;
