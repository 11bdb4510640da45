import * as v from 'valibot';
import { defineCall } from './define.ts';
import { Code, Email, UserDetail } from './account.ts';

const Token = v.pipe(v.string(), v.minLength(1), v.maxLength(4096));

/** Mails a code to the new address; the address changes only once that code comes back. */
export const userUpdateEmail = defineCall({
  name: 'user-update-email',
  method: 'POST',
  auth: 'member',
  body: v.object({ accessToken: Token, email: Email, Language: v.optional(v.picklist(['en', 'zh-Hant'])) }),
  response: v.object({}),
});

export const userConfirmUpdateEmail = defineCall({
  name: 'user-confirm-update-email',
  method: 'POST',
  auth: 'member',
  body: v.object({ accessToken: Token, AttributeName: v.literal('email'), code: Code }),
  response: v.object({ userDetailInfo: UserDetail }),
});
