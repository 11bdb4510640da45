/**
 * The error catalogue of spec §8. Codes travel between server and SPA; the SPA turns them
 * into words through Lingui (src/api/error-messages.ts).
 */
export const ErrorCode = {
  MissingParameter: 'MissingParameter',
  InvalidParameter: 'InvalidParameter',
  NotFound: 'NotFound',
  ObjectNotFound: 'ObjectNotFound',
  Unauthorized: 'Unauthorized',
  LimitError: 'LimitError',
  InternalError: 'InternalError',
  UnknownError: 'UnknownError',
  ResetPasswordRequire: 'ResetPasswordRequire',
  AccountDisabled: 'AccountDisabled',
  IncorrectUsernameOrPassword: 'IncorrectUsernameOrPassword',
  RescanQRCode: 'RescanQRCode',
  SurveyCannotResubmit: 'SurveyCannotResubmit',
  SurveyNotComplete: 'SurveyNotComplete',
  NoNeedToUpdateLike: 'NoNeedToUpdateLike',
  StripeError: 'StripeError',
  ShoppingBagEmpty: 'ShoppingBagEmpty',
  OutOfStock: 'OutOfStock',
  AlipayError: 'AlipayError',
  PaymentFail: 'PaymentFail',
  UserAlreadyJoinedTheEvent: 'UserAlreadyJoinedTheEvent',
  TicketAlreadyActivated: 'TicketAlreadyActivated',
  UpdateNameLimit: 'UpdateNameLimit',
  InvalidCoupon: '70600',
  /** A variance whose sale stopped cannot go into the bag. */
  StopSell: 'StopSell',
  /** Spec §5: an order with alcohol needs the over-18 confirmation. */
  AgeConfirmationRequired: 'AgeConfirmationRequired',
  /** An order needs a delivery address in the service range. */
  DeliveryAddressRequired: 'DeliveryAddressRequired',
  /** An event session whose sale is not open (not yet, or over: it started or sold its window out). */
  EventSaleClosed: 'EventSaleClosed',
  /** An event survey is answered from its session's start. */
  SurveyNotOpen: 'SurveyNotOpen',
  /** A member subscribing to a plan they already have an ongoing subscription to. */
  AlreadySubscribed: 'AlreadySubscribed',
  /** A subscription that ended can no longer be changed. */
  SubscriptionEnded: 'SubscriptionEnded',
  // Account answers, named as the spec's identity provider names them (DESIGN §4).
  UsernameExistsException: 'UsernameExistsException',
  UserNotConfirmedException: 'UserNotConfirmedException',
  NotAuthorizedException: 'NotAuthorizedException',
  CodeMismatchException: 'CodeMismatchException',
  ExpiredCodeException: 'ExpiredCodeException',
  InvalidPasswordException: 'InvalidPasswordException',
  NameAlreadyExists: 'NameAlreadyExists',
  LinkRequired: 'LinkRequired',
  // Spec §8 codes with no wording given; the catalogue names them so the SPA has words for each.
  UnexpectedLoginProvider: 'UnexpectedLoginProvider',
  CodeExpired: 'CodeExpired',
  AlreadyAppliedCoupon: 'AlreadyAppliedCoupon',
  // Spec §8: invite code outcomes, answered to the caller (the activation screen), not the common handler.
  UserAlreadyUsedCode: 'UserAlreadyUsedCode',
  InviteCodeExpired: 'InviteCodeExpired',
  InviteCodeLimitReached: 'InviteCodeLimitReached',
  /** A member activating an invite code of their own. */
  OwnInviteCode: 'OwnInviteCode',
  /** A gathering that is not going on (not opened yet, or closed): no check-ins, carts or orders. */
  GatheringClosed: 'GatheringClosed',
  /** A member who is not in the gathering's room (not checked in, or left). */
  NotInGathering: 'NotInGathering',
  /** HTTP 403: a signed-in member without the role a call needs (issue 32: owner ⊇ staff ⊇ host). */
  Forbidden: 'Forbidden',
  /** Removing or demoting the shop's last owner: someone must keep every right, staff's included. */
  LastOwner: 'LastOwner',
  /** A refund another press is paying out through the provider right now (issue 32: pay-refund). */
  RefundInProgress: 'RefundInProgress',
  /** The payment provider refused or could not make a refund; the answer carries its reason. */
  RefundFailed: 'RefundFailed',
  /** Staff shipping an order that has shipped already (issue 32: staff-ship-order). */
  OrderAlreadyShipped: 'OrderAlreadyShipped',
  /** A session's capacity set below the seats sold or held (issue 32: staff-update-session). */
  CapacityBelowSold: 'CapacityBelowSold',
  /** Changing a session staff have cancelled (issue 32). */
  SessionCancelled: 'SessionCancelled',
  /** Staff making a coupon whose code (as normalised) another coupon has (issue 32: staff-create-coupon). */
  CouponCodeTaken: 'CouponCodeTaken',
  /** Staff changing the amount or percent of a coupon an order holds a use of (issue 32: staff-update-coupon). */
  CouponAlreadyUsed: 'CouponAlreadyUsed',
  /** Staff taking more stock off a variance than it holds (issue 32: staff-adjust-stock); stock is never below zero. */
  StockBelowZero: 'StockBelowZero',
  /** HTTP 403: a back-office call from a session that has not passed the second factor lately (issue 32). */
  SecondFactorRequired: 'SecondFactorRequired',
  /** Enrolling an authenticator app when one is enrolled already (the owner resets it: npm run staff). */
  SecondFactorEnrolled: 'SecondFactorEnrolled',
  /** Staff changing or sending a newsletter issue that is being sent or was sent (issue 32: staff-send-newsletter-issue). */
  NewsletterAlreadySent: 'NewsletterAlreadySent',
  /** A pour's set-aside quantity lowered below what orders took of it (issue 32: staff-save-pour); the answer carries Taken. */
  SetAsideBelowSold: 'SetAsideBelowSold',
  /** Removing a pour from a gathering's list once an order took some of it (issue 32: staff-remove-pour). */
  PourAlreadyOrdered: 'PourAlreadyOrdered',
  /** Staff changing the interval of a subscription plan members have subscribed to (issue 32: staff-update-subscription-plan). */
  PlanHasSubscribers: 'PlanHasSubscribers',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * The codes only the back office meets (issue 32). The SPA's build leaves them out of its ErrorCode
 * (build/contract-descriptors.ts), so that no customer's first load carries them; /admin's chunk adds them to the
 * client's catalogue when it loads (src/api/client.ts knowCodes). The server's ErrorCode keeps every code.
 */
export const BACK_OFFICE_CODES = [
  ErrorCode.LastOwner,
  ErrorCode.RefundInProgress,
  ErrorCode.RefundFailed,
  ErrorCode.OrderAlreadyShipped,
  ErrorCode.CapacityBelowSold,
  ErrorCode.SessionCancelled,
  ErrorCode.CouponCodeTaken,
  ErrorCode.CouponAlreadyUsed,
  ErrorCode.StockBelowZero,
  ErrorCode.SecondFactorRequired,
  ErrorCode.SecondFactorEnrolled,
  ErrorCode.NewsletterAlreadySent,
  ErrorCode.SetAsideBelowSold,
  ErrorCode.PourAlreadyOrdered,
  ErrorCode.PlanHasSubscribers,
] as const;

/** Spec §8: only HTTP 400 answers with one of these codes are shown to the user. */
export const USER_VISIBLE_CODES: ReadonlySet<string> = new Set([
  ErrorCode.ResetPasswordRequire,
  ErrorCode.AccountDisabled,
  ErrorCode.IncorrectUsernameOrPassword,
  ErrorCode.RescanQRCode,
  ErrorCode.SurveyCannotResubmit,
  ErrorCode.SurveyNotComplete,
  ErrorCode.NoNeedToUpdateLike,
  ErrorCode.StripeError,
  ErrorCode.ShoppingBagEmpty,
  ErrorCode.OutOfStock,
  ErrorCode.AlipayError,
  ErrorCode.PaymentFail,
  ErrorCode.UserAlreadyJoinedTheEvent,
  ErrorCode.TicketAlreadyActivated,
  ErrorCode.UpdateNameLimit,
]);

/** The error envelope of DESIGN §4. */
export interface ErrorEnvelope {
  result: false;
  ErrorCode: string;
  message: string;
  /** The body field a MissingParameter / InvalidParameter is about. */
  field?: string;
}
