import type { Auth, CallBody, CallDef, CallResponse } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import type { ApiCookies } from '../http/cookies.ts';

export interface CallContext<C extends CallDef> {
  body: CallBody<C>;
  deps: Deps;
  /** The client's address as far as the server can trust it. */
  clientIp: string | undefined;
  /**
   * The member making a `member` or role call (the dispatcher has checked the bearer id token, and for a role
   * call that the member holds the role); undefined on public calls.
   */
  userId: CallerOf<C>;
  /** The sign-in session of the member making a `member` or role call (its bearer token's); undefined on public calls. */
  sessionId: CallerOf<C>;
  /**
   * On a public call that behaves differently for members (searchProduct): the member its bearer id token
   * names, undefined without a token. Checked only when asked; an invalid or expired token answers 401.
   */
  signedInMember(): Promise<string | undefined>;
  /** The shop's own cookies on /api: HttpOnly, same-site, Secure when the shop is served over HTTPS. */
  cookies: ApiCookies;
}

/**
 * Who makes a call, as its contract entry's `auth` says: a member or role call always has its member's id, a public
 * call never has one (signedInMember() asks for it). Only a call whose auth is not known (the dispatcher's
 * CallDef) may have either.
 */
export type CallerOf<C extends CallDef> = [C['auth']] extends ['public']
  ? undefined
  : [C['auth']] extends [Exclude<Auth, 'public'>]
    ? string
    : string | undefined;

export type { ApiCookies };

/**
 * An answer serialized once and sent as it is to many callers (a cached product): the dispatcher sends
 * its text instead of serializing the same object on every call.
 */
export class PreparedAnswer<C extends CallDef = CallDef> {
  readonly json: string;
  constructor(data: Omit<CallResponse<C>, 'result'>) {
    this.json = JSON.stringify({ result: true, ...data });
  }
}

/** A handler answers the call's data (or a prepared answer); the dispatcher adds `result: true`. */
export type Handler<C extends CallDef> = (ctx: CallContext<C>) => Promise<Omit<CallResponse<C>, 'result'> | PreparedAnswer<C>>;

type CallsOf<M> = { [K in keyof M as M[K] extends CallDef ? K : never]: M[K] };

/** The handlers of one contract module: the compiler insists on one per call. */
export type HandlersFor<M> = { [K in keyof CallsOf<M>]: CallsOf<M>[K] extends CallDef ? Handler<CallsOf<M>[K]> : never };

/** Pairs each handler with its contract entry, keyed by the call's spec name. */
export function implement<M extends object>(contract: M, handlers: HandlersFor<M>): Map<string, Registered> {
  const out = new Map<string, Registered>();
  for (const [key, handler] of Object.entries(handlers) as [string, Handler<CallDef>][]) {
    const call = (contract as Record<string, unknown>)[key] as CallDef;
    out.set(call.name, { call, handler });
  }
  return out;
}

export interface Registered {
  call: CallDef;
  handler: Handler<CallDef>;
}

/** The registry of every served call (server/calls/index.ts, generated): the groups' handlers in one map, no call twice. */
export function collectGroups(groups: ReadonlyArray<ReadonlyMap<string, Registered>>): ReadonlyMap<string, Registered> {
  const all = new Map<string, Registered>();
  for (const group of groups) {
    for (const [name, entry] of group) {
      if (all.has(name)) throw new Error(`Two call groups answer ${name}`);
      all.set(name, entry);
    }
  }
  return all;
}
