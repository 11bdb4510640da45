import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import * as v from 'valibot';
import { isRoleAuth, type CallDef } from '../../contract/index.ts';
import { PreparedAnswer, type ApiCookies, type CallContext, type Registered } from '../calls/handler.ts';
import type { Deps } from '../deps.ts';
import { isSessionActive } from '../services/sessions.ts';
import { requireRole } from '../services/staff/roles.ts';
import { requireSecondFactor } from '../services/staff/second-factor.ts';
import type { MemberClaims } from '../services/tokens.ts';
import { encodedText } from './compression.ts';
import { apiAnswerHeaders, COMPLETE_ANSWER, type SecurityOptions } from './security-headers.ts';
import { ApiError } from './errors.ts';
import { ErrorCode } from '../../contract/errors.ts';

export type AppEnv = { Variables: { requestId: string; [COMPLETE_ANSWER]?: boolean } };

/** Serves every registered call at /<name> (mounted under /api). */
export function createApiRouter(deps: Deps, registry: ReadonlyMap<string, Registered>, security: SecurityOptions) {
  const api = new Hono<AppEnv>();
  const answerHeaders = apiAnswerHeaders(security);

  // Spec names may hold a slash (coupon/apply): the call is the whole path below the mount point. A
  // wildcard rather than a `{.+}` parameter keeps Hono on its fastest router (RegExpRouter).
  api.all('/*', async (c) => {
    const name = c.req.path.slice(c.req.path.indexOf('/api/') + 5);
    const entry = registry.get(name);
    if (!entry) throw new ApiError(404, ErrorCode.NotFound, `Unknown call ${name}`);
    const { call, handler } = entry;
    if (c.req.method !== call.method) throw new ApiError(404, ErrorCode.NotFound, `${call.name} is a ${call.method} call`);

    // Member and role calls need a signed-in member (401); a role call also needs the role (403, issue 32).
    const caller = call.auth === 'public' ? undefined : await authenticate(c, deps);
    const userId = caller?.userId;
    if (caller && isRoleAuth(call.auth)) {
      await requireRole(deps.db, caller.userId, call.auth);
      // The back office's calls need a recent second factor on this session, where the shop requires it.
      if (deps.config.staffSecondFactor && (call.auth === 'staff' || call.auth === 'owner')) await requireSecondFactor(deps, caller.sessionId);
    }
    const body = parseBody(call, await readInput(c, call, deps.config.maxBodyBytes));
    const context = new ApiCallContext(c, deps, body, userId, caller?.sessionId);
    const data = await handler(context);
    const answer = encodedText(data instanceof PreparedAnswer ? data.json : JSON.stringify({ result: true, ...data }), c.req.header('accept-encoding'));
    // Cookies are headers Hono holds for the answer: it merges them in, and the middlewares add the rest.
    if (context.cookiesSet) {
      const headers: Record<string, string> = { 'content-type': 'application/json', 'content-length': String(answer.length), vary: 'Accept-Encoding' };
      if (answer.encoding) headers['content-encoding'] = answer.encoding;
      return c.body(answer.body, 200, headers);
    }
    c.set(COMPLETE_ANSWER, true);
    return new Response(answer.body, { status: 200, headers: answerHeaders(answer, c.get('requestId')) });
  });

  return api;
}

/**
 * What a handler is given. The client's address, its cookies and the optional member are worked out when a
 * handler asks for them (few do): a closure made for every call costs getProduct, the busiest, a few µs each
 * (DESIGN §10), more under tsx, which names every one.
 */
class ApiCallContext implements CallContext<CallDef> {
  /** A handler set a cookie: the answer goes out through Hono, which holds them. */
  cookiesSet = false;
  constructor(
    private readonly c: Context,
    readonly deps: Deps,
    readonly body: CallContext<CallDef>['body'],
    readonly userId: string | undefined,
    readonly sessionId: string | undefined,
  ) {}

  get clientIp() {
    return clientIp(this.c, this.deps);
  }

  /** A function (handlers take it out of their context): the member the bearer token names, if any. */
  get signedInMember() {
    const { c, deps, userId } = this;
    return () => (userId ? Promise.resolve(userId) : bearerMember(c, deps));
  }

  get cookies(): ApiCookies {
    return apiCookies(this.c, this.deps, () => {
      this.cookiesSet = true;
    });
  }
}

async function readInput(c: Context, call: CallDef, maxBytes: number): Promise<unknown> {
  const input = call.method === 'GET' ? c.req.query() : parseJson(await readBody(c, maxBytes));
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new ApiError(400, ErrorCode.InvalidParameter, 'Body must be a JSON object');
  }
  checkShape(input);
  return input;
}

const tooLarge = () => new ApiError(413, ErrorCode.InvalidParameter, 'Request body is too large');

/**
 * The body as text, refused past maxBytes: a declared Content-Length is checked before anything is read
 * (the HTTP parser holds the body to it); a chunked body is read up to the limit. Not Hono's bodyLimit:
 * it touches the request's web-stream body on every call, which made every API call 3-4 times as
 * expensive on Node (DESIGN §10: getProduct at 0.6 × a bare server).
 */
async function readBody(c: Context, maxBytes: number): Promise<string> {
  const declared = c.req.header('content-length');
  if (declared !== undefined) {
    if (!/^\d+$/.test(declared) || Number(declared) > maxBytes) throw tooLarge();
    return c.req.text();
  }
  const stream = c.req.raw.body;
  if (!stream) return '';
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, ErrorCode.InvalidParameter, 'Body is not valid JSON');
  }
}

/** No call's body nests deeper than this (an address in a list in a body is 3); JSON.parse itself has no limit. */
const MAX_BODY_DEPTH = 16;

/**
 * Walks the parsed body without recursion (its depth is the client's to choose): refuses nesting past
 * MAX_BODY_DEPTH before valibot or a handler sees it, and NUL characters, which PostgreSQL text cannot hold,
 * rather than fail in a query.
 */
function checkShape(input: object) {
  const pending: Array<{ value: unknown; depth: number }> = [{ value: input, depth: 1 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, depth } = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) throw new ApiError(400, ErrorCode.InvalidParameter, 'Text must not contain NUL characters');
    } else if (typeof value === 'object' && value !== null) {
      if (depth > MAX_BODY_DEPTH) throw new ApiError(400, ErrorCode.InvalidParameter, 'Body is nested too deeply');
      for (const key in value) {
        if (key.includes('\u0000')) throw new ApiError(400, ErrorCode.InvalidParameter, 'Text must not contain NUL characters');
        pending.push({ value: (value as Record<string, unknown>)[key], depth: depth + 1 });
      }
    }
  }
}

/** Validates a body against the call's schema; the first problem names its field. */
function parseBody(call: CallDef, input: unknown) {
  const parsed = v.safeParse(call.body, input);
  if (parsed.success) return parsed.output;
  const issue = parsed.issues[0];
  const field = v.getDotPath(issue) ?? undefined;
  const value = issue.path?.length ? issue.path[issue.path.length - 1]!.value : issue.input;
  if (field && value === undefined) {
    throw new ApiError(400, ErrorCode.MissingParameter, `${field} is required`, field);
  }
  if (!field) throw new ApiError(400, ErrorCode.InvalidParameter, 'Body must be a JSON object');
  throw new ApiError(400, ErrorCode.InvalidParameter, `${field} is invalid: ${issue.message}`, field);
}

function apiCookies(c: Context, deps: Deps, onSet: () => void): ApiCookies {
  const secure = deps.config.publicUrl.startsWith('https:');
  return {
    get: (name) => getCookie(c, name),
    set: (name, value, maxAge) => {
      onSet();
      setCookie(c, name, value, { path: '/api', httpOnly: true, sameSite: 'Strict', secure, maxAge });
    },
  };
}

/** Member and role calls need a valid bearer id token (DESIGN §4). */
async function authenticate(c: Context, deps: Deps): Promise<MemberClaims> {
  const claims = await bearerClaims(c, deps);
  if (!claims) throw unauthorized();
  return claims;
}

/**
 * The member a request's bearer id token names; undefined when it carries none. A token that is there but
 * invalid, expired or signed out answers 401, so that the client refreshes it and asks again.
 */
export async function bearerMember(c: Context, deps: Deps): Promise<string | undefined> {
  return (await bearerClaims(c, deps))?.userId;
}

/** The member and sign-in session of a request's bearer id token, as bearerMember. */
async function bearerClaims(c: Context, deps: Deps): Promise<MemberClaims | undefined> {
  const header = c.req.header('authorization') ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  if (!token) return undefined;
  const claims = await deps.tokens.verifyIdToken(token);
  // A signed-out (revoked) session's tokens stop working at once, not when they expire.
  if (!claims || !(await isSessionActive(deps.db, claims.sessionId))) throw unauthorized();
  return claims;
}

const unauthorized = () => new ApiError(401, ErrorCode.Unauthorized, 'Unauthorized');

/**
 * The client's address: the socket's, or behind `trustProxy` proxies of ours the X-Forwarded-For entry
 * that many places from the right (each proxy appends the address it was reached from; everything to the
 * left of what our proxies wrote is the client's to invent, so rotating it changes nothing here). A request
 * that came through fewer proxies than configured gives its left-most entry, as Express does.
 */
export function clientIp(c: Context, deps: Pick<Deps, 'config'>): string | undefined {
  const hops = deps.config.trustProxy;
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  const socket = incoming?.socket?.remoteAddress;
  if (hops <= 0) return socket;
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (forwarded.length === 0) return socket;
  return forwarded[Math.max(0, forwarded.length - hops)];
}
