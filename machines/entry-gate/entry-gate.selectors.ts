import type { SnapshotFrom } from 'xstate';
import type { entryGateMachine } from './entry-gate.machine.ts';

export type EntryGateSnapshot = SnapshotFrom<typeof entryGateMachine>;

export type EntryGateDecision = 'allowed' | 'loginRequired' | 'surveyDue';

export const decision = (s: EntryGateSnapshot): EntryGateDecision | undefined =>
  s.matches('allowed') ? 'allowed' : s.matches('loginRequired') ? 'loginRequired' : s.matches('surveyDue') ? 'surveyDue' : undefined;

export const isAllowed = (s: EntryGateSnapshot): boolean => s.matches('allowed');

/** Where to send the user instead of the page (`/home?login=true` or `/entry_survey`), if anywhere. */
export const redirect = (s: EntryGateSnapshot): string | undefined => (s.status === 'done' ? s.output.redirect : undefined);

/** The page the user was going to, to return to afterwards. */
export const returnTo = (s: EntryGateSnapshot): string => s.context.target;
