/**
 * Machines declare their own data types (they import nothing but xstate, so they open in the
 * Stately visualizer). These type-level checks, run by `tsc`, keep them in step with contract/:
 * the contract's answers fit what the machines store, and what the machines send fits the
 * contract's bodies, so the app can pass values straight through.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type {
  getPreSurvey,
  submitPreSurvey,
  TokenSet as ContractTokenSet,
  userConfirmForgetPassword,
  userConfirmSignup,
  UserChecking as ContractUserChecking,
  UserDetail as ContractUserDetail,
  userForceChangePassword,
  userForgetPassword,
  userGetInfo,
  userLogin,
  userRefreshToken,
  userResendConfirmationCode,
  userSignOut,
  userSignup,
  userUpdateInfo,
} from '../../contract/account.ts';
import type { userConfirmUpdateEmail, userUpdateEmail } from '../../contract/email-change.ts';
import type {
  addShoppingBag,
  BagLine as ContractBagLine,
  CouponRefusal as ContractCouponRefusal,
  couponApply,
  getShoppingBag,
  OrderDetail as ContractOrderDetail,
  RemovedLine as ContractRemovedLine,
  setShoppingBag,
} from '../../contract/bag.ts';
import type { listUserProductOrder } from '../../contract/orders.ts';
import type { CallBodyInput, CallResponse } from '../../contract/define.ts';
import { ErrorCode } from '../../contract/errors.ts';
import * as codes from '../../machines/shared/codes.ts';
import type * as Coupon from '../../machines/shared/coupon.ts';
import type * as Checkout from '../../machines/checkout/checkout.types.ts';
import type * as Bag from '../../machines/bag/bag.types.ts';
import type * as CouponTotals from '../../machines/coupon-totals/coupon-totals.types.ts';
import type * as EmailChange from '../../machines/email-change/email-change.types.ts';
import type * as EntrySurvey from '../../machines/entry-survey/entry-survey.types.ts';
import type * as ForgotPassword from '../../machines/forgot-password/forgot-password.types.ts';
import type * as InviteActivation from '../../machines/invite-activation/invite-activation.types.ts';
import type { activateInviteCode } from '../../contract/invites.ts';
import type { createProductOrder, getUserOngoingGathering, quitOngoingGathering } from '../../contract/gatherings.ts';
import type * as GatheringFlow from '../../machines/gathering/gathering.types.ts';
import type * as Session from '../../machines/session/session.types.ts';
import type * as SignIn from '../../machines/sign-in/sign-in.types.ts';
import type * as SignUp from '../../machines/sign-up/sign-up.types.ts';
import type * as ThirdParty from '../../machines/third-party-sign-in/third-party-sign-in.types.ts';

describe('machine data types match contract/account.ts', () => {
  it('entities are the same shape', () => {
    expectTypeOf<Session.TokenSet>().toEqualTypeOf<ContractTokenSet>();
    expectTypeOf<SignIn.TokenSet>().toEqualTypeOf<ContractTokenSet>();
    expectTypeOf<SignUp.TokenSet>().toEqualTypeOf<ContractTokenSet>();
    expectTypeOf<ThirdParty.TokenSet>().toEqualTypeOf<ContractTokenSet>();
    expectTypeOf<Session.UserDetail>().toEqualTypeOf<ContractUserDetail>();
    expectTypeOf<Session.UserChecking>().toEqualTypeOf<ContractUserChecking>();
  });

  it('contract answers fit what the machines store', () => {
    expectTypeOf<CallResponse<typeof userGetInfo>>().toExtend<Session.UserInfo>();
    expectTypeOf<CallResponse<typeof userRefreshToken>>().toExtend<Session.TokenSet>();
    expectTypeOf<CallResponse<typeof userSignOut>>().toExtend<object>();
    expectTypeOf<CallResponse<typeof userLogin>>().toExtend<SignIn.TokenSet>();
    expectTypeOf<CallResponse<typeof userForceChangePassword>>().toExtend<SignIn.TokenSet>();
    expectTypeOf<CallResponse<typeof userConfirmSignup>>().toExtend<SignUp.TokenSet>();
    expectTypeOf<CallResponse<typeof getPreSurvey>>().toExtend<EntrySurvey.GetPreSurveyOutput>();
    expectTypeOf<CallResponse<typeof submitPreSurvey>>().toExtend<EntrySurvey.SubmitPreSurveyOutput>();
  });

  it('what the machines send fits the contract bodies', () => {
    expectTypeOf<Session.UserGetInfoInput>().toExtend<CallBodyInput<typeof userGetInfo>>();
    expectTypeOf<Session.UserRefreshTokenInput>().toExtend<CallBodyInput<typeof userRefreshToken>>();
    expectTypeOf<Session.UserSignOutInput>().toExtend<CallBodyInput<typeof userSignOut>>();
    expectTypeOf<SignIn.UserLoginInput>().toExtend<CallBodyInput<typeof userLogin>>();
    expectTypeOf<SignIn.UserForceChangePasswordInput>().toExtend<CallBodyInput<typeof userForceChangePassword>>();
    expectTypeOf<SignUp.UserSignupInput>().toExtend<CallBodyInput<typeof userSignup>>();
    expectTypeOf<SignUp.UserConfirmSignupInput>().toExtend<CallBodyInput<typeof userConfirmSignup>>();
    expectTypeOf<SignUp.UserResendConfirmationCodeInput>().toExtend<CallBodyInput<typeof userResendConfirmationCode>>();
    expectTypeOf<ForgotPassword.UserForgetPasswordInput>().toExtend<CallBodyInput<typeof userForgetPassword>>();
    expectTypeOf<ForgotPassword.UserConfirmForgetPasswordInput>().toExtend<CallBodyInput<typeof userConfirmForgetPassword>>();
    expectTypeOf<EntrySurvey.SubmitPreSurveyInput>().toExtend<CallBodyInput<typeof submitPreSurvey>>();
  });
});

describe('invitation data types match contract/invites.ts', () => {
  it('what the flow sends is the body, and the answer fits what it reads', () => {
    expectTypeOf<InviteActivation.ActivateInviteCodeInput>().toExtend<CallBodyInput<typeof activateInviteCode>>();
    expectTypeOf<CallResponse<typeof activateInviteCode>>().toExtend<InviteActivation.ActivateInviteCodeOutput>();
  });
});

describe('gathering data types match contract/gatherings.ts', () => {
  it('the answers fit what the flow reads, and what it sends fits the bodies', () => {
    expectTypeOf<CallResponse<typeof getUserOngoingGathering>>().toExtend<GatheringFlow.OngoingGatheringOutput>();
    expectTypeOf<CallResponse<typeof createProductOrder>>().toExtend<GatheringFlow.CreateProductOrderOutput>();
    expectTypeOf<{ gatheringID: GatheringFlow.QuitGatheringInput['gatheringID'] }>().toExtend<CallBodyInput<typeof quitOngoingGathering>>();
  });
});

describe('e-mail change data types match contract/email-change.ts', () => {
  it('what the flow sends fits the contract bodies (the app adds the access token, the mail’s language, the attribute’s name)', () => {
    expectTypeOf<EmailChange.UserUpdateEmailInput>().toExtend<Partial<CallBodyInput<typeof userUpdateEmail>>>();
    expectTypeOf<EmailChange.UserConfirmUpdateEmailInput>().toExtend<Partial<CallBodyInput<typeof userConfirmUpdateEmail>>>();
  });

  it('the contract’s answer fits what the flow reads', () => {
    expectTypeOf<CallResponse<typeof userConfirmUpdateEmail>>().toExtend<EmailChange.UserConfirmUpdateEmailOutput>();
    expectTypeOf<CallResponse<typeof userUpdateEmail>>().toExtend<EmailChange.Empty>();
  });
});

describe('bag and coupon-totals data types match contract/bag.ts', () => {
  it('entities are the same shape', () => {
    expectTypeOf<Bag.BagLine>().toEqualTypeOf<ContractBagLine>();
    expectTypeOf<Bag.OrderDetail>().toEqualTypeOf<ContractOrderDetail>();
    expectTypeOf<Bag.RemovedLine>().toEqualTypeOf<ContractRemovedLine>();
    expectTypeOf<Bag.CouponRefusalReason>().toEqualTypeOf<ContractCouponRefusal>();
    expectTypeOf<CouponTotals.CouponRefusalReason>().toEqualTypeOf<ContractCouponRefusal>();
    expectTypeOf<Checkout.CouponRefusalReason>().toEqualTypeOf<ContractCouponRefusal>();
    expectTypeOf<Coupon.CouponRefusalReason>().toEqualTypeOf<ContractCouponRefusal>();
  });

  it('contract answers fit what the bag stores', () => {
    expectTypeOf<CallResponse<typeof getShoppingBag>>().toEqualTypeOf<Bag.ShoppingBag>();
    expectTypeOf<CallResponse<typeof addShoppingBag>>().toEqualTypeOf<Bag.BagChange>();
    expectTypeOf<CallResponse<typeof setShoppingBag>>().toEqualTypeOf<Bag.BagChange>();
    expectTypeOf<CallResponse<typeof couponApply>>().toExtend<Bag.CouponApplyOutput>();
  });

  it('what the bag sends fits the contract bodies', () => {
    expectTypeOf<Bag.ChangeBagInput>().toExtend<CallBodyInput<typeof addShoppingBag>>();
    expectTypeOf<Bag.ChangeBagInput>().toExtend<CallBodyInput<typeof setShoppingBag>>();
    expectTypeOf<Bag.CouponApplyInput>().toExtend<CallBodyInput<typeof couponApply>>();
    expectTypeOf<{ CouponID?: string; Currency: Bag.GetShoppingBagRequest['Currency'] }>().toExtend<CallBodyInput<typeof getShoppingBag>>();
  });

  it('the bag reads the bag through the coupon-totals machine', () => {
    expectTypeOf<Bag.GetShoppingBagOutput>().toEqualTypeOf<CouponTotals.CouponTotalsOutput<Bag.ShoppingBag>>();
    expectTypeOf<Bag.GetShoppingBagInput>().toEqualTypeOf<CouponTotals.CouponTotalsInput<Bag.GetShoppingBagRequest>>();
    expectTypeOf<Bag.CouponError>().toEqualTypeOf<CouponTotals.CouponError>();
    expectTypeOf<Bag.CouponFailData>().toEqualTypeOf<CouponTotals.CouponFailData>();
  });
});

describe('checkout data types match contract/', () => {
  it('saving the main delivery address', () => {
    expectTypeOf<Checkout.UserUpdateInfoInput>().toExtend<Partial<CallBodyInput<typeof userUpdateInfo>>>();
    expectTypeOf<CallResponse<typeof userUpdateInfo>>().toExtend<Checkout.UserUpdateInfoOutput>();
  });

  it('listing the member’s orders, to find one placed by an attempt whose answer was lost (contract/orders.ts)', () => {
    expectTypeOf<Checkout.ListUserProductOrderInput>().toExtend<CallBodyInput<typeof listUserProductOrder>>();
    expectTypeOf<CallResponse<typeof listUserProductOrder>>().toExtend<Checkout.ListUserProductOrderOutput>();
  });
});

describe('machines/shared: one CallResult, one set of codes, one coupon refusal', () => {
  it('every well-known code is the contract’s ErrorCode of that name (70600 is InvalidCoupon on both sides)', () => {
    expect(codes.INVALID_COUPON).toBe(ErrorCode.InvalidCoupon);
    expectTypeOf<typeof codes.INVALID_COUPON>().toEqualTypeOf<typeof ErrorCode.InvalidCoupon>();
    expect(codes.UNAUTHORIZED).toBe(ErrorCode.Unauthorized);
    expect(codes.RESET_PASSWORD_REQUIRE).toBe(ErrorCode.ResetPasswordRequire);
    expect(codes.LINK_REQUIRED).toBe(ErrorCode.LinkRequired);
    expect(codes.SURVEY_NOT_COMPLETE).toBe(ErrorCode.SurveyNotComplete);
    expect(codes.SURVEY_CANNOT_RESUBMIT).toBe(ErrorCode.SurveyCannotResubmit);
    expectTypeOf<(typeof codes.BAG_ERRORS)[number]>().toExtend<ErrorCode>();
    expectTypeOf<(typeof codes.PAYMENT_ERRORS)[number]>().toExtend<ErrorCode>();
    // NetworkError is the flows' own name for a call that never answered, not a server code.
    expect(Object.values(ErrorCode)).not.toContain(codes.NETWORK_ERROR);
  });

  it('a failed call’s code is the contract’s catalogue, written out in machines/shared, plus the flows’ own names', () => {
    // Both ways: a code added to the contract, or one the contract dropped, fails the typecheck here.
    expectTypeOf<codes.ServerCode>().toEqualTypeOf<ErrorCode>();
    expectTypeOf<codes.CallCode>().toEqualTypeOf<ErrorCode | typeof codes.NETWORK_ERROR>();
    expectTypeOf<codes.FlowCode>().toEqualTypeOf<codes.CallCode | typeof codes.ORDER_NOT_PLACED | typeof codes.PAYMENT_NOT_TAKEN>();
    expect(Object.values(ErrorCode)).not.toContain(codes.ORDER_NOT_PLACED);
    expect(Object.values(ErrorCode)).not.toContain(codes.PAYMENT_NOT_TAKEN);
  });

  it('the flows’ coupon types are the shared ones', () => {
    expectTypeOf<Bag.CouponError>().toEqualTypeOf<Coupon.CouponError>();
    expectTypeOf<Checkout.CouponError>().toEqualTypeOf<Coupon.CouponError>();
    expectTypeOf<CouponTotals.CouponError>().toEqualTypeOf<Coupon.CouponError>();
    expectTypeOf<Bag.CouponFailData>().toEqualTypeOf<Coupon.CouponFailData>();
  });
});
