/**
 * The error codes flows act on, one name each. The values are the contract's (contract/errors.ts
 * ErrorCode, spec §8); machines import nothing outside machines/ (they open as-is in the Stately
 * visualizer), so tests/machines/contract-compat.test.ts proves each equals the contract's.
 */

/** Not a server code: the flow's own name for an actor that rejected (network down, server unreachable). */
export const NETWORK_ERROR = 'NetworkError';

/** Spec §8: the invalid-coupon error code (contract ErrorCode.InvalidCoupon); its answer names the reason. */
export const INVALID_COUPON = '70600';

/** A member call without a valid session (the session refreshes or signs out). */
export const UNAUTHORIZED = 'Unauthorized';

/** Sign-in: the account must choose a new password first; the answer carries the session for it. */
export const RESET_PASSWORD_REQUIRE = 'ResetPasswordRequire';

/** The login-code-challenge answer when the provider's e-mail already has an account: link it with that account's password. */
export const LINK_REQUIRED = 'LinkRequired';

/** Spec §8: submitting the survey before every required question is answered. */
export const SURVEY_NOT_COMPLETE = 'SurveyNotComplete';

/** Spec §8 codes after which the bag must be looked at again: nothing can be ordered as it is. */
export const BAG_ERRORS = ['OutOfStock', 'ShoppingBagEmpty'] as const;

/** Spec §8 codes for a payment that did not go through: another method or another try. */
export const PAYMENT_ERRORS = ['PaymentFail', 'StripeError', 'AlipayError'] as const;
