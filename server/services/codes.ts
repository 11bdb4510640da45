/** One-time codes mailed for sign-up, password reset, e-mail change and a host opening a gathering. */
import { createHash, randomInt, randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { verificationCodes } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { ErrorCode } from '../../contract/errors.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** A host's code opens a gathering at the venue: asked for there, used at once. */
export const CODE_TTL_MS = { signup: DAY_MS, reset: HOUR_MS, email: HOUR_MS, host: 15 * 60_000 } as const;
/** Wrong tries one code allows; the per-address limit on code checks has the same number. */
export const MAX_CODE_ATTEMPTS = 5;

export type CodePurpose = keyof typeof CODE_TTL_MS;

export const codeMismatch = () => new ApiError(400, ErrorCode.CodeMismatchException, 'Invalid verification code provided, please try again.');

const codeHash = (codeId: string, code: string) => createHash('sha256').update(`${codeId}:${code}`).digest('base64url');

/** Issues a fresh one-time code for a purpose; earlier unused codes of that purpose stop working. */
export async function issueCode(deps: Pick<Deps, 'db' | 'clock'>, userId: string, purpose: CodePurpose, target?: string) {
  const now = deps.clock.now();
  await deps.db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.consumedAt)));
  const id = randomUUID();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await deps.db.insert(verificationCodes).values({
    id,
    userId,
    purpose,
    codeHash: codeHash(id, code),
    target,
    expiresAt: new Date(now.getTime() + CODE_TTL_MS[purpose]),
    createdAt: now,
  });
  return { id, code };
}

/**
 * Checks a code against the newest one of its purpose: a wrong code counts towards the code's tries; a code
 * whose tries are spent answers `spent`. For sign-up and reset codes that is a mismatch, as for an address
 * with no account (the answer must not tell them apart; the per-address limit on checks answers LimitError
 * for both); a signed-in member's e-mail change says LimitError. Expired codes fail with
 * ExpiredCodeException; a right one is consumed.
 */
export async function consumeCode(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: string,
  purpose: CodePurpose,
  code: string,
  spent: () => ApiError = codeMismatch,
) {
  const [row] = await deps.db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.consumedAt)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!row) throw codeMismatch();
  if (row.attempts >= MAX_CODE_ATTEMPTS) throw spent();
  if (row.codeHash !== codeHash(row.id, code)) {
    await deps.db.update(verificationCodes).set({ attempts: sql`${verificationCodes.attempts} + 1` }).where(eq(verificationCodes.id, row.id));
    throw codeMismatch();
  }
  if (row.expiresAt <= deps.clock.now()) throw new ApiError(400, ErrorCode.ExpiredCodeException, 'Invalid code provided, please request a code again.');
  await deps.db.update(verificationCodes).set({ consumedAt: deps.clock.now() }).where(eq(verificationCodes.id, row.id));
  return row;
}
