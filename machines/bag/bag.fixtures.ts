import type { bagMachine } from './bag.machine.ts';
import type { BagLine, Currency, GetShoppingBagOutput, OrderDetail, ShoppingBag } from './bag.types.ts';
import type { FlowFixtures } from '../../flows/model.ts';

export const oolongLine: BagLine = {
  ProductID: 'tea-tieguanyin',
  ProductTypeID: 'tea',
  VarianceID: 'tea-tieguanyin-50g',
  Name: { en: 'Anxi Tieguanyin', zh: '安溪鐵觀音' },
  VarianceName: { en: '50 g', zh: '50 克' },
  Image: '/media/tieguanyin.jpg',
  Price: 18000,
  Currency: 'HKD',
  SelectedQuantity: 2,
  LineTotal: 36000,
  StockStatus: 'InStock',
  IsAlcohol: false,
  AddToCartDatetime: '2026-11-01T04:00:00.000Z',
  SelectedQuantityUpdated: false,
};

export const whiskyLine: BagLine = {
  ...oolongLine,
  ProductID: 'spirit-single-malt',
  ProductTypeID: 'spirits',
  VarianceID: 'spirit-single-malt-700ml',
  Name: { en: 'Island Single Malt', zh: '島嶼單一麥芽' },
  VarianceName: { en: '700 ml', zh: '700 毫升' },
  Price: 52000,
  SelectedQuantity: 1,
  LineTotal: 52000,
  StockStatus: 'LowStock',
  StockLeft: 1,
  IsAlcohol: true,
  // The server lowered it from 3 to the 1 left (spec §8 bag notice).
  SelectedQuantityUpdated: true,
  PreviousQuantity: 3,
};

function orderDetail(currency: Currency, couponID?: string): OrderDetail {
  const subTotal = currency === 'HKD' ? 88000 : 11300;
  const discount = couponID ? subTotal / 10 : 0;
  return {
    Currency: currency,
    CountryID: 'HK',
    ...(couponID ? { Coupon: { CouponID: couponID, Name: { en: 'Welcome 10 %', zh: '迎新九折' }, Discount: discount } } : {}),
    SubTotal: subTotal,
    Discount: discount,
    ShippingFee: 0,
    FreeShippingThreshold: currency === 'HKD' ? 50000 : 6500,
    Taxes: 0,
    taxObj: [],
    Total: subTotal - discount,
  };
}

export function shoppingBag(currency: Currency, couponID?: string): ShoppingBag {
  return { productList: [oolongLine], outOfStockList: [], stopSellList: [], orderDetail: orderDetail(currency, couponID), HasAlcohol: false };
}

/** A read that reports what the server changed: a quantity lowered, lines taken out. */
export const bagWithNotices: ShoppingBag = {
  productList: [oolongLine, whiskyLine],
  outOfStockList: [
    { ProductID: 'coffee-yirgacheffe', VarianceID: 'coffee-yirgacheffe-250g', Name: { en: 'Yirgacheffe', zh: '耶加雪菲' }, VarianceName: { en: '250 g', zh: '250 克' }, Quantity: 1 },
  ],
  stopSellList: [
    { ProductID: 'incense-sandalwood', VarianceID: 'incense-sandalwood-20', Name: { en: 'Sandalwood', zh: '檀香' }, VarianceName: { en: '20 sticks', zh: '20 支' }, Quantity: 2 },
  ],
  orderDetail: orderDetail('HKD'),
  HasAlcohol: true,
};

export const expiredRefusal = {
  couponID: 'EXPIRED2025',
  code: '70600',
  reason: 'Expired',
  message: 'This coupon has expired',
} as const;

export const bagAnswers = {
  hkd: { ok: true, data: { totals: shoppingBag('HKD') } },
  hkdWithCoupon: { ok: true, data: { totals: shoppingBag('HKD', 'WELCOME10'), couponID: 'WELCOME10' } },
  usd: { ok: true, data: { totals: shoppingBag('USD') } },
  withNotices: { ok: true, data: { totals: bagWithNotices } },
  /** The coupon was refused on reading (70600) and the bag read again without it. */
  couponRecovered: { ok: true, data: { totals: shoppingBag('HKD'), couponError: expiredRefusal } },
  /** The coupon was refused, and the read without it failed too. */
  couponRefusedThenFailed: { ok: false, code: 'NetworkError', data: { couponError: expiredRefusal } },
  failed: { ok: false, code: 'InternalError', message: 'Internal error' },
} satisfies Record<string, GetShoppingBagOutput>;

/** What `npm run paths`, the tests and the flow atlas drive the bagMachine with. */
export const fixtures: FlowFixtures<typeof bagMachine> = {
  inputs: [{ currency: 'HKD' }],
  events: {
    ADD: [
      { type: 'ADD', varianceID: oolongLine.VarianceID, quantity: 2 },
      // Spec §5: refused without a quantity.
      { type: 'ADD', varianceID: oolongLine.VarianceID, quantity: 0 },
    ],
    SET: [
      { type: 'SET', varianceID: oolongLine.VarianceID, quantity: 5 },
      { type: 'SET', varianceID: oolongLine.VarianceID, quantity: 0 },
      { type: 'SET', varianceID: '', quantity: 1 },
    ],
    APPLY_COUPON: [
      { type: 'APPLY_COUPON', code: 'welcome10' },
      // Spec §5: an empty code does nothing.
      { type: 'APPLY_COUPON', code: '  ' },
    ],
    REMOVE_COUPON: [{ type: 'REMOVE_COUPON' }],
    CURRENCY_CHANGED: [
      { type: 'CURRENCY_CHANGED', currency: 'USD' },
      { type: 'CURRENCY_CHANGED', currency: 'HKD' },
    ],
    REFRESH: [{ type: 'REFRESH' }],
    DISMISS_NOTICES: [{ type: 'DISMISS_NOTICES' }],
  },
  actors: {
    getShoppingBag: {
      done: [
        bagAnswers.hkd,
        bagAnswers.hkdWithCoupon,
        bagAnswers.usd,
        bagAnswers.withNotices,
        bagAnswers.couponRecovered,
        bagAnswers.couponRefusedThenFailed,
        bagAnswers.failed,
      ],
      error: new Error('network down'),
    },
    addShoppingBag: {
      done: [
        { ok: true, data: { VarianceID: oolongLine.VarianceID, Quantity: 4, Requested: 4 } },
        // Stock capped it: "Only 3 available".
        { ok: true, data: { VarianceID: oolongLine.VarianceID, Quantity: 3, Requested: 4 } },
        { ok: false, code: 'OutOfStock', message: 'Out of stock' },
        { ok: false, code: 'StopSell', message: 'No longer sold' },
      ],
      error: new Error('network down'),
    },
    setShoppingBag: {
      done: [
        { ok: true, data: { VarianceID: oolongLine.VarianceID, Quantity: 5, Requested: 5 } },
        { ok: true, data: { VarianceID: oolongLine.VarianceID, Quantity: 3, Requested: 5 } },
        { ok: false, code: 'OutOfStock', message: 'Out of stock' },
      ],
      error: new Error('network down'),
    },
    couponApply: {
      done: [
        { ok: true, data: { Coupon: { CouponID: 'WELCOME10' } } },
        { ok: false, code: '70600', message: 'This coupon has expired', data: { reason: 'Expired' } },
        { ok: false, code: 'InvalidParameter', message: 'CouponID' },
      ],
      error: new Error('network down'),
    },
  },
  // The guards read the currency and whether a coupon, a refusal or notices are held; nothing else.
  abstraction: ({ context }) => ({
    currency: context.currency,
    coupon: context.couponCode !== undefined,
    couponError: context.couponError !== undefined,
    notices: context.notices.length > 0,
  }),
};
