import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { TokenSet } from '../../contract/index.ts';
import type { Db } from '../db/client.ts';
import { refreshTokens, sessions } from '../db/schema.ts';
import type { Clock } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { newOpaqueToken, sha256, type Tokens } from './tokens.ts';
import { ErrorCode } from '../../contract/errors.ts';

/** Refresh tokens live 30 days; each use rotates them. */
const REFRESH_TOKEN_DAYS = 30;
const DAY_MS = 86_400_000;

export const refreshRevoked = () => new ApiError(400, ErrorCode.NotAuthorizedException, 'Refresh Token has been revoked');

export interface SessionDeps {
  db: Db;
  clock: Clock;
  tokens: Tokens;
}

async function tokenSet(deps: SessionDeps, userId: string, sessionId: string, refreshToken: string): Promise<TokenSet> {
  const claims = { userId, sessionId };
  return {
    userID: userId,
    idToken: await deps.tokens.sign('id', claims),
    accessToken: await deps.tokens.sign('access', claims),
    refreshToken,
    expiresIn: deps.tokens.idTokenSeconds,
  };
}

async function storeRefreshToken(db: Db, userId: string, familyId: string, now: Date): Promise<string> {
  const token = newOpaqueToken();
  await db.insert(refreshTokens).values({
    tokenHash: sha256(token),
    userId,
    familyId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_DAYS * DAY_MS),
  });
  return token;
}

/** Starts a sign-in session: a new refresh-token family and its first tokens. */
export async function startSession(deps: SessionDeps, userId: string): Promise<TokenSet> {
  const now = deps.clock.now();
  const sessionId = randomUUID();
  await deps.db.insert(sessions).values({ id: sessionId, userId, createdAt: now });
  return tokenSet(deps, userId, sessionId, await storeRefreshToken(deps.db, userId, sessionId, now));
}

/**
 * Exchanges a refresh token for a new set. A token already exchanged means it leaked:
 * the whole family (the session) is revoked.
 */
export async function rotateSession(deps: SessionDeps, userId: string, refreshToken: string): Promise<TokenSet> {
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const [row] = await db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(refreshToken)))
      .for('update');
    if (!row || row.userId !== userId) return { kind: 'invalid' as const };
    const [session] = await db.select().from(sessions).where(eq(sessions.id, row.familyId));
    if (!session || session.revokedAt || row.expiresAt <= now) return { kind: 'invalid' as const };
    if (row.usedAt) return { kind: 'reused' as const, familyId: row.familyId };
    await db.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.tokenHash, row.tokenHash));
    return { kind: 'rotated' as const, familyId: row.familyId, token: await storeRefreshToken(db, userId, row.familyId, now) };
  });
  if (outcome.kind === 'rotated') return tokenSet(deps, userId, outcome.familyId, outcome.token);
  // Revoked outside the transaction above, so that refusing the token does not undo it.
  if (outcome.kind === 'reused') await revokeSession(deps, outcome.familyId);
  throw refreshRevoked();
}

export async function revokeSession(deps: SessionDeps, sessionId: string): Promise<void> {
  await deps.db
    .update(sessions)
    .set({ revokedAt: deps.clock.now() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(deps: SessionDeps, userId: string): Promise<void> {
  await deps.db
    .update(sessions)
    .set({ revokedAt: deps.clock.now() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function isSessionActive(db: Db, sessionId: string): Promise<boolean> {
  const [row] = await db.select({ revokedAt: sessions.revokedAt }).from(sessions).where(eq(sessions.id, sessionId));
  return !!row && !row.revokedAt;
}

/** Ends every session of the member but one (a password change keeps the session that made it). */
export async function revokeOtherSessions(deps: SessionDeps, userId: string, keptSessionId: string): Promise<void> {
  await deps.db
    .update(sessions)
    .set({ revokedAt: deps.clock.now() })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keptSessionId), isNull(sessions.revokedAt)));
}
