import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import * as contract from '../../contract/third-party.ts';
import type { ThirdPartyProvider } from '../../contract/index.ts';
import type { Db } from '../db/client.ts';
import { identities, oidcStates, pendingLinks, users } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { finishAuthorization, OidcRefused, startAuthorization, type OidcIdentity } from '../services/oidc.ts';
import { startSession } from '../services/sessions.ts';
import { beginSignIn } from '../services/limits.ts';
import { incorrectCredentials, requireAccessToken, userByEmail } from '../services/users.ts';
import { implement } from './handler.ts';
import { FORM_POST_PATH } from '../http/oidc-routes.ts';
import type { OidcProviderConfig } from '../services/oidc-config.ts';
import { ErrorCode } from '../../contract/errors.ts';

/** An authorization in progress and a sign-in waiting for its password both last ten minutes. */
const PENDING_MS = 10 * 60_000;
const PROVIDERS = ['google', 'apple', 'facebook'] as const satisfies readonly ThirdPartyProvider[];

const refused = (message = 'The third-party login could not be completed. Please try again.') =>
  new ApiError(400, ErrorCode.NotAuthorizedException, message);

/**
 * The address a provider sends the browser back to, registered with the provider as is: the SPA's
 * /third_party_login, or the form-POST receiver that forwards there (server/http/oidc-routes.ts).
 */
const redirectUri = (deps: Deps, settings: OidcProviderConfig) =>
  settings.responseMode === 'form_post' ? `${deps.config.publicUrl}${FORM_POST_PATH}` : `${deps.config.publicUrl}/third_party_login`;

function settingsOf(deps: Deps, provider: string) {
  const settings = (PROVIDERS as readonly string[]).includes(provider) ? deps.oidc[provider as ThirdPartyProvider] : undefined;
  if (!settings) throw new ApiError(400, ErrorCode.InvalidParameter, 'This login provider is not available', 'Provider');
  return settings;
}

/** Starts an authorization: state, PKCE verifier and nonce stay on the server; the state itself is random. */
async function authorize(deps: Deps, provider: ThirdPartyProvider, userId?: string) {
  const settings = settingsOf(deps, provider);
  const start = await startAuthorization(settings, redirectUri(deps, settings));
  const now = deps.clock.now();
  await deps.db.delete(oidcStates).where(lt(oidcStates.expiresAt, now));
  await deps.db.insert(oidcStates).values({
    state: start.state,
    provider,
    codeVerifier: start.codeVerifier,
    nonce: start.nonce,
    userId: userId ?? null,
    expiresAt: new Date(now.getTime() + PENDING_MS),
  });
  return { AuthorizationUrl: start.url };
}

async function signIn(deps: Deps, userId: string) {
  const [user] = await deps.db.select({ disabled: users.disabled }).from(users).where(eq(users.id, userId));
  if (!user) throw refused();
  if (user.disabled) throw new ApiError(400, ErrorCode.AccountDisabled, 'User is disabled.');
  return startSession(deps, userId);
}

async function linkedUser(db: Db, provider: string, subject: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: identities.userId })
    .from(identities)
    .where(and(eq(identities.provider, provider), eq(identities.subject, subject)));
  return row?.userId;
}

/** Links (provider, subject) to a member; refused when it already belongs to someone else. */
async function link(deps: Deps, provider: string, identity: { subject: string; email: string | undefined }, userId: string) {
  await deps.db
    .insert(identities)
    .values({ provider, subject: identity.subject, userId, email: identity.email ?? '', createdAt: deps.clock.now() })
    .onConflictDoNothing();
  if ((await linkedUser(deps.db, provider, identity.subject)) !== userId) {
    throw refused('This third-party account is already linked to another member.');
  }
}

/** The e-mail has an account already: keep the sign-in aside until that account's password is given. */
async function requireLink(deps: Deps, provider: string, subject: string, email: string): Promise<never> {
  const now = deps.clock.now();
  const id = randomBytes(32).toString('base64url');
  await deps.db.delete(pendingLinks).where(lt(pendingLinks.expiresAt, now));
  await deps.db.insert(pendingLinks).values({ id, provider, subject, email, expiresAt: new Date(now.getTime() + PENDING_MS) });
  throw new ApiError(400, ErrorCode.LinkRequired, 'An account with this e-mail already exists: enter its password to link it.', undefined, {
    email,
    thirdPartyID: id,
  });
}

/** A first sign-in with a verified e-mail nobody uses: a verified member whose password nobody knows. */
async function createMember(deps: Deps, provider: string, identity: OidcIdentity & { email: string }): Promise<string | undefined> {
  const id = randomUUID();
  const now = deps.clock.now();
  const passwordHash = await deps.passwords.hash(randomBytes(32).toString('base64url'));
  try {
    await deps.db.transaction(async (tx) => {
      await tx.insert(users).values({
        id,
        email: identity.email,
        emailVerified: true,
        passwordHash,
        givenName: identity.givenName ?? '',
        familyName: identity.familyName ?? '',
        createdAt: now,
      });
      await tx.insert(identities).values({ provider, subject: identity.subject, userId: id, email: identity.email, createdAt: now });
    });
    return id;
  } catch {
    // Someone took the e-mail (or linked this login) at the same moment: the caller looks again.
    return undefined;
  }
}

export const thirdPartyHandlers = implement(contract, {
  async getThirdPartyProviders({ deps }) {
    return { Providers: PROVIDERS.filter((p) => deps.oidc[p]) };
  },

  async thirdPartyAuthorize({ body, deps }) {
    return authorize(deps, body.Provider);
  },

  async thirdPartyLinkup({ body, deps, userId }) {
    const claims = await requireAccessToken(deps, body.accessToken, userId);
    return authorize(deps, body.Provider, claims.userId);
  },

  async loginCodeChallenge({ body, deps }) {
    // Deleted on use: a state works once, whatever happens next.
    const [pending] = await deps.db.delete(oidcStates).where(eq(oidcStates.state, body.State)).returning();
    if (!pending || pending.expiresAt <= deps.clock.now()) throw refused('This login has expired. Please start again.');
    const settings = settingsOf(deps, pending.provider);
    let identity: OidcIdentity;
    try {
      identity = await finishAuthorization(settings, redirectUri(deps, settings), {
        code: body.Code,
        state: pending.state,
        codeVerifier: pending.codeVerifier,
        nonce: pending.nonce,
      });
    } catch (error) {
      if (!(error instanceof OidcRefused)) throw error;
      deps.log.info({ provider: pending.provider, err: error.cause ?? error }, 'third-party login refused');
      throw refused();
    }
    const { provider } = pending;

    if (pending.userId) {
      // third-party-linkup: the signed-in member adds this login to their account.
      await link(deps, provider, identity, pending.userId);
      return signIn(deps, pending.userId);
    }

    for (let attempt = 0; attempt < 2; attempt++) {
      const linked = await linkedUser(deps.db, provider, identity.subject);
      if (linked) return signIn(deps, linked);
      const email = identity.email;
      if (!email || !identity.emailVerified) throw refused('The provider has not verified this e-mail address.');
      const existing = await userByEmail(deps.db, email);
      if (existing) return requireLink(deps, provider, identity.subject, existing.email);
      const created = await createMember(deps, provider, { ...identity, email });
      if (created) return signIn(deps, created);
    }
    throw refused();
  },

  async userLinkThirdPartyAccountWithLogin({ body, deps, clientIp, cookies }) {
    const user = await userByEmail(deps.db, body.email);
    const attempt = await beginSignIn(deps, { email: body.email, userId: user?.id, clientIp, cookies });
    const expired = () => refused('This link request has expired. Please log in with the provider again.');
    const [pending] = await deps.db.select().from(pendingLinks).where(eq(pendingLinks.id, body.thirdPartyID));
    if (!pending || pending.email !== body.email || pending.expiresAt <= deps.clock.now()) throw expired();
    const valid = await deps.passwords.verify(body.password, user?.passwordHash);
    if (!user || !valid) throw incorrectCredentials();
    await attempt.succeeded();
    if (user.disabled) throw new ApiError(400, ErrorCode.AccountDisabled, 'User is disabled.');
    const taken = await deps.db.delete(pendingLinks).where(eq(pendingLinks.id, pending.id)).returning({ id: pendingLinks.id });
    if (taken.length === 0) throw expired();
    await link(deps, pending.provider, { subject: pending.subject, email: pending.email }, user.id);
    // The provider vouched for the e-mail and the member knew the password: the address is theirs.
    if (!user.emailVerified) await deps.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
    return startSession(deps, user.id);
  },
});
