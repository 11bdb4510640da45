import * as v from 'valibot';
import { Bilingual, Currency, defineCall, Id, noBody } from './define.ts';
import { AnnouncementBody, AnnouncementRequestID, AnnouncementTitle, ShopLinkPath } from './announcement-fields.ts';
import { SurveyQuestionSummary } from './event-surveys.ts';
import { StaffOrderKind } from './staff-orders.ts';

// The announcement's fields live in a file the /admin chunk can import alone; re-exported here as before.
export { AnnouncementRequestID, ShopLinkPath };

/**
 * The back office's dashboard, a session's survey results and push announcements (issue 32): the figures the
 * people who run the shop look at first, what a session's guests answered, and news to every device on the
 * global topic. Reading changes nothing; an announcement writes one audit_log row ('announcement.send').
 */

/** How far ahead the dashboard lists sessions. */
export const UPCOMING_SESSION_DAYS = 14;
/** How far back failed payments are counted. */
export const FAILED_PAYMENT_DAYS = 7;
/** How many days the revenue chart covers (today included). */
export const REVENUE_SERIES_DAYS = 30;
/** Most rows each list on the dashboard shows (its count is always the whole). */
export const DASHBOARD_LIST_MAX = 50;
/** How many of the latest failed payments are listed. */
export const LATEST_FAILED_PAYMENTS = 10;

/** Paid orders and their revenue in one currency (minor units, the orders' own totals). */
export const CurrencyFigures = v.object({ Currency, Orders: v.number(), Revenue: v.number() });
export type CurrencyFigures = v.InferOutput<typeof CurrencyFigures>;

/** Paid orders of a period: per currency, and per order kind and currency (every pair listed, zeros too). */
export const PeriodFigures = v.object({
  /** ISO 8601: the period's first instant (midnight in Hong Kong) … */
  From: v.string(),
  /** … and the instant after its last. */
  Until: v.string(),
  PerCurrency: v.array(CurrencyFigures),
  PerKind: v.array(v.object({ Kind: StaffOrderKind, Currency, Orders: v.number(), Revenue: v.number() })),
});
export type PeriodFigures = v.InferOutput<typeof PeriodFigures>;

export const LowStockVariance = v.object({
  VarianceID: v.string(),
  ProductID: v.string(),
  ProductName: Bilingual,
  VarianceName: Bilingual,
  Stock: v.number(),
});

export const UpcomingSession = v.object({
  SessionID: v.string(),
  EventID: v.string(),
  EventTitle: Bilingual,
  /** ISO 8601. */
  StartsAt: v.string(),
  Capacity: v.number(),
  /** Seats of paid orders. */
  SeatsSold: v.number(),
  /** Seats held by orders waiting for payment. */
  SeatsHeld: v.number(),
  /** SeatsSold / Capacity, 0 to 1 (two decimals). */
  Fill: v.number(),
});

export const FailedPayment = v.object({
  OrderID: v.string(),
  Reference: v.string(),
  Kind: StaffOrderKind,
  Currency,
  /** Minor units. */
  Total: v.number(),
  PaymentMethod: v.string(),
  /** ISO 8601: when the order was placed. */
  CreatedAt: v.string(),
  MemberEmail: v.string(),
});

/** One day of the revenue chart: its Hong Kong date (yyyy-MM-dd) and what was paid that day. */
export const RevenuePoint = v.object({ Date: v.string(), Orders: v.number(), Revenue: v.number() });

/**
 * The dashboard. Days and months are Hong Kong's (Asia/Hong_Kong): "today" runs from midnight in Hong Kong,
 * "this month" from the 1st. Revenue is the total of orders Paid now, counted when they were paid, per
 * currency in minor units (never added across currencies), overall and per order kind. Also: variances on sale
 * with LowStock.Threshold units or fewer (catalogue.ts LOW_STOCK_THRESHOLD, where members see "last few left";
 * with their product's name), scheduled sessions starting in the next UPCOMING_SESSION_DAYS days with their
 * capacity, seats sold and fill, failed payments (orders whose payment failed and that are still unpaid,
 * placed in the last FAILED_PAYMENT_DAYS days: their count and the latest),
 * refund requests not yet paid out (count and total per currency), and a REVENUE_SERIES_DAYS-day series per
 * currency for a chart (every day listed, zeros too).
 */
export const staffDashboard = defineCall({
  name: 'staff-dashboard',
  readOnly: true,
  method: 'POST',
  auth: 'staff',
  body: noBody,
  response: v.object({
    /** ISO 8601: the moment the figures were read. */
    At: v.string(),
    Today: PeriodFigures,
    ThisMonth: PeriodFigures,
    LowStock: v.object({ Threshold: v.number(), Count: v.number(), Variances: v.array(LowStockVariance) }),
    UpcomingSessions: v.object({ Days: v.number(), Count: v.number(), Sessions: v.array(UpcomingSession) }),
    FailedPayments: v.object({ Days: v.number(), Count: v.number(), Latest: v.array(FailedPayment) }),
    OpenRefunds: v.object({ Count: v.number(), PerCurrency: v.array(v.object({ Currency, Count: v.number(), Amount: v.number() })) }),
    DailyRevenue: v.array(v.object({ Currency, Points: v.array(RevenuePoint) })),
  }),
});

/** A FiveSenses question's answers: how many chose each level (1–5) of each sense. */
export const SenseDistribution = v.object({
  Sweetness: v.array(v.number()),
  Sourness: v.array(v.number()),
  Bitterness: v.array(v.number()),
  Saltiness: v.array(v.number()),
  Umami: v.array(v.number()),
});

/** One question's results: the summary members see (counts per choice, averages, latest texts), plus the spread of levels. */
export const SessionQuestionResult = v.object({
  ...SurveyQuestionSummary.entries,
  Title: Bilingual,
  /** FiveSenses: for each sense, the count of answers at level 1, 2, 3, 4 and 5 (index 0 is level 1). */
  FiveSensesDistribution: v.optional(SenseDistribution),
});

/**
 * What a session's guests answered, every survey of its event in order: each survey's number of responses,
 * and per question the counts of each choice (Radio, Checkbox, TasteNote, Aroma), the average and the spread
 * of levels (FiveSenses), the latest texts (Text). Hosts read only the sessions they host (another's: 403
 * Forbidden); staff and owners read every session. An unknown session is 400 ObjectNotFound naming SessionID.
 */
export const staffSessionSurveyResults = defineCall({
  name: 'staff-session-survey-results',
  readOnly: true,
  method: 'POST',
  auth: 'host',
  body: v.object({ SessionID: Id }),
  response: v.object({
    SessionID: v.string(),
    EventID: v.string(),
    EventTitle: Bilingual,
    /** ISO 8601. */
    StartsAt: v.string(),
    Surveys: v.array(
      v.object({
        SurveyID: v.string(),
        Title: Bilingual,
        /** How many guests submitted it for this session. */
        Responses: v.number(),
        Questions: v.array(SessionQuestionResult),
      }),
    ),
  }),
});

/**
 * A push announcement to every device on the global topic: each device linked to a member gets it in the
 * member's language (en or zh-Hant), any other in English (the shop's default). Link opens a page of the shop
 * (/home by default). Sent once per RequestID (a RequestID already used for other words is 400
 * InvalidParameter naming RequestID); one audit_log row ('announcement.send') with the words sent. Delivery is
 * best effort: the counts say how many devices took it.
 */
export const staffSendAnnouncement = defineCall({
  name: 'staff-send-announcement',
  method: 'POST',
  auth: 'staff',
  body: v.object({
    RequestID: AnnouncementRequestID,
    Title: v.object({ en: AnnouncementTitle, zh: AnnouncementTitle }),
    Body: v.object({ en: AnnouncementBody, zh: AnnouncementBody }),
    Link: v.optional(ShopLinkPath),
  }),
  response: v.object({
    AnnouncementID: v.string(),
    /** ISO 8601: when it was (first) sent. */
    SentAt: v.string(),
    /** This press found the announcement sent already: nothing was sent again. */
    Repeated: v.boolean(),
    /** This press's delivery (zeros on a repeat). */
    Delivery: v.object({ Sent: v.number(), Gone: v.number(), Failed: v.number(), Refused: v.number() }),
  }),
});
