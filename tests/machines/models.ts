/** Every machine's test model, by flow folder; `npm run paths -- --all` can walk this. */
import type { AnyStateMachine } from 'xstate';
import type { MachineModel } from './coverage.ts';
import { bagModel } from './bag.model.ts';
import { checkoutModel } from './checkout.model.ts';
import { couponTotalsModel } from './coupon-totals.model.ts';
import { emailChangeModel } from './email-change.model.ts';
import { eventJoinModel } from './event-join.model.ts';
import { eventSurveyModel } from './event-survey.model.ts';
import { entryGateModel } from './entry-gate.model.ts';
import { entrySurveyModel } from './entry-survey.model.ts';
import { inspirationEditorModel } from './inspiration-editor.model.ts';
import { inviteActivationModel } from './invite-activation.model.ts';
import { newsletterSendModel } from './newsletter-send.model.ts';
import { forgotPasswordModel } from './forgot-password.model.ts';
import { gatheringModel } from './gathering.model.ts';
import { gatheringHostModel } from './gathering-host.model.ts';
import { fpsPaymentModel } from './fps-payment.model.ts';
import { optimisticToggleModel } from './optimistic-toggle.model.ts';
import { orderPaymentModel } from './order-payment.model.ts';
import { paymentChoiceModel } from './payment-choice.model.ts';
import { paymentStepModel } from './payment-step.model.ts';
import { refundPayoutModel } from './refund-payout.model.ts';
import { secondFactorModel } from './second-factor.model.ts';
import { searchModel } from './search.model.ts';
import { sessionModel } from './session.model.ts';
import { sessionCancelModel } from './session-cancel.model.ts';
import { signInModel } from './sign-in.model.ts';
import { signUpModel } from './sign-up.model.ts';
import { subscriptionCheckoutModel } from './subscription-checkout.model.ts';
import { tasteCardModel } from './taste-card.model.ts';
import { tasteCardStepsModel } from './taste-card-steps.model.ts';
import { thirdPartySignInModel } from './third-party-sign-in.model.ts';
import { ticketActivationModel } from './ticket-activation.model.ts';

export const models: Record<string, MachineModel<AnyStateMachine>> = {
  bag: bagModel as unknown as MachineModel<AnyStateMachine>,
  checkout: checkoutModel as unknown as MachineModel<AnyStateMachine>,
  'coupon-totals': couponTotalsModel as unknown as MachineModel<AnyStateMachine>,
  'email-change': emailChangeModel as unknown as MachineModel<AnyStateMachine>,
  'entry-gate': entryGateModel as unknown as MachineModel<AnyStateMachine>,
  'entry-survey': entrySurveyModel as unknown as MachineModel<AnyStateMachine>,
  'event-join': eventJoinModel as unknown as MachineModel<AnyStateMachine>,
  'event-survey': eventSurveyModel as unknown as MachineModel<AnyStateMachine>,
  'forgot-password': forgotPasswordModel as unknown as MachineModel<AnyStateMachine>,
  'fps-payment': fpsPaymentModel as unknown as MachineModel<AnyStateMachine>,
  gathering: gatheringModel as unknown as MachineModel<AnyStateMachine>,
  'gathering-host': gatheringHostModel as unknown as MachineModel<AnyStateMachine>,
  'inspiration-editor': inspirationEditorModel as unknown as MachineModel<AnyStateMachine>,
  'invite-activation': inviteActivationModel as unknown as MachineModel<AnyStateMachine>,
  'newsletter-send': newsletterSendModel as unknown as MachineModel<AnyStateMachine>,
  'optimistic-toggle': optimisticToggleModel as unknown as MachineModel<AnyStateMachine>,
  'order-payment': orderPaymentModel as unknown as MachineModel<AnyStateMachine>,
  'payment-choice': paymentChoiceModel as unknown as MachineModel<AnyStateMachine>,
  'payment-step': paymentStepModel as unknown as MachineModel<AnyStateMachine>,
  'refund-payout': refundPayoutModel as unknown as MachineModel<AnyStateMachine>,
  'second-factor': secondFactorModel as unknown as MachineModel<AnyStateMachine>,
  search: searchModel as unknown as MachineModel<AnyStateMachine>,
  session: sessionModel as unknown as MachineModel<AnyStateMachine>,
  'session-cancel': sessionCancelModel as unknown as MachineModel<AnyStateMachine>,
  'sign-in': signInModel as unknown as MachineModel<AnyStateMachine>,
  'sign-up': signUpModel as unknown as MachineModel<AnyStateMachine>,
  'subscription-checkout': subscriptionCheckoutModel as unknown as MachineModel<AnyStateMachine>,
  'taste-card': tasteCardModel as unknown as MachineModel<AnyStateMachine>,
  'taste-card-steps': tasteCardStepsModel as unknown as MachineModel<AnyStateMachine>,
  'third-party-sign-in': thirdPartySignInModel as unknown as MachineModel<AnyStateMachine>,
  'ticket-activation': ticketActivationModel as unknown as MachineModel<AnyStateMachine>,
};
