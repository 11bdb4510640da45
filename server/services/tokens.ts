import { SignJWT, jwtVerify } from 'jose';
import type { Clock } from '../deps.ts';

export interface IdTokenClaims {
  userId: string;
}

export interface Tokens {
  /** Signs a short-lived id token for a member. */
  signIdToken(claims: IdTokenClaims): Promise<string>;
  /** The member an id token names, or null when it is forged, expired or malformed. */
  verifyIdToken(token: string): Promise<IdTokenClaims | null>;
}

const ISSUER = 'sip-and-gather';

export function createTokens(options: { secret: Uint8Array; idTokenSeconds: number; clock: Clock }): Tokens {
  const { secret, idTokenSeconds, clock } = options;
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  return {
    async signIdToken({ userId }) {
      const iat = nowSeconds();
      return new SignJWT({ token_use: 'id' })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(ISSUER)
        .setSubject(userId)
        .setIssuedAt(iat)
        .setExpirationTime(iat + idTokenSeconds)
        .sign(secret);
    },
    async verifyIdToken(token) {
      try {
        const { payload } = await jwtVerify(token, secret, {
          issuer: ISSUER,
          algorithms: ['HS256'],
          currentDate: clock.now(),
        });
        if (payload.token_use !== 'id' || !payload.sub) return null;
        return { userId: payload.sub };
      } catch {
        return null;
      }
    },
  };
}
