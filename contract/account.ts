import * as v from 'valibot';
import { Bilingual, defineCall, noBody } from './define.ts';

export { PASSWORD_MIN_LENGTH, PASSWORD_RULES, passwordProblems, type PasswordProblem } from './password.ts';

export const Password = v.pipe(v.string(), v.maxLength(256));
export const Email = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(254), v.email());
export const Code = v.pipe(v.string(), v.trim(), v.regex(/^\d{6}$/));
const Token = v.pipe(v.string(), v.minLength(1), v.maxLength(4096));
const Name = v.pipe(v.string(), v.trim(), v.maxLength(100));

export const Gender = v.picklist(['male', 'female', 'other']);
export const Title = v.picklist(['Mr.', 'Mrs.', 'Miss', 'Other']);
/** Spec §5: letters, numbers and underscores. */
export const Username = v.pipe(v.string(), v.trim(), v.minLength(3), v.maxLength(30), v.regex(/^[A-Za-z0-9_]+$/));
/** Days a member waits between username changes. */
export const USERNAME_CHANGE_WAIT_DAYS = 30;

export const Address = v.object({
  firstName: Name,
  lastName: Name,
  countryCallingCode: v.pipe(v.string(), v.regex(/^\d{1,4}$/)),
  phone: v.pipe(v.string(), v.regex(/^\d{6,15}$/, 'Incorrect contact number format')),
  CountryID: v.pipe(v.string(), v.length(2)),
  city: v.pipe(v.string(), v.maxLength(100)),
  district: v.optional(v.pipe(v.string(), v.maxLength(100)), ''),
  address1: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200)),
  address2: v.optional(v.pipe(v.string(), v.maxLength(200)), ''),
  /** "000000" where a country has no postal codes (spec §3). */
  postalCode: v.pipe(v.string(), v.regex(/^[A-Za-z0-9 -]{3,10}$/, 'Incorrect postal code format')),
});
export const DeliveryAddress = v.object({ ...Address.entries, label: v.picklist(['home', 'office', 'school']) });
export type Address = v.InferOutput<typeof Address>;
export type DeliveryAddress = v.InferOutput<typeof DeliveryAddress>;

export const UserDetail = v.object({
  userID: v.string(),
  email: v.string(),
  emailVerified: v.boolean(),
  givenName: v.string(),
  familyName: v.string(),
  /** The display name (username); empty until chosen. */
  name: v.string(),
  gender: v.optional(Gender),
  title: v.optional(Title),
  birthday: v.optional(v.string()),
  phone: v.optional(v.string()),
  phoneCountryCode: v.optional(v.string()),
  bio: v.string(),
  avatar: v.optional(v.string()),
  followerCount: v.number(),
  followeeCount: v.number(),
  billingAddress: v.optional(Address),
  deliveryAddress: v.array(DeliveryAddress),
  mainDeliveryAddressIndex: v.number(),
  /** When the username may next change (ISO date-time), if a change is waiting. */
  nameChangeAllowedAt: v.optional(v.string()),
});
export type UserDetail = v.InferOutput<typeof UserDetail>;

/** Spec §3: the status flags that gates read. */
export const UserChecking = v.object({
  PreSurvey: v.boolean(),
  PaidMember: v.boolean(),
  Subscribed: v.boolean(),
  MemberGuideFinished: v.boolean(),
});
export type UserChecking = v.InferOutput<typeof UserChecking>;

export const TokenSet = v.object({
  userID: v.string(),
  idToken: v.string(),
  accessToken: v.string(),
  refreshToken: v.string(),
  /** Seconds the id and access tokens live. */
  expiresIn: v.number(),
});
export type TokenSet = v.InferOutput<typeof TokenSet>;

const ok = v.object({});

export const userSignup = defineCall({
  name: 'user-signup',
  method: 'POST',
  auth: 'public',
  body: v.object({
    email: Email,
    password: Password,
    family_name: v.pipe(Name, v.minLength(1)),
    given_name: v.pipe(Name, v.minLength(1)),
    gender: v.optional(Gender),
    /** Language of the verification mail. */
    Language: v.optional(v.picklist(['en', 'zh-Hant'])),
  }),
  response: ok,
});

export const userConfirmSignup = defineCall({
  name: 'user-confirm-signup',
  method: 'POST',
  auth: 'public',
  body: v.object({ email: Email, confirmationCode: Code }),
  response: TokenSet,
});

export const userResendConfirmationCode = defineCall({
  name: 'user-resend-confirmationcode',
  method: 'POST',
  auth: 'public',
  body: v.object({ email: Email }),
  response: ok,
});

export const userLogin = defineCall({
  name: 'user-login',
  method: 'POST',
  auth: 'public',
  body: v.object({ email: Email, password: Password }),
  response: TokenSet,
});

export const userForgetPassword = defineCall({
  name: 'user-forget-password',
  method: 'POST',
  auth: 'public',
  body: v.object({ email: Email, Language: v.optional(v.picklist(['en', 'zh-Hant'])) }),
  response: ok,
});

export const userConfirmForgetPassword = defineCall({
  name: 'user-confirm-forget-password',
  method: 'POST',
  auth: 'public',
  body: v.object({ email: Email, confirmationCode: Code, newpassword: Password }),
  response: ok,
});

/** Sets a new password with the temporary token of a reset link (spec: temporary id token). */
export const userUpdateForgetPassword = defineCall({
  name: 'user-update-forget-password',
  method: 'POST',
  auth: 'public',
  body: v.object({ accessToken: Token, proposedPassword: Password }),
  response: ok,
});

export const userChangePassword = defineCall({
  name: 'user-change-password',
  method: 'POST',
  auth: 'member',
  body: v.object({ accessToken: Token, previousPassword: Password, proposedPassword: Password }),
  response: ok,
});

/** Answers a ResetPasswordRequire sign-in: the session comes from that answer. */
export const userForceChangePassword = defineCall({
  name: 'user-forceChange-password',
  method: 'POST',
  auth: 'public',
  body: v.object({ email: Email, password: Password, session: Token, skipPassword: v.optional(v.boolean(), false) }),
  response: TokenSet,
});

export const userGetInfo = defineCall({
  name: 'user-get-info',
  method: 'POST',
  auth: 'member',
  body: v.object({ accessToken: Token }),
  response: v.object({ userDetailInfo: UserDetail, checking: UserChecking }),
});

/** Most delivery addresses a member keeps. */
export const MAX_DELIVERY_ADDRESSES = 10;

export const userUpdateInfo = defineCall({
  name: 'user-update-info',
  method: 'POST',
  auth: 'member',
  body: v.object({
    accessToken: Token,
    given_name: v.optional(v.pipe(Name, v.minLength(1))),
    family_name: v.optional(v.pipe(Name, v.minLength(1))),
    gender: v.optional(Gender),
    title: v.optional(Title),
    birthday: v.optional(v.pipe(v.string(), v.isoDate())),
    phone: v.optional(v.pipe(v.string(), v.regex(/^\d{6,15}$/, 'Incorrect contact number format'))),
    phoneCountryCode: v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/))),
    bio: v.optional(v.pipe(v.string(), v.maxLength(500))),
    avatar: v.optional(v.pipe(v.string(), v.maxLength(200))),
    billingAddress: v.optional(Address),
    deliveryAddress: v.optional(v.pipe(v.array(DeliveryAddress), v.maxLength(MAX_DELIVERY_ADDRESSES))),
    // Bounded here too: an index past the integer column's range was a 500 (issue 26), not a 400 naming it.
    mainDeliveryAddressIndex: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_DELIVERY_ADDRESSES - 1))),
  }),
  response: v.object({ userDetailInfo: UserDetail }),
});

export const userUpdateName = defineCall({
  name: 'user-update-name',
  method: 'POST',
  auth: 'member',
  body: v.object({ accessToken: Token, name: Username }),
  response: v.object({ userDetailInfo: UserDetail }),
});

export const checkUsername = defineCall({
  name: 'check-username',
  method: 'POST',
  auth: 'public',
  noLoader: true,
  body: v.object({ name: Username }),
  response: v.object({ available: v.boolean() }),
});

export const userRefreshToken = defineCall({
  name: 'user-refresh-token',
  method: 'POST',
  auth: 'public',
  body: v.object({ userID: v.string(), refreshToken: Token }),
  response: TokenSet,
});

export const userSignOut = defineCall({
  name: 'user-sign-out',
  method: 'POST',
  auth: 'public',
  body: v.object({ accessToken: Token, refreshToken: Token }),
  response: ok,
});

export const SurveyQuestion = v.object({
  QuestionID: v.string(),
  Type: v.picklist(['Radio', 'Checkbox', 'Text']),
  Title: Bilingual,
  Required: v.boolean(),
  Options: v.array(v.object({ OptionID: v.string(), Label: Bilingual })),
});
export type SurveyQuestion = v.InferOutput<typeof SurveyQuestion>;

export const SurveyAnswer = v.object({
  QuestionID: v.pipe(v.string(), v.maxLength(64)),
  OptionIDs: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(64))), v.maxLength(20))),
  Text: v.optional(v.pipe(v.string(), v.maxLength(1000))),
});
export type SurveyAnswer = v.InferOutput<typeof SurveyAnswer>;

export const getPreSurvey = defineCall({
  name: 'getPreSurvey',
  method: 'POST',
  auth: 'member',
  body: noBody,
  response: v.object({ Survey: v.object({ SurveyID: v.string(), Title: Bilingual, Questions: v.array(SurveyQuestion) }) }),
});

export const getPreSurveyResult = defineCall({
  name: 'getPreSurveyResult',
  method: 'POST',
  auth: 'member',
  body: noBody,
  response: v.object({ Answers: v.array(SurveyAnswer), SubmitTime: v.optional(v.string()) }),
});

export const submitPreSurvey = defineCall({
  name: 'submitPreSurvey',
  method: 'POST',
  auth: 'member',
  body: v.object({ Survey: v.object({ SurveyID: v.string(), Answers: v.pipe(v.array(SurveyAnswer), v.maxLength(50)) }) }),
  response: v.object({ SubmitTime: v.string() }),
});
