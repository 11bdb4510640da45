import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { entryGateMachine } from '../../machines/entry-gate/entry-gate.machine.ts';
import * as gate from '../../machines/entry-gate/entry-gate.selectors.ts';
import type { EntryGateInput } from '../../machines/entry-gate/entry-gate.types.ts';
import * as sessionState from '../../machines/session/session.selectors.ts';
import { startFlow } from './flow.ts';
import type { Inspection } from './inspection.ts';
import type { AppServices } from './services.ts';
import { sessionSettled } from './session.ts';

/**
 * Runs the entry gate of spec §2 for one page. A chunk of its own, loaded by the guarded routes'
 * beforeLoad (src/app/guards.ts), so that the first load of other pages goes without it.
 */
export function decideEntry(input: EntryGateInput, inspection?: Pick<Inspection, 'inspect'>) {
  // Started like every flow, with the app's inspector attached: /testing2 sees each decision.
  const snapshot = startFlow(inspection, entryGateMachine, { input }).getSnapshot();
  return { redirect: gate.redirect(snapshot), decision: gate.decision(snapshot) };
}

/** The guard of src/app/guards.ts: passes, or throws the redirect the gate decided. */
export async function guardEntry(context: AppServices, location: ParsedLocation, checks: { login: boolean; entrySurvey: boolean }) {
  await sessionSettled(context.session);
  const session = context.session.getSnapshot();
  const input: EntryGateInput = {
    loggedIn: sessionState.isLoggedIn(session),
    // A login-only route never owes the survey (entry_survey itself is one).
    preSurveyDone: !checks.entrySurvey || !sessionState.needsEntrySurvey(session),
    target: location.href,
    requiresLogin: checks.login,
  };
  const { redirect: to, decision } = decideEntry(input, context.inspection);
  if (!to) return;
  if (decision === 'loginRequired') {
    // Where they were going is where sign-in returns them.
    context.pageHistory.record({ href: location.href, skipFromRedirect: false });
    throw redirect({ to: '/home', search: { login: true } });
  }
  throw redirect({ to: '/entry_survey', search: { returnTo: location.href } });
}
