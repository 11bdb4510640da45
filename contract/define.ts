import * as v from 'valibot';

/** Who may make a call: anyone, or a member presenting a bearer id token. */
export type Auth = 'public' | 'member';

export interface CallDef<
  Name extends string = string,
  Body extends v.GenericSchema = v.GenericSchema,
  Response extends v.GenericSchema = v.GenericSchema,
  A extends Auth = Auth,
> {
  name: Name;
  method: 'GET' | 'POST';
  /** Kept as its literal, so a member call's handler is typed with the member's id (server/calls/handler.ts). */
  auth: A;
  body: Body;
  response: Response;
  /** Calls that must not show the global loader (spec §2: username check). */
  noLoader?: boolean;
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

/** Integer minor units (cents) of a currency. */
export const Money = v.pipe(v.number(), v.integer(), v.minValue(0));

export const Id = v.pipe(v.string(), v.minLength(1), v.maxLength(64));
