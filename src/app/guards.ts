import type { ParsedLocation } from '@tanstack/react-router';
import { CHUNK_LOAD_TIMEOUT_MS, withTimeout } from './lazy-screen.ts';
import type { AppServices } from './services.ts';

/** A path inside the shop (no scheme, no host): safe to return to. */
export const isInternalPath = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\');

/**
 * The guards of spec §2, for a route's beforeLoad: login-required sends a visitor to home with the
 * login popup; paid-member-check sends a member who still owes the entry survey to entry_survey.
 */
async function guard(context: AppServices, location: ParsedLocation, checks: { login: boolean; entrySurvey: boolean }) {
  // The gate machine and this guard's wiring load with the first guarded page (a chunk of its own, like a screen).
  const { guardEntry } = await withTimeout(import('./entry-gate-decision.ts'), CHUNK_LOAD_TIMEOUT_MS);
  return guardEntry(context, location, checks);
}

type GuardArgs = { context: AppServices; location: ParsedLocation };

/** Spec §2 "login required". */
export const requireLogin = ({ context, location }: GuardArgs) => guard(context, location, { login: true, entrySurvey: false });

/** Spec §2 "paid-member check" on a page visitors may also see (the survey is only owed by members). */
export const paidMemberCheck = ({ context, location }: GuardArgs) => guard(context, location, { login: false, entrySurvey: true });

/** Spec §2 "login + paid-member check": a visitor signs in first, then a member owing the entry survey takes it. */
export const requireMember = ({ context, location }: GuardArgs) => guard(context, location, { login: true, entrySurvey: true });
