/**
 * Data the session machine carries. Declared here (not imported from contract/) so the machine
 * opens unchanged in the Stately visualizer; tests/machines/contract-compat.test.ts checks that
 * these stay structurally equal to contract/account.ts.
 */

/** What every actor of the flow resolves with (one type for every flow: machines/shared). */
export type { CallResult } from '../shared/call-result.ts';
/** The codes flows act on (machines/shared/codes.ts). */
export { NETWORK_ERROR, UNAUTHORIZED } from '../shared/codes.ts';
export type { CallCode } from '../shared/codes.ts';
import type { CallCode } from '../shared/codes.ts';

export type TokenSet = {
  userID: string;
  idToken: string;
  accessToken: string;
  refreshToken: string;
  /** Seconds the id and access tokens live. */
  expiresIn: number;
};

export type Gender = 'male' | 'female' | 'other';
export type Title = 'Mr.' | 'Mrs.' | 'Miss' | 'Other';

export type Address = {
  firstName: string;
  lastName: string;
  countryCallingCode: string;
  phone: string;
  CountryID: string;
  city: string;
  district: string;
  address1: string;
  address2: string;
  postalCode: string;
};
export type DeliveryAddress = {
  firstName: string;
  lastName: string;
  countryCallingCode: string;
  phone: string;
  CountryID: string;
  city: string;
  district: string;
  address1: string;
  address2: string;
  postalCode: string;
  label: 'home' | 'office' | 'school';
};

/** The member as user-get-info returns it (contract UserDetail). */
export type UserDetail = {
  userID: string;
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
  name: string;
  gender?: Gender | undefined;
  title?: Title | undefined;
  birthday?: string | undefined;
  phone?: string | undefined;
  phoneCountryCode?: string | undefined;
  bio: string;
  avatar?: string | undefined;
  followerCount: number;
  followeeCount: number;
  billingAddress?: Address | undefined;
  deliveryAddress: DeliveryAddress[];
  mainDeliveryAddressIndex: number;
  nameChangeAllowedAt?: string | undefined;
};

/** Spec §3: the status flags gates read. */
export type UserChecking = {
  PreSurvey: boolean;
  PaidMember: boolean;
  Subscribed: boolean;
  MemberGuideFinished: boolean;
};

/** The user-get-info answer. */
export type UserInfo = { userDetailInfo: UserDetail; checking: UserChecking };

export type Empty = Record<string, never>;

export type UserGetInfoInput = { accessToken: string };
export type UserRefreshTokenInput = { userID: string; refreshToken: string };
export type UserSignOutInput = { accessToken: string; refreshToken: string };

export type SessionInput = {
  /** Tokens restored from storage, if any. */
  tokens?: TokenSet | undefined;
};

export type SessionContext = {
  tokens?: TokenSet | undefined;
  user?: UserDetail | undefined;
  checking?: UserChecking | undefined;
  /** Why loading the user or refreshing failed ('NetworkError' when the server was unreachable). */
  errorCode?: CallCode | undefined;
};

export type SessionEvent =
  /** A sign-in, sign-up or third-party flow produced tokens. */
  | { type: 'SIGNED_IN'; tokens: TokenSet }
  /** The API client saw a 401 on a member call. */
  | { type: 'TOKENS_EXPIRED' }
  | { type: 'SIGN_OUT' }
  /** A profile call answered with the updated user. */
  | { type: 'USER_UPDATED'; user: UserDetail }
  /** Some status flags changed (e.g. PreSurvey after the entry survey); the rest are kept. */
  | { type: 'STATUS_UPDATED'; checking: Partial<UserChecking> }
  | { type: 'RELOAD_USER' }
  | { type: 'RETRY' };

export type SessionTag = 'busy';
