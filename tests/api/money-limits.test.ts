/**
 * Money and other numbers in bodies (issue 26, finding 6): a price filter of 2147483648 was a 500 (the
 * database's integer overflowed). Every price or amount a body accepts is the contract's one MoneyInput
 * (0 to MONEY_INPUT_MAX minor units); the list of such fields is read from the contract, and each is sent
 * 2147483648, MONEY_INPUT_MAX + 1, -1 and 1.5 (400 InvalidParameter naming it) and MONEY_INPUT_MAX (200).
 * Every other number a body takes has a maximum in the contract too, but the few the server bounds itself.
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS } from '../../contract/all-calls.ts';
import { isRoleAuth, Money, MONEY_INPUT_MAX, MoneyInput } from '../../contract/define.ts';
import { setStaffRole } from '../../server/services/staff/members.ts';
import { signUpMember } from '../support/members.ts';
import { auth } from '../support/shop.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** Past PostgreSQL's integer: what overflowed. */
const PAST_INTEGER = 2 ** 31;

type Schema = v.GenericSchema & { type: string; pipe?: readonly { type: string; kind: string; requirement?: unknown }[] };

interface NumberField {
  call: string;
  path: string[];
  schema: Schema;
}

/** Every number field of a body, with the schema that takes it (optional and nullable unwrapped). */
function numberFields(call: string, schema: Schema, path: string[] = [], out: NumberField[] = []): NumberField[] {
  const s = schema as Schema & Record<string, unknown>;
  switch (s.type) {
    case 'number':
      out.push({ call, path, schema: s });
      break;
    case 'optional':
    case 'exact_optional':
    case 'nullable':
    case 'nullish':
    case 'undefinedable':
      numberFields(call, s.wrapped as Schema, path, out);
      break;
    case 'object':
    case 'strict_object':
    case 'loose_object':
      for (const [key, entry] of Object.entries(s.entries as Record<string, Schema>)) numberFields(call, entry, [...path, key], out);
      break;
    case 'array':
      numberFields(call, s.item as Schema, [...path, '0'], out);
      break;
    case 'record':
      numberFields(call, s.value as Schema, [...path, '*'], out);
      break;
    case 'tuple':
      (s.items as Schema[]).forEach((item, i) => numberFields(call, item, [...path, String(i)], out));
      break;
    case 'union':
    case 'variant':
    case 'intersect':
      for (const option of s.options as Schema[]) numberFields(call, option, path, out);
      break;
  }
  return out;
}

/** The actions of a schema's pipe, nested pipes flattened (v.pipe(Count(100), v.minValue(1)) is one pipe). */
function actionsOf(schema: Schema): { type: string; requirement?: unknown }[] {
  const [first, ...rest] = schema.pipe ?? [];
  if (!first) return [];
  const inner = first.kind === 'schema' ? actionsOf(first as unknown as Schema) : [first];
  return [...inner, ...rest.flatMap((a) => (a.kind === 'schema' ? actionsOf(a as unknown as Schema) : [a]))];
}

const FIELDS = [...CALLS.values()].flatMap((call) => numberFields(call.name, call.body as Schema));
const dotted = (f: NumberField) => f.path.join('.');
/** A number field that names a price or an amount of money. */
const MONEY_NAME = /price|amount|total|fee|discount|spend|cost|budget/i;
/** Numbers named like money that are not: a taste card's brew amount is grams of leaf. */
const NOT_MONEY = new Set(['create-taste-card Parameter.Amount', 'new-create-taste-card Parameter.Amount', 'new-update-taste-card Parameter.Amount']);
/**
 * Numbers the server bounds itself, naming the field: a survey's FiveSenses levels (1–5, checked per question
 * so the refusal names Question.<QuestionID>; server/services/event-surveys/answers.ts).
 */
const SERVER_BOUNDED = /^submitSurvey Question\.0\.FiveSenses\./;

const moneyFields = FIELDS.filter((f) => f.schema === MoneyInput || f.schema === Money || (MONEY_NAME.test(f.path.at(-1) ?? '') && !NOT_MONEY.has(`${f.call} ${dotted(f)}`)));

describe('the contract', () => {
  it('takes every price or amount as MoneyInput, never the unbounded Money', () => {
    expect(moneyFields.length).toBeGreaterThanOrEqual(8);
    for (const f of moneyFields) expect(f.schema, `${f.call} ${dotted(f)}`).toBe(MoneyInput);
  });

  it('gives every other number a body takes a maximum within the database’s integer range', () => {
    const unbounded = FIELDS.filter((f) => !SERVER_BOUNDED.test(`${f.call} ${dotted(f)}`)).flatMap((f) => {
      const max = actionsOf(f.schema).find((a) => a.type === 'max_value')?.requirement;
      return typeof max === 'number' && max < PAST_INTEGER ? [] : [`${f.call} ${dotted(f)}`];
    });
    expect(unbounded).toEqual([]);
  });
});

let couponsMade = 0;
/**
 * A body each call answers 200 to, into which one money field at a time is set; a function when each post
 * needs a body of its own (a new coupon's code is made once).
 */
const BASES: Record<string, Record<string, unknown> | (() => Record<string, unknown>)> = {
  SearchAndFilterProduct: { Currency: 'HKD' },
  UserSearchAndFilterProduct: { Currency: 'HKD' },
  getFilter: {},
  SearchAndFilterEvent: {},
  'staff-create-coupon': () => ({
    CouponID: `MONEY-${++couponsMade}`,
    Name: { en: 'Money limits', zh: '金額上限' },
    Amount: { HKD: 100, USD: 100 },
    MinSpend: { HKD: 0, USD: 0 },
    ValidFrom: '2026-01-01T00:00:00Z',
    ValidUntil: '2027-01-01T00:00:00Z',
  }),
  // The seed's fixed coupon, which no order has used: its amount may change.
  'staff-update-coupon': { CouponID: 'TEA50', Amount: { HKD: 100, USD: 100 }, MinSpend: { HKD: 0, USD: 0 } },
  // Products and variances (staff-catalogue): a new product each post (its id is the server's), a variance
  // added to and a price set on the seed's Tieguanyin.
  'staff-create-product': {
    ProductTypeID: 'tea',
    Name: { en: 'Money limits tea', zh: '金額上限茶' },
    Images: ['leaf-120-3'],
    Variances: [{ Name: { en: '50 g', zh: '50 克' }, Price: { HKD: 100, USD: 100 }, Stock: 1 }],
  },
  'staff-create-variance': { ProductID: 'tea-tieguanyin', Name: { en: 'Money limits', zh: '金額上限' }, Price: { HKD: 100, USD: 100 }, Stock: 1 },
  'staff-update-variance': { VarianceID: 'tea-tieguanyin-50g', Price: { HKD: 100, USD: 100 } },
  // A session of a seeded event, well after any test's clock; and a seeded session still on sale.
  'staff-create-session': {
    EventID: 'evt-gongfu-oolong',
    StartAt: '2030-06-01T10:00:00Z',
    EndAt: '2030-06-01T12:00:00Z',
    Capacity: 10,
    Price: { HKD: 100, USD: 100 },
    SaleOpensAt: '2030-05-01T00:00:00Z',
  },
  'staff-update-session': { SessionID: 'evs-gongfu-oolong-2', Price: { HKD: 100, USD: 100 } },
  // A new plan each post (its id is the server's); the seed's monthly plan repriced (its subscribers keep their price).
  'staff-create-subscription-plan': {
    Name: { en: 'Money limits box', zh: '金額上限禮盒' },
    Duration: 'month',
    Price: { HKD: 100, USD: 100 },
    Image: 'box-30-0',
    Items: [{ VarianceID: 'boxset-coffee-discovery-beans', Quantity: 1 }],
  },
  'staff-update-subscription-plan': { PlanID: 'svip-monthly-discovery', Price: { HKD: 100, USD: 100 } },
  // A pour of the seed's gathering going on (staff-gatherings): its price changed in place.
  'staff-save-pour': { GatheringID: 'gth-matcha-whisking-0', ProductID: 'tea-gyokuro', VarianceID: 'tea-gyokuro-50g', Price: { HKD: 100, USD: 100 }, SetAside: 12 },
};

function withValue(base: Record<string, unknown>, path: readonly string[], value: unknown): Record<string, unknown> {
  const [key, ...rest] = path;
  if (key === undefined) return base;
  const inner = (base[key] as Record<string, unknown> | undefined) ?? {};
  const set = rest.length ? withValue(inner, rest, value) : value;
  // An array stays one (a path's '0' is its first item: staff-create-product Variances.0.Price.HKD).
  if (Array.isArray(base)) return Object.assign([...base], { [key]: set }) as unknown as Record<string, unknown>;
  return { ...base, [key]: set };
}

let t: TestApp;
let member: Awaited<ReturnType<typeof signUpMember>>;
/** Posts the calls that need a role (issue 32): an owner reaches every one. */
let owner: Awaited<ReturnType<typeof signUpMember>>;

beforeAll(async () => {
  t = await createTestApp();
  member = await signUpMember(t);
  owner = await signUpMember(t);
  await setStaffRole(t.deps, { email: owner.email, role: 'owner', actorUserId: null });
});
afterAll(() => t.close());

const post = (call: string, body: unknown) => {
  const caller = isRoleAuth(CALLS.get(call)?.auth ?? 'public') ? owner : member;
  return t.raw(`/api/${call}`, { method: 'POST', headers: { 'content-type': 'application/json', ...auth(caller) }, body: JSON.stringify(body) });
};

describe('every price or amount a call accepts', () => {
  it('has a body to test it in', () => {
    expect([...new Set(moneyFields.map((f) => f.call))].filter((call) => !(call in BASES))).toEqual([]);
  });

  it.each(moneyFields.map((f) => [`${f.call} ${dotted(f)}`, f] as const))('%s: refuses 2147483648, the maximum + 1, -1 and 1.5 naming the field; takes the maximum', async (_, f) => {
    const base = () => {
      const b = BASES[f.call]!;
      return typeof b === 'function' ? b() : b;
    };
    for (const bad of [PAST_INTEGER, MONEY_INPUT_MAX + 1, -1, 1.5]) {
      const answer = await post(f.call, withValue(base(), f.path, bad));
      expect(answer.status, `${bad}`).toBe(400);
      expect(answer.json, `${bad}`).toMatchObject({ result: false, ErrorCode: 'InvalidParameter', field: dotted(f) });
    }
    const fine = await post(f.call, withValue(base(), f.path, MONEY_INPUT_MAX));
    expect(fine.status, JSON.stringify(fine.json)).toBe(200);
  });
});

describe('a number past the database’s integer that the server once stored', () => {
  it('user-update-info mainDeliveryAddressIndex: 400 naming it, not 500', async () => {
    const answer = await post('user-update-info', { accessToken: member.accessToken, mainDeliveryAddressIndex: PAST_INTEGER });
    expect(answer).toMatchObject({ status: 400, json: { ErrorCode: 'InvalidParameter', field: 'mainDeliveryAddressIndex' } });
  });
});
