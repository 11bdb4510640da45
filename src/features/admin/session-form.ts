/**
 * The session form's values (issue 32) as staff type them and as the calls take them: times typed in Hong Kong
 * time (datetime-local, no zone) become ISO instants with +08:00; prices typed as decimal amounts become integer
 * minor units by reading the digits, never through floating point (0.29 * 100 is 28.999…).
 */
import * as v from 'valibot';
import { MONEY_INPUT_MAX, type CallBodyInput, type staffCreateSession, type staffUpdateSession, type StaffSession } from '../../../contract/index.ts';
import { SessionCapacity } from '../../../contract/staff-session-fields.ts';

/** Hong Kong keeps UTC+8 all year (no daylight saving since 1979). */
const HONG_KONG_OFFSET_MS = 8 * 3_600_000;

/** "2026-12-01T19:00" (Hong Kong time) → "2026-12-01T19:00:00+08:00"; undefined when not such a time. */
export function hongKongInstant(local: string): string | undefined {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2})?$/.exec(local.trim());
  if (!m) return undefined;
  const iso = `${m[1]}T${m[2]}:00+08:00`;
  return Number.isNaN(Date.parse(iso)) ? undefined : iso;
}

/** An ISO instant as a datetime-local value in Hong Kong time ("2026-12-01T19:00"). */
export function hongKongLocal(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  return new Date(at + HONG_KONG_OFFSET_MS).toISOString().slice(0, 16);
}

/** "380", "380.5", "1,380.50" → minor units (38000, 38050, 138050); undefined when not an amount of at most 2 decimals. */
export function minorUnits(typed: string): number | undefined {
  const m = /^(\d+)(?:\.(\d{0,2}))?$/.exec(typed.trim().replace(/,/g, ''));
  if (!m) return undefined;
  const minor = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(minor) && minor <= MONEY_INPUT_MAX ? minor : undefined;
}

/** Minor units as the amount field shows them ("380.00"). */
export const decimalAmount = (minor: number): string => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

/** The form's fields, as typed. */
export type SessionFormValues = {
  EventID: string;
  StartAt: string;
  EndAt: string;
  Capacity: string;
  PriceHKD: string;
  PriceUSD: string;
  SaleOpensAt: string;
  /** Empty: the sale closes when the session starts. */
  SaleClosesAt: string;
  /** Empty: no SVIP early access. */
  SvipSaleOpensAt: string;
  /** Empty: no host named. */
  HostUserID: string;
};
export type SessionField = keyof SessionFormValues;

/** Why a field is refused, as a key the form words (the same keys as the server's refusals). */
export type FieldProblem =
  | 'required'
  | 'time'
  | 'endBeforeStart'
  | 'closesAfterStart'
  | 'opensAfterCloses'
  | 'svipAfterOpens'
  | 'capacity'
  | 'amount'
  /** Refused by the server, for the rule it keeps on that field (the start in the future, the host's role…). */
  | 'refused';
export type FieldProblems = Partial<Record<SessionField, FieldProblem>>;

export const emptySessionForm = (EventID = ''): SessionFormValues => ({
  EventID,
  StartAt: '',
  EndAt: '',
  Capacity: '',
  PriceHKD: '',
  PriceUSD: '',
  SaleOpensAt: '',
  SaleClosesAt: '',
  SvipSaleOpensAt: '',
  HostUserID: '',
});

/** A session's values as the edit form starts from them. */
export const sessionFormOf = (s: StaffSession): SessionFormValues => ({
  EventID: s.EventID,
  StartAt: hongKongLocal(s.StartAt),
  EndAt: hongKongLocal(s.EndAt),
  Capacity: String(s.Capacity),
  PriceHKD: decimalAmount(s.Price.HKD),
  PriceUSD: decimalAmount(s.Price.USD),
  SaleOpensAt: hongKongLocal(s.SaleOpensAt),
  // A sale that closes as the session starts shows empty, so that it keeps following the start when it moves.
  SaleClosesAt: s.SaleClosesAt === s.StartAt || Date.parse(s.SaleClosesAt) === Date.parse(s.StartAt) ? '' : hongKongLocal(s.SaleClosesAt),
  SvipSaleOpensAt: hongKongLocal(s.SvipSaleOpensAt),
  HostUserID: s.Host?.UserID ?? '',
});

type CreateBody = CallBodyInput<typeof staffCreateSession>;

/** Checks every field (the call's own capacity schema, then the order of the times) and builds the create body. */
export function readSessionForm(f: SessionFormValues): { body: CreateBody; problems?: undefined } | { body?: undefined; problems: FieldProblems } {
  const problems: FieldProblems = {};
  const time = (field: SessionField, optional = false) => {
    if (!f[field].trim()) {
      if (!optional) problems[field] = 'required';
      return undefined;
    }
    const iso = hongKongInstant(f[field]);
    if (!iso) problems[field] = 'time';
    return iso;
  };
  if (!f.EventID) problems.EventID = 'required';
  const StartAt = time('StartAt');
  const EndAt = time('EndAt');
  const SaleOpensAt = time('SaleOpensAt');
  const SaleClosesAt = time('SaleClosesAt', true);
  const SvipSaleOpensAt = time('SvipSaleOpensAt', true);
  const capacity = v.safeParse(SessionCapacity, f.Capacity.trim() === '' ? NaN : Number(f.Capacity));
  if (!capacity.success) problems.Capacity = f.Capacity.trim() ? 'capacity' : 'required';
  const HKD = minorUnits(f.PriceHKD);
  const USD = minorUnits(f.PriceUSD);
  if (HKD === undefined) problems.PriceHKD = f.PriceHKD.trim() ? 'amount' : 'required';
  if (USD === undefined) problems.PriceUSD = f.PriceUSD.trim() ? 'amount' : 'required';
  // The order the server keeps (staff-create-session), checked here so each is said next to its field.
  const at = (iso: string | undefined) => (iso ? Date.parse(iso) : undefined);
  const closes = at(SaleClosesAt) ?? at(StartAt);
  if (at(StartAt) !== undefined && at(EndAt) !== undefined && at(EndAt)! <= at(StartAt)!) problems.EndAt ??= 'endBeforeStart';
  if (at(SaleClosesAt) !== undefined && at(StartAt) !== undefined && at(SaleClosesAt)! > at(StartAt)!) problems.SaleClosesAt ??= 'closesAfterStart';
  if (at(SaleOpensAt) !== undefined && closes !== undefined && at(SaleOpensAt)! >= closes) problems.SaleOpensAt ??= 'opensAfterCloses';
  if (at(SvipSaleOpensAt) !== undefined && at(SaleOpensAt) !== undefined && at(SvipSaleOpensAt)! >= at(SaleOpensAt)!) problems.SvipSaleOpensAt ??= 'svipAfterOpens';
  if (Object.keys(problems).length > 0 || !capacity.success) return { problems };
  return {
    body: {
      EventID: f.EventID,
      StartAt: StartAt!,
      EndAt: EndAt!,
      Capacity: capacity.output,
      Price: { HKD: HKD!, USD: USD! },
      SaleOpensAt: SaleOpensAt!,
      ...(SaleClosesAt ? { SaleClosesAt } : {}),
      ...(SvipSaleOpensAt ? { SvipSaleOpensAt } : {}),
      ...(f.HostUserID.trim() ? { HostUserID: f.HostUserID.trim() } : {}),
    },
  };
}

type UpdateBody = CallBodyInput<typeof staffUpdateSession>;
const sameInstant = (a: string | null | undefined, b: string | null | undefined) => (a && b ? Date.parse(a) === Date.parse(b) : !a && !b);

/** Only what changed from the session (null clears early access or the host); `moved` when start or end changed. */
export function sessionChanges(s: StaffSession, body: CreateBody): { body: UpdateBody; moved: boolean } {
  const changes: UpdateBody = { SessionID: s.SessionID };
  if (!sameInstant(body.StartAt, s.StartAt)) changes.StartAt = body.StartAt;
  if (!sameInstant(body.EndAt, s.EndAt)) changes.EndAt = body.EndAt;
  if (body.Capacity !== s.Capacity) changes.Capacity = body.Capacity;
  if (body.Price.HKD !== s.Price.HKD || body.Price.USD !== s.Price.USD) changes.Price = body.Price;
  if (!sameInstant(body.SaleOpensAt, s.SaleOpensAt)) changes.SaleOpensAt = body.SaleOpensAt;
  // An emptied "sale closes" keeps the session's own (it follows the start when the session moves).
  if (body.SaleClosesAt && !sameInstant(body.SaleClosesAt, s.SaleClosesAt)) changes.SaleClosesAt = body.SaleClosesAt;
  if (!sameInstant(body.SvipSaleOpensAt, s.SvipSaleOpensAt)) changes.SvipSaleOpensAt = body.SvipSaleOpensAt ?? null;
  if ((body.HostUserID ?? null) !== (s.Host?.UserID ?? null)) changes.HostUserID = body.HostUserID ?? null;
  return { body: changes, moved: changes.StartAt !== undefined || changes.EndAt !== undefined };
}

/** The form's field a server refusal names (InvalidParameter's `field`), if it is one of the form's. */
export function formFieldOf(field: unknown): SessionField | undefined {
  const fields: Record<string, SessionField> = {
    EventID: 'EventID',
    StartAt: 'StartAt',
    EndAt: 'EndAt',
    Capacity: 'Capacity',
    'Price.HKD': 'PriceHKD',
    'Price.USD': 'PriceUSD',
    SaleOpensAt: 'SaleOpensAt',
    SaleClosesAt: 'SaleClosesAt',
    SvipSaleOpensAt: 'SvipSaleOpensAt',
    HostUserID: 'HostUserID',
  };
  return typeof field === 'string' && Object.hasOwn(fields, field) ? fields[field] : undefined;
}
