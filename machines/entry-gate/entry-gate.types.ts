/** Data of the entry gate: the route guard of spec §2 for login-required and paid-member-check routes. */

export type EntryGateInput = {
  /** Spec §4: both an id token and an access token exist (session selector isLoggedIn). */
  loggedIn: boolean;
  /** The member has answered the entry survey (user-get-info checking.PreSurvey). */
  preSurveyDone: boolean;
  /** Where the user was going; where they return after logging in or answering the survey. */
  target: string;
  /**
   * The route is login-required (default true). A paid-member-check-only route (search_boxset)
   * lets visitors through: the survey is only due for members (spec §4).
   */
  requiresLogin?: boolean | undefined;
};

export type EntryGateContext = {
  loggedIn: boolean;
  preSurveyDone: boolean;
  target: string;
  requiresLogin: boolean;
  redirect?: string | undefined;
};

export type EntryGateOutput = {
  /** Where to send the user instead, if anywhere. */
  redirect?: string | undefined;
  /** Where they were going. */
  returnTo: string;
};

/** Spec §2: a login-required route sends a visitor to home with the login popup. */
export const LOGIN_REDIRECT = '/home?login=true';
/** Spec §2: a paid-member-check route sends a member who still needs the entry survey there. */
export const SURVEY_REDIRECT = '/entry_survey';
