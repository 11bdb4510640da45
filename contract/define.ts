import * as v from 'valibot';

/**
 * Who may make a call: anyone ('public'), a member presenting a bearer id token ('member'), or a member who
 * also holds a role of the shop's staff (issue 32). For access owner ⊇ staff ⊇ host: a call for 'staff' is
 * open to staff and owners. The server checks the role (401 without a token, 403 Forbidden without the
 * role); a host reaches only their own sessions and gatherings, which the call's service checks.
 */
export type Auth = 'public' | 'member' | RoleAuth;

/** The roles of the people who run the shop, from most to least access. */
export const STAFF_ROLES = ['owner', 'staff', 'host'] as const;
export type RoleAuth = (typeof STAFF_ROLES)[number];

/** Higher reaches more: a role satisfies every call whose role ranks no higher. */
export const ROLE_RANK: Readonly<Record<RoleAuth, number>> = { owner: 3, staff: 2, host: 1 };

/** Whether a call's auth names a role (its caller must be signed in and hold it, or a higher one). */
export const isRoleAuth = (auth: Auth): auth is RoleAuth => (STAFF_ROLES as readonly string[]).includes(auth);

/** Whether a member holding `held` (undefined: no role) may make a call needing `needed`. */
export const roleSatisfies = (held: RoleAuth | undefined, needed: RoleAuth): boolean => held !== undefined && ROLE_RANK[held] >= ROLE_RANK[needed];

export interface CallDef<
  Name extends string = string,
  Body extends v.GenericSchema = v.GenericSchema,
  Response extends v.GenericSchema = v.GenericSchema,
  A extends Auth = Auth,
> {
  name: Name;
  method: 'GET' | 'POST';
  /** Kept as its literal, so a member or role call's handler is typed with the caller's id (server/calls/handler.ts). */
  auth: A;
  body: Body;
  response: Response;
  /** Calls that must not show the global loader (spec §2: username check). */
  noLoader?: boolean;
  /**
   * The call changes nothing: a list, a read, a report. A role call without it is a change, which must write its
   * audit row (issue 32; tests/api/staff-audit-coverage.test.ts makes each one and looks). The SPA's build drops it.
   */
  readOnly?: true;
}

export function defineCall<
  const Name extends string,
  Body extends v.GenericSchema,
  Response extends v.GenericSchema,
  const A extends Auth,
>(def: CallDef<Name, Body, Response, A>): CallDef<Name, Body, Response, A> {
  return def;
}

export type CallBody<C extends CallDef> = v.InferOutput<C['body']>;
export type CallBodyInput<C extends CallDef> = v.InferInput<C['body']>;
export type CallResponse<C extends CallDef> = v.InferOutput<C['response']>;

/** GET calls take no body. */
export const noBody = v.optional(v.object({}), {});

/** Text in both shop languages. */
export const Bilingual = v.object({ en: v.string(), zh: v.string() });
export type Bilingual = v.InferOutput<typeof Bilingual>;

export const Currency = v.picklist(['HKD', 'USD']);
export type Currency = v.InferOutput<typeof Currency>;
export const CURRENCIES = Currency.options;

/** Integer minor units (cents) of a currency, as the shop shows them. A body takes MoneyInput. */
export const Money = v.pipe(v.number(), v.integer(), v.minValue(0));

/**
 * Most minor units a price or amount sent to the shop may carry: 1,000,000.00 in HKD or USD, far above any
 * price it sells and far below the database's integer range (2,147,483,647), so a filter never overflows.
 */
export const MONEY_INPUT_MAX = 100_000_000;

/**
 * Every price or amount a body accepts (issue 26): integer minor units from 0 to MONEY_INPUT_MAX. Anything
 * else is refused 400 InvalidParameter naming the field (tests/api/money-limits.test.ts finds every use).
 */
export const MoneyInput = v.pipe(
  v.number('an amount in minor units'),
  v.integer('a whole number of minor units'),
  v.minValue(0, 'at least 0'),
  v.maxValue(MONEY_INPUT_MAX, `at most ${MONEY_INPUT_MAX} minor units (1,000,000.00)`),
);

export const Id = v.pipe(v.string(), v.minLength(1), v.maxLength(64));
