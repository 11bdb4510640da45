/**
 * Subscription plans seed (issue 18): three box-set plans, one per duration (spec §3: month, quarter,
 * annual), with bilingual names and descriptions, HKD and USD prices per cycle, and what each cycle's box
 * holds (the seeded box set products' variances, catalogue-data.ts). No spirits: subscribing asks no age.
 *
 * Relied on by tests and e2e through SEED_SUBSCRIPTION_PLANS.
 */
import type { Db } from '../client.ts';
import { subscriptionPlanItems, subscriptionPlans } from '../schema.ts';

export const SEED_SUBSCRIPTION_PLANS = {
  month: 'svip-monthly-discovery',
  quarter: 'svip-seasonal-tasting',
  annual: 'svip-annual-collector',
} as const;

export const subscriptionPlanRows = [
  {
    id: SEED_SUBSCRIPTION_PLANS.month,
    duration: 'month' as const,
    nameEn: 'Monthly Discovery Box',
    nameZh: '每月探索禮盒',
    descriptionEn: 'Four single-origin coffees to taste side by side every month, with tasting notes and brew guides.',
    descriptionZh: '每月四款單一產區咖啡，附品嚐筆記及沖煮指南，讓你並排細味。',
    image: 'box-25-6',
    priceHkd: 29800,
    priceUsd: 3800,
    sort: 1,
  },
  {
    id: SEED_SUBSCRIPTION_PLANS.quarter,
    duration: 'quarter' as const,
    nameEn: 'Seasonal Tasting Box',
    nameZh: '季度品鑑禮盒',
    descriptionEn: 'A tasting box every three months: the season’s teas and a set of incense for quiet evenings.',
    descriptionZh: '每三個月一個品鑑禮盒：當季茶品，配一套靜夜線香。',
    image: 'box-100-2',
    priceHkd: 62800,
    priceUsd: 8000,
    sort: 2,
  },
  {
    id: SEED_SUBSCRIPTION_PLANS.annual,
    duration: 'annual' as const,
    nameEn: 'Annual Collector’s Box',
    nameZh: '年度珍藏禮盒',
    descriptionEn: 'Once a year, our fullest box: teas for four seasons gift-wrapped, a coffee discovery set, incense and a gongfu starter set.',
    descriptionZh: '每年一次最豐富的禮盒：禮品包裝四季茶、咖啡探索套裝、線香及功夫茶入門套裝。',
    image: 'box-40-0',
    priceHkd: 148000,
    priceUsd: 19000,
    sort: 3,
  },
];

export const subscriptionPlanItemRows = [
  { planId: SEED_SUBSCRIPTION_PLANS.month, varianceId: 'boxset-coffee-discovery-beans', quantity: 1, sort: 1 },
  { planId: SEED_SUBSCRIPTION_PLANS.quarter, varianceId: 'boxset-four-seasons-tea-standard', quantity: 1, sort: 1 },
  { planId: SEED_SUBSCRIPTION_PLANS.quarter, varianceId: 'boxset-quiet-evening-incense-standard', quantity: 1, sort: 2 },
  { planId: SEED_SUBSCRIPTION_PLANS.annual, varianceId: 'boxset-four-seasons-tea-gift', quantity: 1, sort: 1 },
  { planId: SEED_SUBSCRIPTION_PLANS.annual, varianceId: 'boxset-coffee-discovery-beans', quantity: 1, sort: 2 },
  { planId: SEED_SUBSCRIPTION_PLANS.annual, varianceId: 'boxset-quiet-evening-incense-standard', quantity: 1, sort: 3 },
  { planId: SEED_SUBSCRIPTION_PLANS.annual, varianceId: 'boxset-gongfu-starter-standard', quantity: 1, sort: 4 },
];

/** After the products (the plans' items are their variances). */
export async function seedSubscriptionPlans(db: Db): Promise<void> {
  await db.insert(subscriptionPlans).values(subscriptionPlanRows);
  await db.insert(subscriptionPlanItems).values(subscriptionPlanItemRows);
}
