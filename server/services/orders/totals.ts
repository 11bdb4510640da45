/**
 * The money of a bag (and, at checkout, of an order): pure arithmetic over priced lines, with no
 * database and no clock. Every amount is an integer number of minor units (cents) of one currency.
 *
 * Rules (issue 4):
 * - Prices come from variances.price_hkd / price_usd in the asked currency. LineTotal = Price × quantity.
 *   SubTotal = Σ LineTotal.
 * - Campaigns (automatic): the caller passes the campaigns active now (valid_from <= now < valid_until,
 *   see isWithin). A campaign covers the lines whose product type is in its scope (empty scope = every
 *   type); each covered line gets floor(LineTotal × rateBp / 10000) off. When several are active, the one
 *   giving the largest total discount applies (ties: the first given); one giving nothing is not reported.
 * - Coupon (typed by the member), checked by couponRefusal in this order: NotYetValid, Expired (valid_from
 *   <= now < valid_until), UsedUp (redemptions >= max_uses), MemberLimit (this member's redemptions >=
 *   max_uses_per_member), EmptyBag (no lines), NotApplicable (no line of a type in its scope), MinSpend
 *   (SubTotal, before any discount, below the minimum spend in the currency). NotFound, Disabled (staff
 *   switched the code off) and WrongOrderKind (staff kept it to other order kinds) are the caller's, checked on
 *   the coupon's row before these.
 *   Its base is Σ over the lines in its scope of (LineTotal − that line's campaign discount).
 *   Percent: floor(base × rateBp / 10000). Fixed: min(amount in the currency, base).
 * - Discount = campaign + coupon. Merchandise = SubTotal − Discount.
 * - Shipping: the delivery country's rate (the caller falls back to the '*' row). An empty bag ships for 0.
 *   Free when the rate has a threshold and Merchandise >= it; the threshold is reported either way.
 * - Taxes: each of the country's tax rows, in the order given, is
 *   round-half-up((Merchandise + ShippingFee) × rateBp / 10000), computed in integers; Taxes = Σ.
 * - Total = Merchandise + ShippingFee + Taxes.
 */
import type { Bilingual, Currency } from '../../../contract/define.ts';
import type { CouponRefusal, OrderDetail, TaxLine } from '../../../contract/bag.ts';

const BASIS = 10_000;

/** One bag or order line, priced in the currency of the computation. */
export interface PricedLine {
  varianceId: string;
  productTypeId: string;
  /** Unit price × quantity. */
  lineTotal: number;
}

export interface CampaignRule {
  id: string;
  name: Bilingual;
  rateBp: number;
  /** Empty = every product type. */
  productTypeIds: readonly string[];
}

export interface CouponRule {
  code: string;
  name: Bilingual;
  kind: 'percent' | 'fixed';
  rateBp: number | null;
  amount: { HKD: number; USD: number } | null;
  minSpend: { HKD: number; USD: number };
  /** Empty = every product type. */
  productTypeIds: readonly string[];
  validFrom: Date;
  validUntil: Date;
  /** Uses across all members; null = unlimited. */
  maxUses: number | null;
  /** Uses per member; null = unlimited. */
  maxUsesPerMember: number | null;
}

export interface ShippingRule {
  fee: number;
  /** Merchandise from which shipping is free; null = never free. */
  freeOver: number | null;
}

export interface TaxRule {
  name: Bilingual;
  rateBp: number;
}

export interface OrderInput {
  currency: Currency;
  countryId: string;
  lines: readonly PricedLine[];
  /** The campaigns active now. */
  campaigns: readonly CampaignRule[];
  /** A coupon that passed couponRefusal for these lines. */
  coupon?: CouponRule;
  shipping: ShippingRule;
  /** The country's tax rows, in breakdown order. */
  taxes: readonly TaxRule[];
}

/** valid_from <= now < valid_until. */
export const isWithin = (window: { validFrom: Date; validUntil: Date }, now: Date) =>
  window.validFrom.getTime() <= now.getTime() && now.getTime() < window.validUntil.getTime();

const inScope = (scope: readonly string[], productTypeId: string) => scope.length === 0 || scope.includes(productTypeId);

/** floor(amount × rateBp / 10000) for non-negative integers. */
const percentOff = (amount: number, rateBp: number) => Math.floor((amount * rateBp) / BASIS);

/** round-half-up(amount × rateBp / 10000), in integers: no binary-fraction surprises at .5. */
export const roundedRate = (amount: number, rateBp: number) => Math.floor((amount * rateBp + BASIS / 2) / BASIS);

export const subTotalOf = (lines: readonly PricedLine[]) => lines.reduce((sum, l) => sum + l.lineTotal, 0);

/** The campaign giving the largest discount, with its discount per line (by position). */
export function bestCampaign(lines: readonly PricedLine[], campaigns: readonly CampaignRule[]) {
  let best: { campaign: CampaignRule; perLine: number[]; total: number } | undefined;
  for (const campaign of campaigns) {
    const perLine = lines.map((l) => (inScope(campaign.productTypeIds, l.productTypeId) ? percentOff(l.lineTotal, campaign.rateBp) : 0));
    const total = perLine.reduce((a, b) => a + b, 0);
    if (total > 0 && (!best || total > best.total)) best = { campaign, perLine, total };
  }
  return best;
}

export interface CouponUsage {
  /** Redemptions of the code by every member. */
  total: number;
  /** Redemptions of the code by this member. */
  member: number;
}

/** Why the coupon cannot be used on these lines now, or null when it can. */
export function couponRefusal(
  coupon: CouponRule,
  context: { now: Date; currency: Currency; lines: readonly PricedLine[]; usage: CouponUsage },
): CouponRefusal | null {
  const { now, currency, lines, usage } = context;
  if (now.getTime() < coupon.validFrom.getTime()) return 'NotYetValid';
  if (now.getTime() >= coupon.validUntil.getTime()) return 'Expired';
  if (coupon.maxUses !== null && usage.total >= coupon.maxUses) return 'UsedUp';
  if (coupon.maxUsesPerMember !== null && usage.member >= coupon.maxUsesPerMember) return 'MemberLimit';
  if (lines.length === 0) return 'EmptyBag';
  if (!lines.some((l) => inScope(coupon.productTypeIds, l.productTypeId))) return 'NotApplicable';
  if (subTotalOf(lines) < coupon.minSpend[currency]) return 'MinSpend';
  return null;
}

const formatMoney = (currency: Currency, amount: number) => `${currency} ${(amount / 100).toFixed(2)}`;

/** The English message of a 70600 answer (the SPA words it from `reason`). */
export function couponRefusalMessage(reason: CouponRefusal, coupon: CouponRule | undefined, currency: Currency): string {
  switch (reason) {
    case 'NotFound':
      return 'This coupon code does not exist';
    case 'NotYetValid':
      return 'This coupon is not valid yet';
    case 'Expired':
      return 'This coupon has expired';
    case 'UsedUp':
      return 'This coupon has been fully redeemed';
    case 'MemberLimit':
      return 'You have already used this coupon the maximum number of times';
    case 'EmptyBag':
      return 'Add something to your bag before using a coupon';
    case 'NotApplicable':
      return 'This coupon does not apply to any item in your bag';
    case 'MinSpend':
      return `Spend at least ${formatMoney(currency, coupon?.minSpend[currency] ?? 0)} to use this coupon`;
    case 'Disabled':
      return 'This coupon is no longer available';
    case 'WrongOrderKind':
      return 'This coupon cannot be used for this kind of order';
    case 'TooManyAttempts':
      return 'Too many coupon codes were tried. Please wait a few minutes.';
  }
}

/** The coupon's discount on these lines, given each line's campaign discount (by position). */
export function couponDiscount(coupon: CouponRule, currency: Currency, lines: readonly PricedLine[], campaignPerLine: readonly number[]) {
  const base = lines.reduce(
    (sum, l, i) => (inScope(coupon.productTypeIds, l.productTypeId) ? sum + l.lineTotal - (campaignPerLine[i] ?? 0) : sum),
    0,
  );
  if (coupon.kind === 'percent') return percentOff(base, coupon.rateBp ?? 0);
  return Math.min(coupon.amount?.[currency] ?? 0, base);
}

/** The order summary of spec §3 (OrderDetail), following the rules at the top of this file. */
export function computeOrderDetail(input: OrderInput): OrderDetail {
  const { currency, lines, shipping } = input;
  const subTotal = subTotalOf(lines);
  const campaign = bestCampaign(lines, input.campaigns);
  const campaignPerLine = campaign?.perLine ?? lines.map(() => 0);
  const campaignDiscount = campaign?.total ?? 0;
  const couponOff = input.coupon ? couponDiscount(input.coupon, currency, lines, campaignPerLine) : 0;
  const discount = campaignDiscount + couponOff;
  const merchandise = subTotal - discount;

  const freeShipping = shipping.freeOver !== null && merchandise >= shipping.freeOver;
  const shippingFee = lines.length === 0 || freeShipping ? 0 : shipping.fee;

  const taxObj: TaxLine[] = input.taxes.map((t) => ({
    Name: t.name,
    RateBasisPoints: t.rateBp,
    Amount: roundedRate(merchandise + shippingFee, t.rateBp),
  }));
  const taxes = taxObj.reduce((sum, t) => sum + t.Amount, 0);

  return {
    Currency: currency,
    CountryID: input.countryId,
    ...(campaign ? { Campaign: { CampaignID: campaign.campaign.id, Name: campaign.campaign.name, Discount: campaignDiscount } } : {}),
    ...(input.coupon ? { Coupon: { CouponID: input.coupon.code, Name: input.coupon.name, Discount: couponOff } } : {}),
    SubTotal: subTotal,
    Discount: discount,
    ShippingFee: shippingFee,
    ...(shipping.freeOver !== null ? { FreeShippingThreshold: shipping.freeOver } : {}),
    Taxes: taxes,
    taxObj,
    Total: merchandise + shippingFee + taxes,
  };
}
