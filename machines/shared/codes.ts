/**
 * The error codes flows act on, one name each. The values are the contract's (contract/errors.ts
 * ErrorCode, spec §8); machines import nothing outside machines/ (they open as-is in the Stately
 * visualizer), so tests/machines/contract-compat.test.ts proves each equals the contract's, and
 * that ServerCode is exactly the contract's ErrorCode.
 */

/** Every code the server answers with: the contract's ErrorCode values, written out here for the reason above. */
export type ServerCode =
  | 'MissingParameter'
  | 'InvalidParameter'
  | 'NotFound'
  | 'ObjectNotFound'
  | 'Unauthorized'
  | 'LimitError'
  | 'InternalError'
  | 'UnknownError'
  | 'ResetPasswordRequire'
  | 'AccountDisabled'
  | 'IncorrectUsernameOrPassword'
  | 'RescanQRCode'
  | 'SurveyCannotResubmit'
  | 'SurveyNotComplete'
  | 'NoNeedToUpdateLike'
  | 'StripeError'
  | 'ShoppingBagEmpty'
  | 'OutOfStock'
  | 'AlipayError'
  | 'PaymentFail'
  | 'UserAlreadyJoinedTheEvent'
  | 'TicketAlreadyActivated'
  | 'UpdateNameLimit'
  | '70600'
  | 'StopSell'
  | 'AgeConfirmationRequired'
  | 'DeliveryAddressRequired'
  | 'EventSaleClosed'
  | 'SurveyNotOpen'
  | 'AlreadySubscribed'
  | 'SubscriptionEnded'
  | 'UsernameExistsException'
  | 'UserNotConfirmedException'
  | 'NotAuthorizedException'
  | 'CodeMismatchException'
  | 'ExpiredCodeException'
  | 'InvalidPasswordException'
  | 'NameAlreadyExists'
  | 'LinkRequired'
  | 'UnexpectedLoginProvider'
  | 'CodeExpired'
  | 'AlreadyAppliedCoupon'
  | 'UserAlreadyUsedCode'
  | 'InviteCodeExpired'
  | 'InviteCodeLimitReached'
  | 'OwnInviteCode'
  | 'GatheringClosed'
  | 'NotInGathering'
  | 'Forbidden'
  | 'LastOwner'
  | 'RefundInProgress'
  | 'RefundFailed'
  | 'OrderAlreadyShipped'
  | 'CapacityBelowSold'
  | 'SessionCancelled'
  | 'CouponCodeTaken'
  | 'CouponAlreadyUsed'
  | 'SecondFactorRequired'
  | 'SecondFactorEnrolled'
  | 'NewsletterAlreadySent'
  | 'StockBelowZero'
  | 'PlanHasSubscribers'
  | 'SetAsideBelowSold'
  | 'PourAlreadyOrdered';

/** What a failed call carries on the client (CallResult.code): a server code, or NETWORK_ERROR when no answer came. */
export type CallCode = ServerCode | typeof NETWORK_ERROR;

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

/** Spec §8: the survey was answered already (the entry survey, or an event survey for this session). */
export const SURVEY_CANNOT_RESUBMIT = 'SurveyCannotResubmit';

/** Spec §8 codes after which the bag must be looked at again: nothing can be ordered as it is. */
export const BAG_ERRORS = ['OutOfStock', 'ShoppingBagEmpty'] as const satisfies readonly ServerCode[];

/** Spec §8 codes for a payment that did not go through: another method or another try. */
export const PAYMENT_ERRORS = ['PaymentFail', 'StripeError', 'AlipayError'] as const satisfies readonly ServerCode[];

/** Not a server code: paying found, after a lost answer, that no order was placed (machines/order-payment). */
export const ORDER_NOT_PLACED = 'OrderNotPlaced';

/** Not a server code: paying found, after a lost answer, the order placed but its payment not taken. */
export const PAYMENT_NOT_TAKEN = 'PaymentNotTaken';

/** What a flow's error may carry: a failed call's code, or one of the flows' own outcomes above. */
export type FlowCode = CallCode | typeof ORDER_NOT_PLACED | typeof PAYMENT_NOT_TAKEN;
