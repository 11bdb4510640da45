import type { SnapshotFrom } from 'xstate';
import type { sessionMachine } from './session.machine.ts';
import type { CallCode, TokenSet, UserChecking, UserDetail } from './session.types.ts';

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** Spec §4: logged in exactly when both an id token and an access token exist. */
export const isLoggedIn = (s: SessionSnapshot): boolean => Boolean(s.context.tokens?.idToken && s.context.tokens.accessToken);

/** A refresh is running: a caller that got a 401 waits until this turns false, then retries or gives up. */
export const isRefreshing = (s: SessionSnapshot): boolean => s.matches('refreshing');

/** Loading the member, refreshing or signing out. */
export const isBusy = (s: SessionSnapshot): boolean => s.hasTag('busy');

/** Start-up and token work are over: route guards can decide (signed out, member ready, or a generic error shown). */
export const isSettled = (s: SessionSnapshot): boolean => !s.hasTag('busy') && !s.matches('restoring');

export const isSigningOut = (s: SessionSnapshot): boolean => s.matches('signingOut');

/** The member and their status flags are loaded. */
export const isUserReady = (s: SessionSnapshot): boolean => s.matches({ signedIn: 'ready' });

/** Loading the member or refreshing could not reach the server: show the generic error with a retry (send RETRY). */
export const hasConnectionProblem = (s: SessionSnapshot): boolean =>
  s.matches('refreshInterrupted') || s.matches({ signedIn: 'loadFailed' });

export const user = (s: SessionSnapshot): UserDetail | undefined => s.context.user;

export const checking = (s: SessionSnapshot): UserChecking | undefined => s.context.checking;

export const tokens = (s: SessionSnapshot): TokenSet | undefined => s.context.tokens;

/** Spec §4: the entry survey is needed when logged in and not yet done (unknown until the member has loaded). */
export const needsEntrySurvey = (s: SessionSnapshot): boolean => isLoggedIn(s) && s.context.checking?.PreSurvey === false;

export const isPaidMember = (s: SessionSnapshot): boolean => s.context.checking?.PaidMember === true;

/** An ongoing box-set subscription (user-get-info checking.Subscribed): an SVIP (spec §1). */
export const isSubscribed = (s: SessionSnapshot): boolean => s.context.checking?.Subscribed === true;

export const errorCode = (s: SessionSnapshot): CallCode | undefined => s.context.errorCode;
