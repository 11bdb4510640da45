import type { SnapshotFrom } from 'xstate';
import type { secondFactorMachine } from './second-factor.machine.ts';
import type { CallCode, EnrollOutput } from './second-factor.types.ts';

export type SecondFactorSnapshot = SnapshotFrom<typeof secondFactorMachine>;

export const isBusy = (s: SecondFactorSnapshot): boolean => s.hasTag('busy');
export const isEnrolling = (s: SecondFactorSnapshot): boolean => s.matches('enrolling');
export const enrolFailed = (s: SecondFactorSnapshot): boolean => s.matches('enrolFailed');
/** The code field shows (also while it is checked). */
export const asksForCode = (s: SecondFactorSnapshot): boolean => s.matches('enteringCode') || s.matches('verifying');
export const isPassed = (s: SecondFactorSnapshot): boolean => s.matches('passed');
/** The new secret to scan, while setting the app up. */
export const enrolment = (s: SecondFactorSnapshot): EnrollOutput | undefined => s.context.enrolment;
export const error = (s: SecondFactorSnapshot): CallCode | undefined => s.context.error;
/** A code would be taken now (not while one is checked). */
export const canSubmit = (s: SecondFactorSnapshot): boolean => s.can({ type: 'SUBMIT', code: '000000' });
