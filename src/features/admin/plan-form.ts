/**
 * The subscription plan form's values (as typed) and what they become (issue 32): prices typed as decimals and
 * read into minor units from the digits (coupon-form.ts minorUnitsOf), the box as rows of a variance and a count.
 * Each field is checked with the schema the calls use (contract/staff-plan-fields.ts); the dialog chooses the words.
 */
import * as v from 'valibot';
import type { CallBodyInput, staffCreateSubscriptionPlan, staffUpdateSubscriptionPlan, StaffSubscriptionPlan, SubscriptionDuration } from '../../../contract/index.ts';
import { PlanDescription, PlanImage, PlanItems, PlanName, PlanPrice } from '../../../contract/staff-plan-fields.ts';
import { decimalOf, minorUnitsOf } from './coupon-form.ts';

export type CreatePlanBody = CallBodyInput<typeof staffCreateSubscriptionPlan>;
export type UpdatePlanBody = CallBodyInput<typeof staffUpdateSubscriptionPlan>;

/** One row of the box: `key` tells the rows apart while they are added and removed. */
export type PlanItemDraft = { key: number; varianceId: string; quantity: string };

export type PlanFormValues = {
  nameEn: string;
  nameZh: string;
  descriptionEn: string;
  descriptionZh: string;
  duration: SubscriptionDuration;
  priceHKD: string;
  priceUSD: string;
  image: string;
  items: PlanItemDraft[];
  onSale: boolean;
};

export type PlanField = 'nameEn' | 'nameZh' | 'descriptionEn' | 'descriptionZh' | 'duration' | 'price' | 'image' | 'items';
/** Fields whose value is wrong; the dialog says why in words. */
export type PlanFieldErrors = Partial<Record<PlanField, true>>;

let rows = 0;
/** A new row of the box (no variance chosen yet, one of it). */
export const newItemDraft = (varianceId = '', quantity = '1'): PlanItemDraft => ({ key: ++rows, varianceId, quantity });

/** A new plan's form: monthly, on sale, with one empty row in its box. */
export function newPlanValues(): PlanFormValues {
  return {
    nameEn: '',
    nameZh: '',
    descriptionEn: '',
    descriptionZh: '',
    duration: 'month',
    priceHKD: '',
    priceUSD: '',
    image: '',
    items: [newItemDraft()],
    onSale: true,
  };
}

/** A plan's form as it stands, to change it. */
export function planValues(p: StaffSubscriptionPlan): PlanFormValues {
  return {
    nameEn: p.Name.en,
    nameZh: p.Name.zh,
    descriptionEn: p.Description.en,
    descriptionZh: p.Description.zh,
    duration: p.Duration,
    priceHKD: decimalOf(p.PriceHKD),
    priceUSD: decimalOf(p.PriceUSD),
    image: p.Image,
    items: p.Items.map((i) => newItemDraft(i.VarianceID, String(i.Quantity))),
    onSale: p.OnSale,
  };
}

/** Whether members have subscribed to the plan (any status): its interval can no longer change. */
export const hasSubscribers = (p: StaffSubscriptionPlan) => Object.values(p.Subscribers).some((n) => n > 0);

/** The form read into a staff-create-subscription-plan body, or the fields that are wrong. */
export function readPlanForm(values: PlanFormValues): { body: CreatePlanBody; errors?: undefined } | { body?: undefined; errors: PlanFieldErrors } {
  const errors: PlanFieldErrors = {};
  const name = v.safeParse(PlanName, { en: values.nameEn, zh: values.nameZh });
  if (!name.success) {
    if (!v.safeParse(PlanName.entries.en, values.nameEn).success) errors.nameEn = true;
    if (!v.safeParse(PlanName.entries.zh, values.nameZh).success) errors.nameZh = true;
  }
  const description = v.safeParse(PlanDescription, { en: values.descriptionEn, zh: values.descriptionZh });
  if (!description.success) {
    if (!v.safeParse(PlanDescription.entries.en, values.descriptionEn).success) errors.descriptionEn = true;
    if (!v.safeParse(PlanDescription.entries.zh, values.descriptionZh).success) errors.descriptionZh = true;
  }
  const price = v.safeParse(PlanPrice, { HKD: minorUnitsOf(values.priceHKD), USD: minorUnitsOf(values.priceUSD) });
  if (!price.success) errors.price = true;
  const image = v.safeParse(PlanImage, values.image);
  if (!image.success) errors.image = true;
  const typed = values.items.map((row) => ({ VarianceID: row.varianceId, Quantity: /^\d{1,3}$/.test(row.quantity.trim()) ? Number(row.quantity.trim()) : Number.NaN }));
  const items = v.safeParse(PlanItems, typed);
  if (!items.success) errors.items = true;
  if (!name.success || !description.success || !price.success || !image.success || !items.success) return { errors };
  return {
    body: {
      Name: name.output,
      Description: description.output,
      Duration: values.duration,
      Price: price.output,
      Image: image.output,
      Items: items.output,
      OnSale: values.onSale,
    },
  };
}

/**
 * What an edit changes, as a staff-update-subscription-plan body: only the fields that differ from the plan (so an
 * interval fixed by its subscribers is never sent again); the box is sent whole when any row of it changed.
 */
export function readPlanChanges(
  plan: StaffSubscriptionPlan,
  values: PlanFormValues,
): { body: UpdatePlanBody; errors?: undefined } | { body?: undefined; errors: PlanFieldErrors } {
  const read = readPlanForm(values);
  if (read.errors) return { errors: read.errors };
  const b = read.body;
  const body: UpdatePlanBody = { PlanID: plan.PlanID };
  if (b.Name.en !== plan.Name.en || b.Name.zh !== plan.Name.zh) body.Name = b.Name;
  if (b.Description!.en !== plan.Description.en || b.Description!.zh !== plan.Description.zh) body.Description = b.Description;
  if (b.Duration !== plan.Duration) body.Duration = b.Duration;
  if (b.Price.HKD !== plan.PriceHKD || b.Price.USD !== plan.PriceUSD) body.Price = b.Price;
  if (b.Image !== plan.Image) body.Image = b.Image;
  const sameBox = b.Items.length === plan.Items.length && b.Items.every((item, i) => item.VarianceID === plan.Items[i]!.VarianceID && item.Quantity === plan.Items[i]!.Quantity);
  if (!sameBox) body.Items = b.Items;
  if (b.OnSale !== plan.OnSale) body.OnSale = b.OnSale;
  return { body };
}
