/**
 * The demo member's account as a returning customer has it: a delivery address and two past orders,
 * one shipped (Completed tab) and one paid and being prepared (In process tab). Lines come from the
 * seed catalogue and the totals from the same pure rules the bag uses (services/orders/totals.ts), with the
 * seeded Hong Kong shipping rate, so the orders read like ones the shop placed.
 */
import { eq } from 'drizzle-orm';
import type { Address, DeliveryAddress } from '../../../contract/account.ts';
import { computeOrderDetail } from '../../services/orders/totals.ts';
import { artworkUrl } from '../../services/artwork.ts';
import type { Db } from '../client.ts';
import { orderLines, orders, users } from '../schema.ts';
import { products } from './catalogue-data.ts';
import { SEED_SHIPPING_RATES } from './commerce-data.ts';
import { demoMember } from './member-data.ts';

const DAY_MS = 86_400_000;
const hongKong = SEED_SHIPPING_RATES.find((rate) => rate.countryId === 'HK')!;
const HONG_KONG_SHIPPING = { fee: hongKong.feeHkd, freeOver: hongKong.freeOverHkd };

export const demoAddress: DeliveryAddress = {
  label: 'home',
  firstName: 'Mei',
  lastName: 'Chan',
  countryCallingCode: '852',
  phone: '61234567',
  CountryID: 'HK',
  city: 'HK-wan-chai',
  district: '',
  address1: 'Flat 12B, 8 Star Street',
  address2: '',
  postalCode: '000000',
};
const { label: _label, ...billing } = demoAddress;
const demoBilling: Address = billing;

function line(varianceId: string, quantity: number) {
  const product = products.find((p) => p.variances.some((v) => v.id === varianceId));
  const variance = product?.variances.find((v) => v.id === varianceId);
  if (!product || !variance) throw new Error(`seed order: no variance ${varianceId}`);
  return {
    varianceId,
    productId: product.id,
    productTypeId: product.typeId,
    name: { en: product.nameEn, zh: product.nameZh },
    varianceName: { en: variance.nameEn, zh: variance.nameZh },
    image: artworkUrl(product.images[0] ?? 'box-30-0'),
    price: variance.priceHkd,
    quantity,
    lineTotal: variance.priceHkd * quantity,
    isAlcohol: false,
  };
}

interface PastOrder {
  id: string;
  reference: string;
  daysAgo: number;
  method: 'CreditCard' | 'Alipay' | 'FPS';
  shipped: boolean;
  lines: Array<ReturnType<typeof line>>;
}

export async function seedOrderHistory(db: Db, now: Date): Promise<void> {
  await db.update(users).set({ deliveryAddresses: [demoAddress], mainDeliveryAddressIndex: 0, billingAddress: demoBilling }).where(eq(users.id, demoMember.id));
  const past: PastOrder[] = [
    { id: 'ord_demo_shipped', reference: 'SGDEMO0000000001', daysAgo: 12, method: 'FPS', shipped: true, lines: [line('tea-long-jing-50g', 1), line('incense-hinoki-sticks-40', 2)] },
    { id: 'ord_demo_preparing', reference: 'SGDEMO0000000002', daysAgo: 2, method: 'Alipay', shipped: false, lines: [line('tea-tieguanyin-50g', 1), line('equipment-gaiwan-white', 1)] },
  ];
  for (const order of past) {
    const placedAt = new Date(now.getTime() - order.daysAgo * DAY_MS);
    const detail = computeOrderDetail({
      currency: 'HKD',
      countryId: 'HK',
      lines: order.lines,
      campaigns: [],
      shipping: HONG_KONG_SHIPPING,
      taxes: [],
    });
    await db.insert(orders).values({
      id: order.id,
      reference: order.reference,
      userId: demoMember.id,
      language: 'en',
      currency: 'HKD',
      paymentMethod: order.method,
      paymentStatus: 'Paid',
      fulfilmentStatus: order.shipped ? 'Completed' : 'InProcess',
      deliveryAddress: demoAddress,
      billingAddress: demoBilling,
      orderDetail: detail,
      total: detail.Total,
      payBefore: new Date(placedAt.getTime() + 10 * 60_000),
      paidAt: new Date(placedAt.getTime() + 3 * 60_000),
      createdAt: placedAt,
    });
    await db.insert(orderLines).values(order.lines.map((l) => ({ orderId: order.id, ...l })));
  }
}
