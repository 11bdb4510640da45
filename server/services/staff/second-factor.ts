/**
 * The back office's second factor (issue 32): TOTP (RFC 6238) with otpauth, a well-kept implementation, rather
 * than our own HMAC arithmetic. Staff and owners set up an authenticator app once (its first code completes the
 * set-up) and pass a code on each sign-in session; the pass lasts STAFF_SECOND_FACTOR_HOURS on that session.
 * Secrets are sealed with AES-256-GCM under a key derived from the signing secret, so a copy of the database
 * alone does not give them away. Each time step's code is taken once (lastStep), and wrong codes are limited.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { and, eq, isNull, or, lt } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { STAFF_SECOND_FACTOR_HOURS } from '../../../contract/staff-second-factor.ts';
import { ErrorCode } from '../../../contract/errors.ts';
import { sessions, staffSecondFactors, users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http/errors.ts';
import { takeAttempts } from '../limits.ts';
import { roleOf } from './roles.ts';

const HOUR_MS = 3_600_000;
const ISSUER = 'Sip & Gather';
/** One step either side of now: a phone's clock a little off, or a code typed as it changed. */
const WINDOW = 1;
const PERIOD_S = 30;

type SecondFactorDeps = Pick<Deps, 'db' | 'clock' | 'tokens' | 'config' | 'limits'>;

const sealingKey = (deps: Pick<Deps, 'tokens'>) => deps.tokens.deriveKey('staff-second-factor');

function seal(deps: Pick<Deps, 'tokens'>, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(deps), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

function unseal(deps: Pick<Deps, 'tokens'>, sealed: string): string {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(deps), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8');
}

const totpFor = (secretBase32: string, label: string) =>
  new OTPAuth.TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret: OTPAuth.Secret.fromBase32(secretBase32) });

/** Back-office roles need it; a host's calls (their own gatherings) do not. */
const needsSecondFactor = (role: string | undefined) => role === 'staff' || role === 'owner';

async function backOfficeRole(deps: SecondFactorDeps, userId: string) {
  const role = await roleOf(deps.db, userId);
  if (!needsSecondFactor(role)) throw new ApiError(403, ErrorCode.Forbidden, 'Only staff and owners set up the back office’s second factor');
  return role;
}

const verifiedUntil = (at: Date | null | undefined) => (at ? new Date(at.getTime() + STAFF_SECOND_FACTOR_HOURS * HOUR_MS) : undefined);

export async function secondFactorStatus(deps: SecondFactorDeps, userId: string, sessionId: string) {
  const role = await roleOf(deps.db, userId);
  const [factor] = await deps.db.select({ enrolledAt: staffSecondFactors.enrolledAt }).from(staffSecondFactors).where(eq(staffSecondFactors.userId, userId));
  const [session] = await deps.db.select({ at: sessions.secondFactorAt }).from(sessions).where(eq(sessions.id, sessionId));
  const until = verifiedUntil(session?.at);
  return {
    Required: Boolean(deps.config.staffSecondFactor) && needsSecondFactor(role),
    Enrolled: Boolean(factor?.enrolledAt),
    VerifiedUntil: until && until > deps.clock.now() ? until.toISOString() : null,
  };
}

/** A new secret for the member's app; one that was never confirmed is replaced, a confirmed one is kept (400). */
export async function enrollSecondFactor(deps: SecondFactorDeps, userId: string) {
  await backOfficeRole(deps, userId);
  const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const now = deps.clock.now();
  const sealedSecret = seal(deps, secret);
  const [stored] = await deps.db
    .insert(staffSecondFactors)
    .values({ userId, sealedSecret, createdAt: now })
    .onConflictDoUpdate({ target: staffSecondFactors.userId, set: { sealedSecret, createdAt: now, lastStep: null }, where: isNull(staffSecondFactors.enrolledAt) })
    .returning({ userId: staffSecondFactors.userId });
  if (!stored) throw new ApiError(400, ErrorCode.SecondFactorEnrolled, 'An authenticator app is set up already');
  return { Secret: secret, OtpauthURI: totpFor(secret, user?.email ?? userId).toString() };
}

/**
 * Checks a code: its time step must be newer than the last one taken (a conditional update, so the same code
 * sent twice at once passes once), then the set-up is complete and this session has passed.
 */
export async function verifySecondFactor(deps: SecondFactorDeps, userId: string, sessionId: string, code: string) {
  await backOfficeRole(deps, userId);
  // An attempt is taken before the code is checked, and given back when it matches: once the wrong ones are
  // spent, no code is checked at all, so guessing cannot go on until one matches.
  const refund = await takeAttempts(deps, [['secondFactorGuessesPerMember', userId]]);
  const [factor] = await deps.db.select().from(staffSecondFactors).where(eq(staffSecondFactors.userId, userId));
  const wrong = () => new ApiError(400, ErrorCode.CodeMismatchException, 'The code does not match', 'Code');
  if (!factor) throw wrong();
  const now = deps.clock.now();
  const delta = totpFor(unseal(deps, factor.sealedSecret), userId).validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  if (delta === null) throw wrong();
  const step = Math.floor(now.getTime() / 1000 / PERIOD_S) + delta;
  const [taken] = await deps.db
    .update(staffSecondFactors)
    .set({ lastStep: step, enrolledAt: factor.enrolledAt ?? now })
    .where(and(eq(staffSecondFactors.userId, userId), or(isNull(staffSecondFactors.lastStep), lt(staffSecondFactors.lastStep, step))))
    .returning({ userId: staffSecondFactors.userId });
  if (!taken) throw wrong();
  await refund();
  await deps.db.update(sessions).set({ secondFactorAt: now }).where(eq(sessions.id, sessionId));
  return { VerifiedUntil: verifiedUntil(now)!.toISOString() };
}

/** Refuses (403 SecondFactorRequired) a back-office call from a session that has not passed lately. */
export async function requireSecondFactor(deps: SecondFactorDeps, sessionId: string): Promise<void> {
  const [session] = await deps.db.select({ at: sessions.secondFactorAt }).from(sessions).where(eq(sessions.id, sessionId));
  const until = verifiedUntil(session?.at);
  if (!until || until <= deps.clock.now()) throw new ApiError(403, ErrorCode.SecondFactorRequired, 'The back office needs your authenticator app’s code');
}

/** The owner's way back in when a phone is lost (npm run staff -- reset-second-factor <email>): the app is set up again. */
export async function resetSecondFactor(deps: Pick<Deps, 'db'>, userId: string): Promise<boolean> {
  const removed = await deps.db.delete(staffSecondFactors).where(eq(staffSecondFactors.userId, userId)).returning({ userId: staffSecondFactors.userId });
  return removed.length > 0;
}
