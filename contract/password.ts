/**
 * Spec §5 password rules. A file of their own (re-exported by account.ts) so that the SPA, which
 * checks passwords as they are typed, takes these without the account schemas (DESIGN §10).
 */

/** Spec §5: at least 8 characters with a lowercase letter, an uppercase letter and a number. */
export const PASSWORD_MIN_LENGTH = 8;

/** Spec §5 password rules, in order; each failing rule has a message in the UI. */
export const PASSWORD_RULES = [
  { code: 'PasswordTooShort', test: (p: string) => p.length >= PASSWORD_MIN_LENGTH },
  { code: 'PasswordNoLowercase', test: (p: string) => /[a-z]/.test(p) },
  { code: 'PasswordNoUppercase', test: (p: string) => /[A-Z]/.test(p) },
  { code: 'PasswordNoNumber', test: (p: string) => /[0-9]/.test(p) },
] as const;
export type PasswordProblem = (typeof PASSWORD_RULES)[number]['code'];

export function passwordProblems(password: string): PasswordProblem[] {
  return PASSWORD_RULES.filter((r) => !r.test(password)).map((r) => r.code);
}
