import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Clock } from './clock.ts';

/** What a member token carries: the member, and the sign-in session it belongs to. */
export interface MemberClaims {
  userId: string;
  sessionId: string;
}

/**
 * Short-lived tokens: `id` and `access` for a session; `reset` and `challenge` for password flows; `device`
 * marks a browser the member has signed in from (its sessionId is the device's id), for sign-in limits.
 */
export type TokenUse = 'id' | 'access' | 'reset' | 'challenge' | 'device';

export interface Tokens {
  idTokenSeconds: number;
  sign(use: TokenUse, claims: MemberClaims, seconds?: number): Promise<string>;
  /** The claims of a token of that use, or null when it is forged, expired, malformed or of another use. */
  verify(use: TokenUse, token: string): Promise<MemberClaims | null>;
  /** Shorthand for the bearer id token of member calls. */
  signIdToken(claims: MemberClaims): Promise<string>;
  verifyIdToken(token: string): Promise<MemberClaims | null>;
  /** A 32-byte key for `purpose`, derived from the signing secret (HKDF-SHA256): one secret for the shop to keep. */
  deriveKey(purpose: string): Buffer;
}

const ISSUER = 'sip-and-gather';

export function createTokens(options: { secret: Uint8Array; idTokenSeconds: number; clock: Clock }): Tokens {
  const { secret, idTokenSeconds, clock } = options;
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  const sign: Tokens['sign'] = async (use, { userId, sessionId }, seconds = idTokenSeconds) => {
    const iat = nowSeconds();
    return new SignJWT({ token_use: use, sid: sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setSubject(userId)
      .setIssuedAt(iat)
      .setExpirationTime(iat + seconds)
      .sign(secret);
  };
  const verify: Tokens['verify'] = async (use, token) => {
    try {
      const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, algorithms: ['HS256'], currentDate: clock.now() });
      if (payload.token_use !== use || !payload.sub || typeof payload.sid !== 'string') return null;
      return { userId: payload.sub, sessionId: payload.sid };
    } catch {
      return null;
    }
  };
  return {
    idTokenSeconds,
    sign,
    verify,
    signIdToken: (claims) => sign('id', claims),
    verifyIdToken: (token) => verify('id', token),
    deriveKey: (purpose) => Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `sip-and-gather/${purpose}`, 32)),
  };
}

/** A random opaque secret (refresh tokens) and its stored form. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}
