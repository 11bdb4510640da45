/** The API contract: every call, its schemas and the error catalogue (re-exported per group). */
export * from './define.ts';
export * from './errors.ts';
export * from './account.ts';
export * from './catalogue.ts';
export * from './content.ts';
export * from './email-change.ts';
export * from './media.ts';
export * from './reference.ts';
export * from './third-party.ts';
export * from './notifications.ts';
export * from './wishlist.ts';
export * from './search.ts';
export * from './bag.ts';
export * from './orders.ts';
export * from './events.ts';
export * from './event-orders.ts';
export * from './taste-vocabulary.ts';
export * from './taste-cards.ts';
export * from './event-surveys.ts';
// Both the entry survey (account.ts) and event surveys name an answer SurveyAnswer: here it stays the entry
// survey's; the event survey's is EventSurveyAnswer (or SurveyAnswer from './event-surveys.ts').
export { SurveyAnswer } from './account.ts';
export * from './subscriptions.ts';
export * from './inspiration.ts';
export * from './comments.ts';
export * from './social.ts';
export * from './b2b.ts';
export * from './nfc.ts';
export * from './newsletter.ts';
export * from './member-home.ts';
export * from './unpaid-orders.ts';
export * from './invites.ts';
export * from './gatherings.ts';
export * from './gathering-host.ts';
export * from './staff.ts';
export * from './staff-refunds.ts';
export * from './staff-orders.ts';
