/**
 * Members made the way a person would make one: sign up through the API, then read the verification
 * code from the server's mail outbox (GET /api/dev/outbox) as they would read their inbox.
 */
import { userConfirmSignup, userSignup, type TokenSet } from '../../contract/index.ts';
import type { TestApp } from './test-app.ts';

/** The password signUpMember gives unless told otherwise. */
export const MEMBER_PASSWORD = 'Oolong2026';

export interface Mail {
  subject: string;
  text: string;
}

let counter = 0;
/** An address no one has used yet in this test file, e.g. `member3.1793…@example.com`. */
export const freshEmail = (prefix = 'member') => `${prefix}${++counter}.${Date.now()}@example.com`;

let addresses = 0;
/**
 * A client address no one has used yet in this test file (198.18.0.0/15, set aside for tests), sent as
 * X-Forwarded-For: each member signs up from a device of their own, as the sign-up limit per address expects.
 */
export const freshClientAddress = () => {
  addresses += 1;
  return `198.${18 + (addresses >> 16)}.${(addresses >> 8) & 255}.${addresses & 255}`;
};

/** The mails an address received, newest first. */
export async function mails(server: TestApp, email: string): Promise<Mail[]> {
  const r = await server.raw(`/api/dev/outbox?email=${encodeURIComponent(email)}`);
  return (r.json?.Mails as Mail[] | undefined) ?? [];
}

/** The 6-digit code in the newest mail to an address, with that mail's text; throws when there is none. */
export async function mailedCode(server: TestApp, email: string): Promise<{ code: string; text: string }> {
  const text = (await mails(server, email))[0]?.text ?? '';
  const code = text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return { code, text };
}

export interface NewMember {
  email?: string;
  password?: string;
  given_name?: string;
  family_name?: string;
}

/** A verified member, signed up through the API with the mailed code; returns its tokens and e-mail. */
export async function signUpMember(
  server: TestApp,
  { email = freshEmail(), password = MEMBER_PASSWORD, given_name = 'Ka Yan', family_name = 'Wong' }: NewMember = {},
): Promise<TokenSet & { email: string }> {
  await server.call(userSignup, { email, password, given_name, family_name }, { 'x-forwarded-for': freshClientAddress() });
  const tokens = await server.call(userConfirmSignup, { email, confirmationCode: (await mailedCode(server, email)).code });
  return { ...tokens, email };
}
