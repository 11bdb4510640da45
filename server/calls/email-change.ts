import { eq } from 'drizzle-orm';
import * as contract from '../../contract/email-change.ts';
import { users } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { emailChangeCodeMail, emailChangeNoticeMail } from '../services/mail-templates.ts';
import { consumeCode, issueCode } from '../services/codes.ts';
import { limit, limitReached } from '../services/limits.ts';
import { requireAccessToken, toUserDetail, userByEmail, userById } from '../services/users.ts';
import { implement } from './handler.ts';
import { ErrorCode } from '../../contract/errors.ts';

const emailTaken = () => new ApiError(400, ErrorCode.UsernameExistsException, 'An account with the given email already exists.');

/** Is the address free for this member (nobody else holds it)? */
async function checkFree(deps: Deps, email: string, userId: string) {
  const holder = await userByEmail(deps.db, email);
  if (holder && holder.id !== userId) throw emailTaken();
}

export const emailChangeHandlers = implement(contract, {
  async userUpdateEmail({ body, deps, userId }) {
    await requireAccessToken(deps, body.accessToken, userId);
    // Before the checks too, so the call cannot be used to probe which addresses have accounts.
    await limit(deps, 'codesPerAccount', `email-change:${userId}`);
    const user = await userById(deps.db, userId);
    if (body.email === user.email) {
      throw new ApiError(400, ErrorCode.InvalidParameter, 'The new e-mail address is the same as the current one.', 'email');
    }
    await checkFree(deps, body.email, user.id);
    // The code goes to an address the caller typed: counted per recipient, across every account and every
    // mail of that kind (sign-up, reset), so many accounts together cannot flood a stranger.
    await limit(deps, 'mailsPerRecipient', body.email);
    const language = body.Language ?? (user.language === 'zh-Hant' ? 'zh-Hant' : 'en');
    const { code } = await issueCode(deps, user.id, 'email', body.email);
    await deps.mailer.send(emailChangeCodeMail(body.email, language, code));
    // Security: the current address hears of the request, though the code goes elsewhere.
    await deps.mailer.send(emailChangeNoticeMail(user.email, language, body.email));
    return {};
  },

  async userConfirmUpdateEmail({ body, deps, userId }) {
    await requireAccessToken(deps, body.accessToken, userId);
    const user = await userById(deps.db, userId);
    const row = await consumeCode(deps, user.id, 'email', body.code, limitReached);
    if (!row.target) throw new ApiError(400, ErrorCode.CodeMismatchException, 'Invalid verification code provided, please try again.');
    await checkFree(deps, row.target, user.id);
    try {
      const [updated] = await deps.db
        .update(users)
        .set({ email: row.target, emailVerified: true })
        .where(eq(users.id, user.id))
        .returning();
      return { userDetailInfo: toUserDetail(updated!, deps.clock.now()) };
    } catch {
      // Another account took the address meanwhile: the unique index decides.
      throw emailTaken();
    }
  },
});
