import * as contract from '../../contract/staff-coupons.ts';
import { createCoupon, listCoupons, updateCoupon } from '../services/staff/coupons.ts';
import { implement } from './handler.ts';

export const staffCouponHandlers = implement(contract, {
  async staffListCoupons({ body, deps }) {
    return listCoupons(deps, { status: body.Status, codePrefix: body.CodePrefix, size: body.Size, sort: body.Sort, lastEvaluatedKey: body.LastEvaluatedKey });
  },
  async staffCreateCoupon({ body, deps, userId }) {
    const coupon = await createCoupon(deps, userId, {
      code: body.CouponID,
      name: body.Name,
      description: body.Description,
      // The contract lets exactly one of them through.
      value: body.Amount ? { amount: body.Amount } : { percent: body.Percent! },
      minSpend: body.MinSpend,
      maxUses: body.MaxUses,
      maxUsesPerMember: body.MaxUsesPerMember,
      validFrom: new Date(body.ValidFrom),
      validUntil: new Date(body.ValidUntil),
      productTypeIds: body.ProductTypeIDs,
      orderKinds: body.OrderKinds,
      listed: body.Listed,
    });
    return { Coupon: coupon };
  },
  async staffUpdateCoupon({ body, deps, userId }) {
    const coupon = await updateCoupon(deps, userId, {
      code: body.CouponID,
      name: body.Name,
      description: body.Description,
      amount: body.Amount,
      percent: body.Percent,
      minSpend: body.MinSpend,
      maxUses: body.MaxUses,
      maxUsesPerMember: body.MaxUsesPerMember,
      validFrom: body.ValidFrom ? new Date(body.ValidFrom) : undefined,
      validUntil: body.ValidUntil ? new Date(body.ValidUntil) : undefined,
      productTypeIds: body.ProductTypeIDs,
      orderKinds: body.OrderKinds,
      listed: body.Listed,
      disabled: body.Disabled,
    });
    return { Coupon: coupon };
  },
});
