import * as v from 'valibot';
import { Bilingual, defineCall, Id } from './define.ts';
import { GatheringStatus } from './gatherings.ts';
import { PourPrice, SetAside } from './staff-gathering-fields.ts';
import { PageKey, sortOf } from './staff-sort.ts';

/**
 * Gatherings' pour lists in the back office (issue 32): a gathering is a session's room (issue 31), and its pour
 * list what the room orders from at the gathering's prices, out of a quantity set aside apart from the web shop's
 * stock. Staff list the gatherings and add, change and remove pours. Orders take a pour's Remaining with
 * conditional updates (services/orders/gathering/kind.ts); a change of SetAside moves Remaining by the same
 * amount, with the pour's row locked, so what orders took meanwhile is counted. Every change is one audit_log
 * row with before and after (actions 'pour.create', 'pour.update', 'pour.remove'; target pour:<gathering>/<product>).
 */

export { POURS_PER_GATHERING_MAX, PourPrice, SET_ASIDE_MAX, SetAside } from './staff-gathering-fields.ts';

export const STAFF_GATHERINGS_PAGE_MAX = 100;

/** current: scheduled or going on (soonest session first); the others by status, closed ones latest first. */
export const StaffGatheringFilter = v.picklist(['current', 'Scheduled', 'Ongoing', 'Closed']);
export type StaffGatheringFilter = v.InferOutput<typeof StaffGatheringFilter>;

/** A gathering as staff see it. Times are ISO 8601. */
export const StaffGathering = v.object({
  GatheringID: v.string(),
  Status: GatheringStatus,
  SessionID: v.string(),
  EventID: v.string(),
  EventName: Bilingual,
  StartAt: v.string(),
  EndAt: v.string(),
  /** The e-mail the shop named as its host (the host opens the room with a code mailed to it). */
  HostEmail: v.string(),
  /** The member hosting it: who opened it, or before then the session's named host; null: none known. */
  Host: v.nullable(v.object({ UserID: v.string(), Name: v.string() })),
  OpenedAt: v.optional(v.string()),
  ClosedAt: v.optional(v.string()),
  /** Products on its pour list. */
  PourCount: v.number(),
});
export type StaffGathering = v.InferOutput<typeof StaffGathering>;

/** One pour of a gathering's list, as staff see it. Prices in minor units. */
export const StaffPour = v.object({
  ProductID: v.string(),
  VarianceID: v.string(),
  Name: Bilingual,
  VarianceName: Bilingual,
  Image: v.string(),
  IsAlcohol: v.boolean(),
  /** The gathering's price. */
  Price: v.object({ HKD: v.number(), USD: v.number() }),
  /** The variance's price in the web shop, for comparison. */
  OnlinePrice: v.object({ HKD: v.number(), USD: v.number() }),
  SetAside: v.number(),
  /** What the room may still order. */
  Remaining: v.number(),
  /** Units sold or held by orders being paid: SetAside − Remaining. SetAside cannot go below it. */
  Taken: v.number(),
  /** An order of this gathering took some of it (paid, unpaid, or since cancelled): it can no longer be removed. */
  Ordered: v.boolean(),
});
export type StaffPour = v.InferOutput<typeof StaffPour>;

/**
 * How staff-list-gatherings sorts (contract/staff-sort.ts): StartAt (its session's start), Event (its English
 * title), Status, HostEmail or PourCount, each then by StartAt.
 */
export const StaffGatheringSort = sortOf(['StartAt', 'Event', 'Status', 'HostEmail', 'PourCount']);
export type StaffGatheringSort = v.InferOutput<typeof StaffGatheringSort>;

/**
 * Gatherings a page at a time, with their session, event and host: Status current (the default: scheduled or going
 * on, soonest session first), Scheduled or Ongoing (soonest first) or Closed (latest first), or as Sort says.
 * LastEvaluatedKey, opaque, from the previous page of the same sort continues.
 */
export const staffListGatherings = defineCall({
  name: 'staff-list-gatherings',
  readOnly: true,
  method: 'POST',
  auth: 'staff',
  body: v.object({
    Status: v.optional(StaffGatheringFilter, 'current'),
    Size: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(STAFF_GATHERINGS_PAGE_MAX)), 50),
    Sort: v.optional(StaffGatheringSort),
    LastEvaluatedKey: v.optional(PageKey),
  }),
  response: v.object({ GatheringList: v.array(StaffGathering), LastEvaluatedKey: v.optional(v.string()) }),
});

/** A gathering with its whole pour list, in the room's order. Unknown gathering: 400 ObjectNotFound naming GatheringID. */
export const staffGetPourList = defineCall({
  name: 'staff-get-pour-list',
  readOnly: true,
  method: 'POST',
  auth: 'staff',
  body: v.object({ GatheringID: Id }),
  response: v.object({ Gathering: StaffGathering, PourList: v.array(StaffPour) }),
});

/**
 * Adds a product to a gathering's pour list (last in its order), or changes the pour it has: the variance it sells,
 * its prices and the quantity set aside; Remaining moves by the change of SetAside. The same body again changes
 * nothing and writes nothing. Refusals (400, nothing changed): a closed gathering GatheringClosed; SetAside below
 * what orders took SetAsideBelowSold (with Taken); an unknown gathering, product or variance ObjectNotFound naming
 * it; a variance of another product InvalidParameter naming VarianceID; a list already of POURS_PER_GATHERING_MAX
 * LimitError. One audit_log row ('pour.create' or 'pour.update').
 */
export const staffSavePour = defineCall({
  name: 'staff-save-pour',
  method: 'POST',
  auth: 'staff',
  body: v.object({ GatheringID: Id, ProductID: Id, VarianceID: Id, Price: PourPrice, SetAside }),
  response: v.object({ Pour: StaffPour, Created: v.boolean() }),
});

/**
 * Takes a product off a gathering's pour list (members' cart lines of it go with it). Refused 400 PourAlreadyOrdered
 * once an order took any of it, 400 GatheringClosed for a closed gathering, 400 ObjectNotFound naming ProductID when
 * the list has no such pour. One audit_log row ('pour.remove').
 */
export const staffRemovePour = defineCall({
  name: 'staff-remove-pour',
  method: 'POST',
  auth: 'staff',
  body: v.object({ GatheringID: Id, ProductID: Id }),
  response: v.object({ Removed: StaffPour }),
});
