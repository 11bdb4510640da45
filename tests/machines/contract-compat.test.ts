/**
 * Machines declare their own data types (they import nothing but xstate, so they open in the
 * Stately visualizer). These type-level checks, run by `tsc`, keep them in step with contract/:
 * the contract's answers fit what the machines store, and what the machines send fits the
 * contract's bodies, so the app can pass values straight through.
 */
import { describe, expectTypeOf, it } from 'vitest';
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
} from '../../contract/account.ts';
import type { CallBodyInput, CallResponse } from '../../contract/define.ts';
import type * as EntrySurvey from '../../machines/entry-survey/entry-survey.types.ts';
import type * as ForgotPassword from '../../machines/forgot-password/forgot-password.types.ts';
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
