/**
 * Rate limits as handlers use them (the numbers are in create-deps.ts), and the sign-in limits, which must
 * stop password guessing without letting a guesser lock an account's owner out.
 */
import { randomUUID } from 'node:crypto';
import { ErrorCode } from '../../contract/errors.ts';
import type { ApiCookies } from '../http/cookies.ts';
import type { Deps, Limits } from '../deps.ts';
import { ApiError } from '../http/errors.ts';

export const limitReached = () => new ApiError(429, ErrorCode.LimitError, 'Attempt limit exceeded, please try again later.');

/** Counts one attempt, refused once the limiter's allowance for the key is spent. */
export async function limit(deps: Pick<Deps, 'limits'>, limiter: keyof Limits, key: string): Promise<void> {
  if (!(await deps.limits[limiter].attempt(key))) throw limitReached();
}

/**
 * Takes one attempt under each limiter and key, before the work, so parallel requests cannot all slip
 * through; refused when any allowance is spent. Answers the refund, for an attempt that turns out not to
 * count (a right password, a valid coupon).
 */
export async function takeAttempts(
  deps: Pick<Deps, 'limits'>,
  gates: ReadonlyArray<readonly [keyof Limits, string]>,
): Promise<() => Promise<void>> {
  const allowed = await Promise.all(gates.map(([limiter, key]) => deps.limits[limiter].attempt(key)));
  if (allowed.includes(false)) throw limitReached();
  return async () => {
    await Promise.all(gates.map(([limiter, key]) => deps.limits[limiter].refund(key)));
  };
}

/** The browser's device tokens: one per account that signed in from it (HttpOnly, only sent to /api). */
const DEVICE_COOKIE = 'sg_device';
/** Spec §9: the shop's cookies live 180 days. */
const DEVICE_SECONDS = 180 * 86_400;
const ACCOUNTS_PER_BROWSER = 5;

export interface SignInAttempt {
  /** The password was right: the attempt does not count, and the browser is remembered for the account. */
  succeeded(): Promise<void>;
}

/**
 * Counts a sign-in attempt before the password is checked. A browser the account has signed in from before
 * (a device token in its cookie) has an allowance of its own, which nobody without that cookie can spend:
 * someone who knows a member's e-mail cannot lock the member out of their own devices. Every other attempt
 * counts against the client's address and against the account, so guessing one account from many addresses
 * stays capped. Only failures count: a shop behind one address is not locked out by its members signing in.
 */
export async function beginSignIn(
  deps: Pick<Deps, 'limits' | 'tokens'>,
  attempt: { email: string; userId: string | undefined; clientIp: string | undefined; cookies: ApiCookies },
): Promise<SignInAttempt> {
  const devices = await deviceTokens(deps, attempt.cookies);
  const device = attempt.userId ? devices.find((d) => d.userId === attempt.userId) : undefined;
  const refund = await takeAttempts(
    deps,
    device
      ? [['loginPerDevice', device.deviceId]]
      : [
          ['loginPerAddress', attempt.clientIp ?? 'unknown'],
          ['loginPerAccount', attempt.email],
        ],
  );
  return {
    async succeeded() {
      await refund();
      if (device || !attempt.userId) return;
      const token = await deps.tokens.sign('device', { userId: attempt.userId, sessionId: randomUUID() }, DEVICE_SECONDS);
      const others = devices.filter((d) => d.userId !== attempt.userId).slice(-(ACCOUNTS_PER_BROWSER - 1));
      attempt.cookies.set(DEVICE_COOKIE, [...others.map((d) => d.token), token].join('~'), DEVICE_SECONDS);
    },
  };
}

async function deviceTokens(deps: Pick<Deps, 'tokens'>, cookies: ApiCookies) {
  const tokens = (cookies.get(DEVICE_COOKIE) ?? '').split('~').filter(Boolean).slice(-ACCOUNTS_PER_BROWSER);
  const verified = await Promise.all(
    tokens.map(async (token) => {
      const claims = await deps.tokens.verify('device', token);
      return claims ? { token, userId: claims.userId, deviceId: claims.sessionId } : undefined;
    }),
  );
  return verified.filter((d) => d !== undefined);
}

/**
 * Runs work that checks a coupon code a member typed. A code that does not exist (70600 NotFound) counts
 * against the member and the client address; anything else is given back. Once either allowance is spent, typed
 * codes are refused unchecked, as 70600 TooManyAttempts, so the bag and checkout drop the code and carry on
 * without it (spec §4), and guessing codes stays slow.
 */
export async function checkingCoupon<T>(
  deps: Pick<Deps, 'limits'>,
  who: { userId: string; clientIp: string | undefined },
  code: string | undefined,
  work: () => Promise<T>,
): Promise<T> {
  if (!code?.trim()) return work();
  let refund: () => Promise<void>;
  try {
    refund = await takeAttempts(deps, [
      ['couponGuessesPerMember', who.userId],
      ['couponGuessesPerAddress', who.clientIp ?? 'unknown'],
    ]);
  } catch {
    throw new ApiError(400, ErrorCode.InvalidCoupon, 'Too many coupon codes were tried. Please wait a few minutes.', 'CouponID', {
      reason: 'TooManyAttempts',
    });
  }
  try {
    const result = await work();
    await refund();
    return result;
  } catch (error) {
    // Only a code that does not exist is a miss: any other refusal (expired, minimum spend …) is about a
    // real code, which a guesser has then already found.
    const miss = error instanceof ApiError && error.code === ErrorCode.InvalidCoupon && error.extra.reason === 'NotFound';
    if (!miss) await refund();
    throw error;
  }
}
