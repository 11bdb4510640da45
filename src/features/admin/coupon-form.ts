/**
 * The coupon form's values (as typed) and what they become (issue 32): amounts typed as decimals ("30", "12.50")
 * turned into minor units from the string itself, so no floating point rounds a cent away; times typed as Hong
 * Kong wall clock ("2026-12-01 10:00", the shop's time) turned into instants. Each field is checked with the
 * schema the calls use (contract/staff-coupon-fields.ts); the form chooses the words for what is wrong.
 */
import * as v from 'valibot';
import type { CallBodyInput, staffCreateCoupon, staffUpdateCoupon, StaffCoupon } from '../../../contract/index.ts';
import {
  COUPON_ORDER_KINDS,
  CouponAmount,
  CouponMinSpend,
  CouponName,
  CouponPercent,
  CouponUseLimit,
  NewCouponCode,
  type CouponOrderKind,
} from '../../../contract/staff-coupon-fields.ts';
import { hongKongDateTime } from '../../ui/event-dates.ts';

export type CreateCouponBody = CallBodyInput<typeof staffCreateCoupon>;
export type UpdateCouponBody = CallBodyInput<typeof staffUpdateCoupon>;

export type CouponFormValues = {
  code: string;
  nameEn: string;
  nameZh: string;
  kind: 'fixed' | 'percent';
  amountHKD: string;
  amountUSD: string;
  percent: string;
  minHKD: string;
  minUSD: string;
  maxUses: string;
  maxUsesPerMember: string;
  validFrom: string;
  validUntil: string;
  productTypeIds: string[];
  /** None ticked: every order kind. */
  orderKinds: CouponOrderKind[];
  listed: boolean;
};

export type CouponField = 'code' | 'nameEn' | 'nameZh' | 'amount' | 'percent' | 'minSpend' | 'maxUses' | 'maxUsesPerMember' | 'validFrom' | 'validUntil';
/** Fields whose value is wrong; the form says why in words. */
export type CouponFieldErrors = Partial<Record<CouponField, true>>;

/** Hong Kong keeps UTC+8 all year. */
const HONG_KONG_OFFSET_MS = 8 * 3_600_000;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * Minor units of a decimal amount typed by staff ("1,234.5" → 123450), read digit by digit; undefined when it
 * is not a plain amount of at most two decimals.
 */
export function minorUnitsOf(typed: string): number | undefined {
  const text = typed.trim().replace(/,/g, '');
  const match = /^(\d{1,9})(?:\.(\d{0,2}))?$/.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Minor units written back as the decimal staff type ("3000" → "30.00"). */
export function decimalOf(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/** An instant as Hong Kong's wall clock in the form's format, "2026-12-01 10:00". */
export const hongKongText = (iso: string) => hongKongDateTime(iso);

/** The instant of a Hong Kong wall-clock time typed as "yyyy-MM-dd HH:mm"; undefined when it is no such time. */
export function instantOfHongKong(typed: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})$/.exec(typed.trim());
  if (!match) return undefined;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  // 2026-02-30 or 25:00 would roll over into another day: not a time anyone meant.
  if (new Date(wall).toISOString().slice(0, 16) !== `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}`) return undefined;
  return new Date(wall - HONG_KONG_OFFSET_MS).toISOString();
}

/** A new coupon's form: fixed, open from this minute for thirty days, on every product type and order kind, listed. */
export function newCouponValues(now: number): CouponFormValues {
  const from = Math.floor(now / MINUTE) * MINUTE;
  return {
    code: '',
    nameEn: '',
    nameZh: '',
    kind: 'fixed',
    amountHKD: '',
    amountUSD: '',
    percent: '',
    minHKD: '0.00',
    minUSD: '0.00',
    maxUses: '',
    maxUsesPerMember: '',
    validFrom: hongKongText(new Date(from).toISOString()),
    validUntil: hongKongText(new Date(from + 30 * DAY).toISOString()),
    productTypeIds: [],
    orderKinds: [],
    listed: true,
  };
}

/** A coupon's form as it stands, to change it. */
export function couponValues(c: StaffCoupon): CouponFormValues {
  return {
    code: c.CouponID,
    nameEn: c.Name.en,
    nameZh: c.Name.zh,
    kind: c.Kind,
    amountHKD: c.Amount ? decimalOf(c.Amount.HKD) : '',
    amountUSD: c.Amount ? decimalOf(c.Amount.USD) : '',
    percent: c.Percent === undefined ? '' : String(c.Percent),
    minHKD: decimalOf(c.MinSpend.HKD),
    minUSD: decimalOf(c.MinSpend.USD),
    maxUses: c.MaxUses === null ? '' : String(c.MaxUses),
    maxUsesPerMember: c.MaxUsesPerMember === null ? '' : String(c.MaxUsesPerMember),
    validFrom: hongKongText(c.ValidFrom),
    validUntil: hongKongText(c.ValidUntil),
    productTypeIds: [...c.ProductTypeIDs],
    orderKinds: [...c.OrderKinds],
    listed: c.Listed,
  };
}

/** A use limit typed: empty is no limit; otherwise a whole number, checked by the call's schema. */
function limitOf(typed: string): { ok: true; value: number | null } | { ok: false } {
  const text = typed.trim().replace(/,/g, '');
  if (text === '') return { ok: true, value: null };
  if (!/^\d{1,9}$/.test(text)) return { ok: false };
  const parsed = v.safeParse(CouponUseLimit, Number(text));
  return parsed.success ? { ok: true, value: parsed.output } : { ok: false };
}

/** The form read into a staff-create-coupon body, or the fields that are wrong. */
export function readCouponForm(values: CouponFormValues): { body: CreateCouponBody; errors?: undefined } | { body?: undefined; errors: CouponFieldErrors } {
  const errors: CouponFieldErrors = {};
  const code = v.safeParse(NewCouponCode, values.code);
  if (!code.success) errors.code = true;
  const name = v.safeParse(CouponName, { en: values.nameEn, zh: values.nameZh });
  if (!name.success) {
    if (!v.safeParse(CouponName.entries.en, values.nameEn).success) errors.nameEn = true;
    if (!v.safeParse(CouponName.entries.zh, values.nameZh).success) errors.nameZh = true;
  }
  let off: Pick<CreateCouponBody, 'Amount' | 'Percent'> = {};
  if (values.kind === 'fixed') {
    const amount = v.safeParse(CouponAmount, { HKD: minorUnitsOf(values.amountHKD), USD: minorUnitsOf(values.amountUSD) });
    if (amount.success) off = { Amount: amount.output };
    else errors.amount = true;
  } else {
    const text = values.percent.trim();
    const percent = v.safeParse(CouponPercent, /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN);
    if (percent.success) off = { Percent: percent.output };
    else errors.percent = true;
  }
  const minSpend = v.safeParse(CouponMinSpend, { HKD: minorUnitsOf(values.minHKD || '0'), USD: minorUnitsOf(values.minUSD || '0') });
  if (!minSpend.success) errors.minSpend = true;
  const maxUses = limitOf(values.maxUses);
  if (!maxUses.ok) errors.maxUses = true;
  const perMember = limitOf(values.maxUsesPerMember);
  if (!perMember.ok) errors.maxUsesPerMember = true;
  const from = instantOfHongKong(values.validFrom);
  if (!from) errors.validFrom = true;
  const until = instantOfHongKong(values.validUntil);
  // The end must come after the start, as the call checks it.
  if (!until || (from && Date.parse(until) <= Date.parse(from))) errors.validUntil = true;
  if (Object.keys(errors).length > 0 || !code.success || !name.success || !minSpend.success || !maxUses.ok || !perMember.ok || !from || !until) {
    return { errors };
  }
  return {
    body: {
      CouponID: code.output,
      Name: name.output,
      ...off,
      MinSpend: minSpend.output,
      MaxUses: maxUses.value,
      MaxUsesPerMember: perMember.value,
      ValidFrom: from,
      ValidUntil: until,
      ProductTypeIDs: values.productTypeIds,
      // In the order the server keeps them, so an edit compares them as stored.
      OrderKinds: COUPON_ORDER_KINDS.filter((kind) => values.orderKinds.includes(kind)),
      Listed: values.listed,
    },
  };
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().every((x, i) => x === [...b].sort()[i]);

/**
 * What an edit changes, as a staff-update-coupon body: only the fields that differ from the coupon, so a change
 * of limits never sends the amount again (a used coupon's amount may not change), and a percent made outside
 * the back office (12.5) left as it is is not checked as a whole percent. The code is the coupon's own.
 */
export function readCouponChanges(
  coupon: StaffCoupon,
  values: CouponFormValues,
): { body: UpdateCouponBody; errors?: undefined } | { body?: undefined; errors: CouponFieldErrors } {
  const before = couponValues(coupon);
  const keepsPercent = values.kind === 'percent' && coupon.Kind === 'percent' && values.percent.trim() === before.percent;
  const read = readCouponForm({ ...values, code: coupon.CouponID, ...(keepsPercent ? { percent: '1' } : {}) });
  if (read.errors) return { errors: read.errors };
  const b = read.body;
  const body: UpdateCouponBody = { CouponID: coupon.CouponID };
  if (b.Name!.en !== coupon.Name.en || b.Name!.zh !== coupon.Name.zh) body.Name = b.Name;
  if (b.Amount && (coupon.Kind !== 'fixed' || b.Amount.HKD !== coupon.Amount?.HKD || b.Amount.USD !== coupon.Amount?.USD)) body.Amount = b.Amount;
  if (b.Percent !== undefined && !keepsPercent && (coupon.Kind !== 'percent' || b.Percent !== coupon.Percent)) body.Percent = b.Percent;
  if (b.MinSpend!.HKD !== coupon.MinSpend.HKD || b.MinSpend!.USD !== coupon.MinSpend.USD) body.MinSpend = b.MinSpend;
  if (b.MaxUses !== coupon.MaxUses) body.MaxUses = b.MaxUses;
  if (b.MaxUsesPerMember !== coupon.MaxUsesPerMember) body.MaxUsesPerMember = b.MaxUsesPerMember;
  // Compared as typed: the form shows minutes, a coupon made elsewhere may carry seconds.
  if (values.validFrom.trim() !== before.validFrom) body.ValidFrom = b.ValidFrom;
  if (values.validUntil.trim() !== before.validUntil) body.ValidUntil = b.ValidUntil;
  if (!sameList(b.ProductTypeIDs ?? [], coupon.ProductTypeIDs)) body.ProductTypeIDs = b.ProductTypeIDs;
  if (!sameList(b.OrderKinds ?? [], coupon.OrderKinds)) body.OrderKinds = b.OrderKinds;
  if (b.Listed !== coupon.Listed) body.Listed = b.Listed;
  return { body };
}
