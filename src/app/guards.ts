import { redirect, type ParsedLocation } from '@tanstack/react-router';
import * as sessionState from '../../machines/session/session.selectors.ts';
import { CHUNK_LOAD_TIMEOUT_MS, withTimeout } from './lazy-screen.ts';
import type { AppServices } from './services.ts';
import { sessionSettled } from './session.ts';

/** A path inside the shop (no scheme, no host): safe to return to. */
export const isInternalPath = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\');

/**
 * The guards of spec §2, for a route's beforeLoad: login-required sends a visitor to home with the
 * login popup; paid-member-check sends a member who still owes the entry survey to entry_survey.
 */
async function guard(context: AppServices, location: ParsedLocation, checks: { login: boolean; entrySurvey: boolean }) {
  // The gate machine loads with the first guarded page (a chunk of its own, like a screen).
  const { decideEntry } = await withTimeout(import('./entry-gate-decision.ts'), CHUNK_LOAD_TIMEOUT_MS);
  await sessionSettled(context.session);
  const session = context.session.getSnapshot();
  const { redirect: to, decision } = decideEntry({
    loggedIn: sessionState.isLoggedIn(session),
    // A login-only route never owes the survey (entry_survey itself is one).
    preSurveyDone: !checks.entrySurvey || !sessionState.needsEntrySurvey(session),
    target: location.href,
    requiresLogin: checks.login,
  });
  if (!to) return;
  if (decision === 'loginRequired') {
    // Where they were going is where sign-in returns them.
    context.pageHistory.record({ href: location.href, skipFromRedirect: false });
    throw redirect({ to: '/home', search: { login: true } });
  }
  throw redirect({ to: '/entry_survey', search: { returnTo: location.href } });
}

type GuardArgs = { context: AppServices; location: ParsedLocation };

/** Spec §2 "login required". */
export const requireLogin = ({ context, location }: GuardArgs) => guard(context, location, { login: true, entrySurvey: false });

/** Spec §2 "paid-member check" on a page visitors may also see (the survey is only owed by members). */
export const paidMemberCheck = ({ context, location }: GuardArgs) => guard(context, location, { login: false, entrySurvey: true });

/** Spec §2 "login + paid-member check": a visitor signs in first, then a member owing the entry survey takes it. */
export const requireMember = ({ context, location }: GuardArgs) => guard(context, location, { login: true, entrySurvey: true });
