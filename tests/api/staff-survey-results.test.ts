/**
 * Issue 32: a session's survey results in the back office (staff-session-survey-results). Guests answer through
 * the customers' own submitSurvey; the results count what they chose (every option listed, zeros too), average
 * and spread the five senses, and keep the texts, per survey of the event, for this session only. A host reads
 * the sessions they host and no other (403); staff read every session. Run on PostgreSQL too, with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getEventTasteNote, staffSessionSurveyResults, submitSurvey, type EventSurveyAnswer } from '../../contract/index.ts';
import { eventBookings, eventTickets, eventVariances, orders } from '../../server/db/schema.ts';
import { SEED_EVENT_IDS } from '../../server/db/seed/event-data.ts';
import { QUESTION_KINDS, SEED_SURVEY_IDS } from '../../server/db/seed/event-survey-data.ts';
import { auth, refused, shopper, type Shopper } from '../support/shop.ts';
import { grantRole } from '../support/staff.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
let now = SEED_NOW.getTime() + 60 * MINUTE;
let t: TestApp;

const EVENT = SEED_EVENT_IDS.gongfuOolong;
/** Sessions made here: one hosted by `host`, one by nobody (guests of the other answer too, and must not count here). */
const SESSION = 'evs-test-staff-results';
const OTHER_SESSION = 'evs-test-staff-results-other';
const SURVEY = SEED_SURVEY_IDS.tieguanyin;
const SECOND_SURVEY = SEED_SURVEY_IDS.dancong;
type Kind = (typeof QUESTION_KINDS)[number];
const Q = (kind: Kind, survey: string = SURVEY) => `${survey}-${kind}`;
const OPT = (slug: string, survey: string = SURVEY) => `${survey}-${slug}`;

let notes: string[];
let aromas: string[];
let host: Shopper;
let otherHost: Shopper;
let staff: Shopper;
let member: Shopper;
const guests: Shopper[] = [];

type Answers = Partial<Record<Kind, Omit<EventSurveyAnswer, 'QuestionID'> | null>>;
/** A complete answer set for `survey`, some answers changed (null: left out). */
function answers(change: Answers = {}, survey: string = SURVEY): EventSurveyAnswer[] {
  const base: Answers = {
    aroma: { OptionIDs: [aromas[0]!] },
    senses: { FiveSenses: { Sweetness: 3, Sourness: 2, Bitterness: 1, Saltiness: 1, Umami: 4 } },
    notes: { OptionIDs: [notes[0]!] },
    drink: { OptionIDs: [OPT('second', survey)] },
    overall: { OptionIDs: [OPT('loved', survey)] },
    next: null,
    words: null,
    ...change,
  };
  return QUESTION_KINDS.flatMap((kind) => (base[kind] ? [{ QuestionID: Q(kind, survey), ...base[kind] }] : []));
}

let orderCount = 0;
/** A paid seat of the member's own, written as a paid event order leaves it. */
async function seatOf(userId: string, varianceId: string) {
  orderCount += 1;
  const id = `ord-staff-results-${orderCount}`;
  await t.db.insert(orders).values({
    id,
    reference: `STAFFRESULTS${orderCount}`,
    userId,
    kind: 'event',
    language: 'en',
    currency: 'HKD',
    paymentMethod: 'FPS',
    paymentStatus: 'Paid',
    orderDetail: {},
    total: 38000,
    paidAt: new Date(now),
    createdAt: new Date(now),
  });
  await t.db.insert(eventBookings).values({ orderId: id, userId, varianceId, eventId: EVENT, seats: 1, pricePerPerson: 38000, includesOwnSeat: true });
  await t.db.insert(eventTickets).values({ id: `tkt-staff-results-${orderCount}`, orderId: id, varianceId, seatNumber: 1, isOwner: true });
}

const submit = (m: Shopper, Question: EventSurveyAnswer[], VarianceID: string = SESSION, SurveyID: string = SURVEY) => t.call(submitSurvey, { SurveyID, VarianceID, Question }, auth(m));
const resultsFor = (m: Shopper, SessionID = SESSION) => t.call(staffSessionSurveyResults, { SessionID }, auth(m));

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date(now) }, idTokenSeconds: 60 * 24 * 3600 });
  [host, otherHost, staff, member] = [await shopper(t, { address: false }), await shopper(t, { address: false }), await shopper(t, { address: false }), await shopper(t, { address: false })];
  await grantRole(t, host.userId, 'host');
  await grantRole(t, otherHost.userId, 'host');
  await grantRole(t, staff.userId, 'staff');

  const startsAt = new Date(SEED_NOW.getTime() + 2 * DAY);
  const session = (id: string, hostUserId: string | null) => ({
    id,
    eventId: EVENT,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 120 * MINUTE),
    capacity: 10,
    seatsLeft: 6,
    priceHkd: 38000,
    priceUsd: 4900,
    saleOpensAt: new Date(SEED_NOW.getTime() - 14 * DAY),
    saleClosesAt: startsAt,
    hostUserId,
  });
  await t.db.insert(eventVariances).values([session(SESSION, host.userId), session(OTHER_SESSION, otherHost.userId)]);
  const vocabulary = await t.call(getEventTasteNote, { EventID: EVENT });
  notes = vocabulary.tasteNoteList.map((n) => n.TasteNoteID);
  aromas = vocabulary.aromaList.map((a) => a.AromaID);
  for (let i = 0; i < 4; i++) {
    const g = await shopper(t, { address: false });
    await seatOf(g.userId, i < 3 ? SESSION : OTHER_SESSION);
    guests.push(g);
  }

  // The session has started: its guests answer.
  now = startsAt.getTime() + 10 * MINUTE;
  await submit(guests[0]!, answers({ words: { Text: 'A lovely evening.' } }));
  await submit(guests[1]!, answers({ senses: { FiveSenses: { Sweetness: 5, Sourness: 2, Bitterness: 1, Saltiness: 1, Umami: 4 } }, drink: { OptionIDs: [OPT('first')] } }));
  await submit(
    guests[2]!,
    answers({
      senses: { FiveSenses: { Sweetness: 4, Sourness: 3, Bitterness: 2, Saltiness: 1, Umami: 4 } },
      overall: { OptionIDs: [OPT('liked')] },
      next: { OptionIDs: [OPT('roasted'), OPT('aged')] },
      notes: { OptionIDs: [notes[0]!, notes[1]!] },
    }),
  );
  await submit(guests[0]!, answers({ drink: { OptionIDs: [OPT('both', SECOND_SURVEY)] } }, SECOND_SURVEY), SESSION, SECOND_SURVEY);
  // Another session's guest: counted there, never here.
  await submit(guests[3]!, answers({ overall: { OptionIDs: [OPT('not-for-me')] } }), OTHER_SESSION);
});
afterAll(() => t?.close());

describe('staff-session-survey-results', () => {
  it("adds up the session's submissions per survey and question: counts per choice, averages and spread of the senses, texts", async () => {
    const results = await resultsFor(host);
    expect(results).toMatchObject({ SessionID: SESSION, EventID: EVENT, StartsAt: new Date(SEED_NOW.getTime() + 2 * DAY).toISOString() });
    expect(results.Surveys.map((s) => [s.SurveyID, s.Responses])).toEqual([
      [SURVEY, 3],
      [SECOND_SURVEY, 1],
    ]);
    const [first] = results.Surveys;
    const question = (kind: Kind) => first!.Questions.find((q) => q.QuestionID === Q(kind))!;
    expect(first!.Questions.map((q) => q.QuestionID)).toEqual(QUESTION_KINDS.map((k) => Q(k)));

    // Radio: every option with its count, most chosen first, then in the question's order.
    expect(question('overall')).toMatchObject({ Type: 'Radio', Answered: 3, Title: { en: expect.any(String), zh: expect.any(String) } });
    expect(question('overall').Choices.map((c) => [c.ID, c.Count])).toEqual([
      [OPT('loved'), 2],
      [OPT('liked'), 1],
      [OPT('fine'), 0],
      [OPT('unsure'), 0],
      [OPT('not-for-me'), 0],
    ]);
    expect(question('drink').Choices.slice(0, 2).map((c) => [c.ID, c.Count])).toEqual([
      [OPT('second'), 2],
      [OPT('first'), 1],
    ]);
    // Checkbox, optional: only who answered it.
    expect(question('next')).toMatchObject({ Answered: 1 });
    expect(question('next').Choices.filter((c) => c.Count > 0).map((c) => c.ID)).toEqual([OPT('roasted'), OPT('aged')]);
    // Taste notes chosen, with their names.
    expect(question('notes').Choices[0]).toMatchObject({ ID: notes[0], Count: 3 });
    expect(question('notes').Choices[1]).toMatchObject({ ID: notes[1], Count: 1 });
    expect(question('notes').Choices[0]!.Name.en).not.toBe(notes[0]);

    // FiveSenses: averages to one decimal and how many chose each level 1–5.
    expect(question('senses').FiveSensesAverage).toEqual({ Sweetness: 4, Sourness: 2.3, Bitterness: 1.3, Saltiness: 1, Umami: 4 });
    expect(question('senses').FiveSensesDistribution).toEqual({
      Sweetness: [0, 0, 1, 1, 1],
      Sourness: [0, 2, 1, 0, 0],
      Bitterness: [2, 1, 0, 0, 0],
      Saltiness: [3, 0, 0, 0, 0],
      Umami: [0, 0, 0, 3, 0],
    });
    expect(question('overall').FiveSensesDistribution).toBeUndefined();
    expect(question('words')).toMatchObject({ Answered: 1, Texts: ['A lovely evening.'] });
  });

  it("the other session's answers stay there", async () => {
    const other = await resultsFor(otherHost, OTHER_SESSION);
    expect(other.Surveys.map((s) => s.Responses)).toEqual([1, 0]);
    const overall = other.Surveys[0]!.Questions.find((q) => q.QuestionID === Q('overall'))!;
    expect(overall.Choices.find((c) => c.ID === OPT('not-for-me'))?.Count).toBe(1);
  });

  it("a host reads only the sessions they host; staff read every one; a member none; an unknown session is ObjectNotFound", async () => {
    expect(await refused(t, 'staff-session-survey-results', { SessionID: SESSION }, otherHost)).toMatchObject({ status: 403, json: { ErrorCode: 'Forbidden' } });
    expect(await refused(t, 'staff-session-survey-results', { SessionID: OTHER_SESSION }, host)).toMatchObject({ status: 403, json: { ErrorCode: 'Forbidden' } });
    expect(await refused(t, 'staff-session-survey-results', { SessionID: SESSION }, member)).toMatchObject({ status: 403 });
    expect(await refused(t, 'staff-session-survey-results', { SessionID: SESSION })).toMatchObject({ status: 401 });
    expect(await resultsFor(staff)).toEqual(await resultsFor(host));
    expect(await refused(t, 'staff-session-survey-results', { SessionID: 'evs-no-such-session' }, staff)).toMatchObject({
      status: 400,
      json: { ErrorCode: 'ObjectNotFound', field: 'SessionID' },
    });
    expect(await refused(t, 'staff-session-survey-results', {}, staff)).toMatchObject({ status: 400, json: { field: 'SessionID' } });
  });
});
