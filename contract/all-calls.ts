import type { CallDef } from './define.ts';
import * as account from './account.ts';
import * as catalogue from './catalogue.ts';
import * as content from './content.ts';
import * as emailChange from './email-change.ts';
import * as media from './media.ts';
import * as notifications from './notifications.ts';
import * as reference from './reference.ts';
import * as thirdParty from './third-party.ts';
import * as wishlist from './wishlist.ts';
import * as search from './search.ts';
import * as bag from './bag.ts';
import * as orders from './orders.ts';
import * as events from './events.ts';
import * as eventOrders from './event-orders.ts';
import * as tasteVocabulary from './taste-vocabulary.ts';
import * as tasteCards from './taste-cards.ts';
import * as subscriptions from './subscriptions.ts';
import * as eventSurveys from './event-surveys.ts';
import * as inspiration from './inspiration.ts';
import * as comments from './comments.ts';
import * as social from './social.ts';
import * as b2b from './b2b.ts';
import * as nfc from './nfc.ts';
import * as newsletter from './newsletter.ts';
import * as memberHome from './member-home.ts';
import * as unpaidOrders from './unpaid-orders.ts';
import * as invites from './invites.ts';
import * as gatherings from './gatherings.ts';
import * as gatheringHost from './gathering-host.ts';
import * as staff from './staff.ts';
import * as staffRefunds from './staff-refunds.ts';
import * as staffOrders from './staff-orders.ts';
import * as staffSecondFactor from './staff-second-factor.ts';
import * as staffB2b from './staff-b2b.ts';
import * as staffContent from './staff-content.ts';
import * as staffNewsletter from './staff-newsletter.ts';
import * as staffSubscriptions from './staff-subscriptions.ts';
import * as staffSubscriptionPlans from './staff-subscription-plans.ts';
import * as staffCoupons from './staff-coupons.ts';
import * as staffEvents from './staff-events.ts';
import * as staffCatalogue from './staff-catalogue.ts';
import * as staffDashboard from './staff-dashboard.ts';
import * as staffGatherings from './staff-gatherings.ts';
import * as staffNfc from './staff-nfc.ts';
import * as staffEventCatalogue from './staff-event-catalogue.ts';
import * as hostSessions from './host-sessions.ts';

function callsOf(module: Record<string, unknown>): CallDef[] {
  return Object.values(module).filter(
    (x): x is CallDef => typeof x === 'object' && x !== null && 'method' in x && 'response' in x && 'name' in x,
  );
}

/** Every call of the API, keyed by its spec name. */
export const CALLS: ReadonlyMap<string, CallDef> = new Map(
  [account, catalogue, content, emailChange, media, notifications, reference, thirdParty, wishlist, search, bag, orders, events, eventOrders, tasteVocabulary, tasteCards, subscriptions, eventSurveys, inspiration, comments, social, b2b, nfc, newsletter, memberHome, unpaidOrders, invites, gatherings, gatheringHost, staff, staffOrders, staffRefunds, staffSubscriptions, staffSubscriptionPlans, staffEvents, staffCoupons, staffDashboard, staffCatalogue, staffSecondFactor, staffB2b, staffContent, staffNewsletter, staffGatherings, staffNfc, staffEventCatalogue, hostSessions].flatMap(callsOf).map((c) => [c.name, c]),
);
