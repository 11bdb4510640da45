import { createHash, randomUUID } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import * as contract from '../../contract/account.ts';
import {
  passwordProblems,
  USERNAME_CHANGE_WAIT_DAYS,
  type Address,
  type DeliveryAddress,
  type SurveyQuestion,
} from '../../contract/index.ts';
import type { Db } from '../db/client.ts';
import { countries, preSurveyAnswers, surveys, users, verificationCodes } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { resetCodeMail, signUpCodeMail } from '../services/mail-templates.ts';
import { CODE_TTL_MS, codeMismatch, consumeCode, issueCode } from '../services/codes.ts';
import { beginSignIn, limit } from '../services/limits.ts';
import { revokeAllSessions, revokeOtherSessions, revokeSession, rotateSession, startSession } from '../services/sessions.ts';
import { assertOwnAvatar } from '../services/uploads.ts';
import { incorrectCredentials, requireAccessToken, toUserDetail, userByEmail, userById } from '../services/users.ts';
import { implement } from './handler.ts';
import { ErrorCode } from '../../contract/errors.ts';
import { socialCounts } from '../services/social/follows.ts';

const DAY_MS = 86_400_000;
const CHALLENGE_SECONDS = 300;

function checkPassword(password: string, field: string) {
  const problems = passwordProblems(password);
  if (problems.length) throw new ApiError(400, ErrorCode.InvalidPasswordException, `Password does not conform to policy: ${problems.join(', ')}`, field, { Problems: problems });
}

/** Spec §5: a country must be within the service range. */
async function checkServiceRange(db: Db, addresses: readonly Address[], field: string) {
  for (const address of addresses) {
    const [country] = await db.select({ inService: countries.inService }).from(countries).where(eq(countries.id, address.CountryID));
    if (!country?.inService) throw new ApiError(400, ErrorCode.InvalidParameter, 'Country must be within the service range', field);
  }
}

export const accountHandlers = implement(contract, {
  async userSignup({ body, deps, clientIp }) {
    checkPassword(body.password, 'password');
    // Before the costly hash and the mail: each new account costs a password hash and mails a stranger.
    await limit(deps, 'signUpsPerAddress', clientIp ?? 'unknown');
    await limit(deps, 'mailsPerRecipient', body.email);
    if (await userByEmail(deps.db, body.email)) {
      throw new ApiError(400, ErrorCode.UsernameExistsException, 'An account with the given email already exists.');
    }
    const id = randomUUID();
    const language = body.Language ?? 'en';
    try {
      await deps.db.insert(users).values({
        id,
        email: body.email,
        passwordHash: await deps.passwords.hash(body.password),
        givenName: body.given_name,
        familyName: body.family_name,
        gender: body.gender,
        language,
        createdAt: deps.clock.now(),
      });
    } catch {
      // Two sign-ups with one address at once: the unique index decides.
      throw new ApiError(400, ErrorCode.UsernameExistsException, 'An account with the given email already exists.');
    }
    const { code } = await issueCode(deps, id, 'signup');
    const link = `${deps.config.publicUrl}/verify_sign_up?email=${encodeURIComponent(body.email)}&code=${code}`;
    await deps.mailer.send(signUpCodeMail(body.email, language, code, link));
    return {};
  },

  async userConfirmSignup({ body, deps }) {
    await limit(deps, 'codeChecksPerAccount', `confirm:${body.email}`);
    const user = await userByEmail(deps.db, body.email);
    // A confirmed account has no code left to match: the same answer as an address with no account.
    if (!user || user.emailVerified) throw codeMismatch();
    await consumeCode(deps, user.id, 'signup', body.confirmationCode);
    await deps.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
    return startSession(deps, user.id);
  },

  async userResendConfirmationCode({ body, deps }) {
    await limit(deps, 'mailsPerRecipient', body.email);
    const user = await userByEmail(deps.db, body.email);
    // Mailed after the answer, which then takes as long for any address.
    if (user && !user.emailVerified) {
      deps.background.run('resend sign-up code', async () => {
        const { code } = await issueCode(deps, user.id, 'signup');
        const link = `${deps.config.publicUrl}/verify_sign_up?email=${encodeURIComponent(user.email)}&code=${code}`;
        await deps.mailer.send(signUpCodeMail(user.email, user.language === 'zh-Hant' ? 'zh-Hant' : 'en', code, link));
      });
    }
    return {};
  },

  async userLogin({ body, deps, clientIp, cookies }) {
    const user = await userByEmail(deps.db, body.email);
    const attempt = await beginSignIn(deps, { email: body.email, userId: user?.id, clientIp, cookies });
    const valid = await deps.passwords.verify(body.password, user?.passwordHash);
    if (!user || !valid) throw incorrectCredentials();
    await attempt.succeeded();
    if (user.disabled) throw new ApiError(400, ErrorCode.AccountDisabled, 'User is disabled.');
    if (!user.emailVerified) throw new ApiError(400, ErrorCode.UserNotConfirmedException, 'User is not confirmed.');
    if (user.resetRequired) {
      const session = await deps.tokens.sign('challenge', { userId: user.id, sessionId: 'challenge' }, CHALLENGE_SECONDS);
      throw new ApiError(400, ErrorCode.ResetPasswordRequire, 'Password reset required for the user', undefined, { session });
    }
    return startSession(deps, user.id);
  },

  async userForceChangePassword({ body, deps }) {
    const claims = await deps.tokens.verify('challenge', body.session);
    const user = claims ? await userById(deps.db, claims.userId) : undefined;
    if (!user || user.email !== body.email) throw new ApiError(400, ErrorCode.NotAuthorizedException, 'Invalid session for the user, session is expired.');
    if (body.skipPassword) {
      if (user.resetRequired) throw new ApiError(400, ErrorCode.ResetPasswordRequire, 'A new password is required');
      return startSession(deps, user.id);
    }
    checkPassword(body.password, 'password');
    await deps.db
      .update(users)
      .set({ passwordHash: await deps.passwords.hash(body.password), resetRequired: false })
      .where(eq(users.id, user.id));
    await revokeAllSessions(deps, user.id);
    return startSession(deps, user.id);
  },

  async userForgetPassword({ body, deps }) {
    await limit(deps, 'mailsPerRecipient', body.email);
    const user = await userByEmail(deps.db, body.email);
    // The same answer, in the same time, whether or not the address has an account (spec §8): the code and
    // its mail are made after the answer.
    if (user && !user.disabled) {
      deps.background.run('password reset mail', async () => {
        const { id, code } = await issueCode(deps, user.id, 'reset');
        const token = await deps.tokens.sign('reset', { userId: user.id, sessionId: id }, CODE_TTL_MS.reset / 1000);
        const link = `${deps.config.publicUrl}/reset_password?token=${encodeURIComponent(token)}`;
        await deps.mailer.send(resetCodeMail(user.email, body.Language ?? (user.language === 'zh-Hant' ? 'zh-Hant' : 'en'), code, link));
      });
    }
    return {};
  },

  async userConfirmForgetPassword({ body, deps }) {
    await limit(deps, 'codeChecksPerAccount', `reset:${body.email}`);
    // The new password's rules first, for any address: checked only for known ones, they told accounts apart.
    checkPassword(body.newpassword, 'newpassword');
    const user = await userByEmail(deps.db, body.email);
    if (!user) throw codeMismatch();
    await consumeCode(deps, user.id, 'reset', body.confirmationCode);
    await setNewPassword(deps, user.id, body.newpassword);
    return {};
  },

  async userUpdateForgetPassword({ body, deps }) {
    const claims = await deps.tokens.verify('reset', body.accessToken);
    if (!claims) throw new ApiError(400, ErrorCode.ExpiredCodeException, 'The reset link is invalid or has expired.');
    checkPassword(body.proposedPassword, 'proposedPassword');
    const consumed = await deps.db
      .update(verificationCodes)
      .set({ consumedAt: deps.clock.now() })
      .where(and(eq(verificationCodes.id, claims.sessionId), eq(verificationCodes.userId, claims.userId), isNull(verificationCodes.consumedAt)))
      .returning({ id: verificationCodes.id });
    if (consumed.length === 0) throw new ApiError(400, ErrorCode.ExpiredCodeException, 'The reset link is invalid or has expired.');
    await setNewPassword(deps, claims.userId, body.proposedPassword);
    return {};
  },

  async userChangePassword({ body, deps, userId }) {
    const claims = await requireAccessToken(deps, body.accessToken, userId);
    const user = await userById(deps.db, claims.userId);
    if (!(await deps.passwords.verify(body.previousPassword, user.passwordHash))) throw incorrectCredentials();
    checkPassword(body.proposedPassword, 'proposedPassword');
    await deps.db.update(users).set({ passwordHash: await deps.passwords.hash(body.proposedPassword) }).where(eq(users.id, user.id));
    // Whoever knew the old password is signed out everywhere but here.
    await revokeOtherSessions(deps, user.id, claims.sessionId);
    return {};
  },

  async userGetInfo({ body, deps, userId }) {
    await requireAccessToken(deps, body.accessToken, userId);
    const user = await userById(deps.db, userId);
    // The follow counts (issue 19) are kept beside the user row (user_social_counts).
    const social = await socialCounts(deps.db, userId);
    return {
      userDetailInfo: { ...toUserDetail(user, deps.clock.now()), ...social },
      checking: {
        PreSurvey: user.preSurveyDone,
        PaidMember: user.paidMember,
        Subscribed: user.subscribed,
        MemberGuideFinished: user.memberGuideFinished,
      },
    };
  },

  async userUpdateInfo({ body, deps, userId }) {
    await requireAccessToken(deps, body.accessToken, userId);
    const user = await userById(deps.db, userId);
    const { accessToken: _token, ...fields } = body;
    if (fields.deliveryAddress) await checkServiceRange(deps.db, fields.deliveryAddress, 'deliveryAddress');
    if (fields.billingAddress) await checkServiceRange(deps.db, [fields.billingAddress], 'billingAddress');
    if (fields.avatar !== undefined) await assertOwnAvatar(deps.db, user.id, fields.avatar);
    const addresses = fields.deliveryAddress ?? (user.deliveryAddresses as DeliveryAddress[]);
    const mainIndex = fields.mainDeliveryAddressIndex ?? Math.min(user.mainDeliveryAddressIndex, Math.max(addresses.length - 1, 0));
    if (addresses.length > 0 && mainIndex >= addresses.length) {
      throw new ApiError(400, ErrorCode.InvalidParameter, 'mainDeliveryAddressIndex is out of range', 'mainDeliveryAddressIndex');
    }
    const [updated] = await deps.db
      .update(users)
      .set({
        ...(fields.given_name !== undefined ? { givenName: fields.given_name } : {}),
        ...(fields.family_name !== undefined ? { familyName: fields.family_name } : {}),
        ...(fields.gender !== undefined ? { gender: fields.gender } : {}),
        ...(fields.title !== undefined ? { title: fields.title } : {}),
        ...(fields.birthday !== undefined ? { birthday: fields.birthday } : {}),
        ...(fields.phone !== undefined ? { phone: fields.phone } : {}),
        ...(fields.phoneCountryCode !== undefined ? { phoneCountryCode: fields.phoneCountryCode } : {}),
        ...(fields.bio !== undefined ? { bio: fields.bio } : {}),
        ...(fields.avatar !== undefined ? { avatar: fields.avatar } : {}),
        ...(fields.billingAddress !== undefined ? { billingAddress: fields.billingAddress } : {}),
        ...(fields.deliveryAddress !== undefined ? { deliveryAddresses: fields.deliveryAddress } : {}),
        mainDeliveryAddressIndex: mainIndex,
      })
      .where(eq(users.id, user.id))
      .returning();
    return { userDetailInfo: toUserDetail(updated!, deps.clock.now()) };
  },

  async userUpdateName({ body, deps, userId }) {
    await requireAccessToken(deps, body.accessToken, userId);
    const user = await userById(deps.db, userId);
    const now = deps.clock.now();
    if (user.name?.toLowerCase() === body.name.toLowerCase() && user.name === body.name) {
      return { userDetailInfo: toUserDetail(user, now) };
    }
    if (user.nameChangedAt) {
      const allowedAt = user.nameChangedAt.getTime() + USERNAME_CHANGE_WAIT_DAYS * DAY_MS;
      if (allowedAt > now.getTime()) {
        const days = Math.ceil((allowedAt - now.getTime()) / DAY_MS);
        throw new ApiError(400, ErrorCode.UpdateNameLimit, 'Username updated too frequently', undefined, { DaysRemaining: days });
      }
    }
    if (await nameTaken(deps.db, body.name, user.id)) throw new ApiError(400, ErrorCode.NameAlreadyExists, 'Username already exists', 'name');
    try {
      const [updated] = await deps.db
        .update(users)
        .set({ name: body.name, nameChangedAt: user.name ? now : null })
        .where(eq(users.id, user.id))
        .returning();
      return { userDetailInfo: toUserDetail(updated!, now) };
    } catch {
      throw new ApiError(400, ErrorCode.NameAlreadyExists, 'Username already exists', 'name');
    }
  },

  async checkUsername({ body, deps }) {
    return { available: !(await nameTaken(deps.db, body.name)) };
  },

  async userRefreshToken({ body, deps }) {
    return rotateSession(deps, body.userID, body.refreshToken);
  },

  async userSignOut({ body, deps }) {
    const claims = await deps.tokens.verify('access', body.accessToken);
    if (claims) await revokeSession(deps, claims.sessionId);
    const [row] = await deps.db.execute<{ family_id: string }>(
      sql`select family_id from refresh_tokens where token_hash = ${createHash('sha256').update(body.refreshToken).digest('base64url')}`,
    ).then((r) => (r as unknown as { rows: { family_id: string }[] }).rows);
    if (row) await revokeSession(deps, row.family_id);
    return {};
  },

  async getPreSurvey({ deps }) {
    const survey = await preSurvey(deps.db);
    return { Survey: { SurveyID: survey.id, Title: { en: survey.titleEn, zh: survey.titleZh }, Questions: survey.questions as never } };
  },

  async getPreSurveyResult({ deps, userId }) {
    const [row] = await deps.db.select().from(preSurveyAnswers).where(eq(preSurveyAnswers.userId, userId));
    return row ? { Answers: row.answers as never, SubmitTime: row.submittedAt.toISOString() } : { Answers: [] };
  },

  async submitPreSurvey({ body, deps, userId }) {
    const survey = await preSurvey(deps.db);
    if (body.Survey.SurveyID !== survey.id) throw new ApiError(400, ErrorCode.InvalidParameter, 'Unknown survey', 'Survey.SurveyID');
    const questions = survey.questions as SurveyQuestion[];
    for (const q of questions) {
      const answer = body.Survey.Answers.find((a) => a.QuestionID === q.QuestionID);
      const chosen = answer?.OptionIDs ?? [];
      const validOptions = chosen.every((o) => q.Options.some((opt) => opt.OptionID === o));
      if (!validOptions || (q.Type === 'Radio' && chosen.length > 1)) {
        throw new ApiError(400, ErrorCode.InvalidParameter, `Invalid answer to ${q.QuestionID}`, 'Survey.Answers');
      }
      const answered = q.Type === 'Text' ? !!answer?.Text?.trim() : chosen.length > 0;
      if (q.Required && !answered) throw new ApiError(400, ErrorCode.SurveyNotComplete, 'Please answer every required question');
    }
    const now = deps.clock.now();
    const inserted = await deps.db
      .insert(preSurveyAnswers)
      .values({ userId: userId, surveyId: survey.id, answers: body.Survey.Answers, submittedAt: now })
      .onConflictDoNothing()
      .returning({ userId: preSurveyAnswers.userId });
    if (inserted.length === 0) throw new ApiError(400, ErrorCode.SurveyCannotResubmit, 'The survey has already been submitted');
    await deps.db.update(users).set({ preSurveyDone: true }).where(eq(users.id, userId));
    return { SubmitTime: now.toISOString() };
  },
});

async function nameTaken(db: Db, name: string, exceptUserId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.name}) = lower(${name})`, exceptUserId ? ne(users.id, exceptUserId) : undefined));
  return !!row;
}

async function setNewPassword(deps: Deps, userId: string, password: string) {
  await deps.db
    .update(users)
    .set({ passwordHash: await deps.passwords.hash(password), resetRequired: false })
    .where(eq(users.id, userId));
  // A reset ends every session: whoever knew the old password is signed out.
  await revokeAllSessions(deps, userId);
}

async function preSurvey(db: Db) {
  const [survey] = await db.select().from(surveys).where(eq(surveys.kind, 'pre'));
  if (!survey) throw new ApiError(400, ErrorCode.ObjectNotFound, 'Survey not found');
  return survey;
}
