/**
 * Event surveys (issue 17): every seeded event has a survey asking all six question types; attendees of a
 * session (a paid seat of their own or an activated guest ticket) answer once, from the session's start;
 * a second answer is refused, also two at once; answers are checked against their question (type, options,
 * counts, levels, length, the event's vocabulary) naming the question; the member reads their answers back;
 * a session's answers add up for its attendees (30 submissions: counts, averages to one decimal, top notes).
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activateTicket,
  getEventSurveyList,
  getEventTasteNote,
  getSurveyResult,
  getSurveySummary,
  getTasteNote,
  submitSurvey,
  type EventSurveyAnswer,
  type TokenSet,
} from '../../contract/index.ts';
import { SEED_EVENT_IDS } from '../../server/db/seed/event-data.ts';
import { QUESTION_KINDS, SEED_SURVEY_IDS } from '../../server/db/seed/event-survey-data.ts';
import { eventBookings, eventSurveyQuestions, eventSurveys, eventSurveySubmissions, eventTickets, eventVariances, events, orders, products } from '../../server/db/schema.ts';
import { paidBooking, unpaidBooking } from '../support/event-bookings.ts';
import { signUpMember } from '../support/members.ts';
import { auth, refused, shopper, type Shopper } from '../support/shop.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
let now = SEED_NOW.getTime() + 60 * MINUTE;
let t: TestApp;

const EVENT = SEED_EVENT_IDS.gongfuOolong;
/** A seeded session of the event, 12 days after the seed's now, on sale. */
const SESSION = 'evs-gongfu-oolong-1';
/** A session made here for the 30 submissions. */
const CROWD = 'evs-test-survey-crowd';
const SURVEY = SEED_SURVEY_IDS.tieguanyin;
const OTHER_SURVEY = SEED_SURVEY_IDS.dancong;
const Q = (kind: (typeof QUESTION_KINDS)[number]) => `${SURVEY}-${kind}`;
const OPT = (slug: string) => `${SURVEY}-${slug}`;

let sessionStart: number;
let notes: string[];
let aromas: string[];
/** A taste note of coffee that tea's vocabulary does not have. */
let coffeeOnlyNote: string;

type Answers = Partial<Record<(typeof QUESTION_KINDS)[number], Omit<EventSurveyAnswer, 'QuestionID'> | null>>;

/** A complete answer set, with some answers changed (null: left out). */
function answers(change: Answers = {}): EventSurveyAnswer[] {
  const base: Answers = {
    aroma: { OptionIDs: [aromas[0]!, aromas[1]!] },
    senses: { FiveSenses: { Sweetness: 3, Sourness: 2, Bitterness: 1, Saltiness: 1, Umami: 4 } },
    notes: { OptionIDs: [notes[0]!], CustomTasteNote: ['orchid honey'] },
    drink: { OptionIDs: [OPT('second')] },
    overall: { OptionIDs: [OPT('loved')] },
    next: { OptionIDs: [OPT('roasted')] },
    words: { Text: 'A lovely evening.' },
    ...change,
  };
  return QUESTION_KINDS.flatMap((kind) => (base[kind] ? [{ QuestionID: Q(kind), ...base[kind] }] : []));
}

const body = (Question: EventSurveyAnswer[], VarianceID: string = SESSION, SurveyID: string = SURVEY) => ({ SurveyID, VarianceID, Question });
const submit = (m: TokenSet, Question: EventSurveyAnswer[], VarianceID: string = SESSION) => t.call(submitSurvey, body(Question, VarianceID), auth(m));
const resultOf = (m: TokenSet, VarianceID: string = SESSION) => t.call(getSurveyResult, { SurveyID: SURVEY, VarianceID }, auth(m));
const stored = async () => (await t.db.select({ n: count() }).from(eventSurveySubmissions))[0]!.n;

let orderCount = 0;
/** A paid seat of the member's own, written as a paid event order would leave it (fast, for the 30). */
async function seatOf(userId: string, varianceId: string) {
  orderCount += 1;
  const id = `ord-survey-test-${orderCount}`;
  await t.db.insert(orders).values({
    id,
    reference: `SURVEYTEST${orderCount}`,
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
  await t.db.insert(eventTickets).values({ id: `tkt-survey-test-${orderCount}`, orderId: id, varianceId, seatNumber: 1, isOwner: true });
}

let attendee: Shopper;
let booker: Shopper;
let guest: Shopper;
let outsider: Shopper;
let unpaid: Shopper;

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date(now) }, idTokenSeconds: 60 * 24 * 3600 });
  const [session] = await t.db.select({ startsAt: eventVariances.startsAt }).from(eventVariances).where(eq(eventVariances.id, SESSION));
  sessionStart = session!.startsAt.getTime();
  const crowdStart = new Date(SEED_NOW.getTime() + 5 * DAY);
  await t.db.insert(eventVariances).values({
    id: CROWD,
    eventId: EVENT,
    startsAt: crowdStart,
    endsAt: new Date(crowdStart.getTime() + 120 * MINUTE),
    capacity: 40,
    seatsLeft: 10,
    priceHkd: 38000,
    priceUsd: 4900,
    saleOpensAt: new Date(SEED_NOW.getTime() - 14 * DAY),
    saleClosesAt: crowdStart,
  });
  const vocabulary = await t.call(getEventTasteNote, { EventID: EVENT });
  notes = vocabulary.tasteNoteList.map((n) => n.TasteNoteID);
  aromas = vocabulary.aromaList.map((a) => a.AromaID);
  const coffee = await t.call(getTasteNote, { Drink: 'coffee' });
  coffeeOnlyNote = coffee.tasteNoteList.find((n) => !notes.includes(n.TasteNoteID))!.TasteNoteID;

  // Seats bought the way members buy them (FPS, the bank's notice delivered), before the session starts.
  attendee = await shopper(t);
  await paidBooking(t, attendee, SESSION, 1);
  booker = await shopper(t);
  const order = await paidBooking(t, booker, SESSION, 2, [{ Name: 'Chan Tai Man', Contact: '91234567' }]);
  guest = await shopper(t);
  await t.call(activateTicket, { TicketID: order.TicketList.find((x) => !x.IsOwner)!.TicketID }, auth(guest));
  outsider = await shopper(t);
  unpaid = await shopper(t);
  await unpaidBooking(t, unpaid, SESSION, 1);
});
afterAll(() => t.close());

describe('surveys of an event (getEventSurveyList)', () => {
  it('lists the event’s surveys with groups of questions of all six types, each naming a product of its drink', async () => {
    const { SurveyList } = await t.call(getEventSurveyList, { EventID: EVENT }, auth(outsider));
    expect(SurveyList.map((s) => s.SurveyID)).toEqual([SURVEY, OTHER_SURVEY]);
    const survey = SurveyList[0]!;
    expect(survey).toMatchObject({ EventID: EVENT, ProductID: 'tea-tieguanyin', Title: { en: expect.any(String), zh: expect.any(String) } });
    const questions = survey.Groups.flatMap((g) => g.Questions);
    expect(new Set(questions.map((q) => q.Type))).toEqual(new Set(['Aroma', 'Checkbox', 'Radio', 'FiveSenses', 'TasteNote', 'Text']));
    expect(questions.find((q) => q.QuestionID === Q('drink'))).toMatchObject({ Type: 'Radio', Required: true, Options: expect.arrayContaining([{ OptionID: OPT('second'), Label: { en: 'The second', zh: '第二泡' } }]) });
    expect(questions.find((q) => q.QuestionID === Q('words'))).toMatchObject({ Type: 'Text', Required: false, MaxLength: 500 });
    expect(questions.find((q) => q.QuestionID === Q('aroma'))).toMatchObject({ Type: 'Aroma', Options: [], MaxChoices: 5 });
  });

  it('seeds a survey for every event, asking all six types, naming a real product of the event’s drink', async () => {
    const rows = await t.db
      .select({ id: eventSurveys.id, eventType: events.typeId, productType: products.typeId })
      .from(eventSurveys)
      .innerJoin(events, eq(events.id, eventSurveys.eventId))
      .innerJoin(products, eq(products.id, eventSurveys.productId));
    const eventIds = (await t.db.select({ id: eventSurveys.eventId }).from(eventSurveys)).map((r) => r.id);
    expect(new Set(eventIds)).toEqual(new Set(Object.values(SEED_EVENT_IDS)));
    expect(rows).toHaveLength(Object.values(SEED_SURVEY_IDS).length);
    for (const r of rows) expect(r.productType).toBe(r.eventType);
    const types = await t.db.select({ survey: eventSurveyQuestions.surveyId, type: eventSurveyQuestions.type }).from(eventSurveyQuestions);
    for (const id of Object.values(SEED_SURVEY_IDS)) expect(new Set(types.filter((q) => q.survey === id).map((q) => q.type)).size).toBe(6);
  });

  it('finds nothing for an unknown event, and asks a visitor to sign in', async () => {
    expect((await refused(t, 'getEventSurveyList', { EventID: 'evt-nope' }, outsider)).json).toMatchObject({ ErrorCode: 'ObjectNotFound' });
    expect((await refused(t, 'getEventSurveyList', { EventID: EVENT })).status).toBe(401);
  });
});

describe('before the session starts', () => {
  it('refuses an attendee’s answers (SurveyNotOpen) and shows the survey unsubmitted', async () => {
    now = sessionStart - MINUTE;
    const r = await refused(t, 'submitSurvey', body(answers()), attendee);
    expect(r).toMatchObject({ status: 400, json: { ErrorCode: 'SurveyNotOpen' } });
    const { Survey } = await resultOf(attendee);
    expect(Survey).toEqual({ SurveyID: SURVEY, VarianceID: SESSION, Question: [] });
    expect(await stored()).toBe(0);
  });
});

describe('who may answer', () => {
  it('finds nothing for a member without a seat, an unpaid seat, another event’s session or an unknown survey; a visitor signs in', async () => {
    now = sessionStart + 30 * MINUTE;
    for (const m of [outsider, unpaid]) {
      expect(await refused(t, 'submitSurvey', body(answers()), m)).toMatchObject({ status: 400, json: { ErrorCode: 'ObjectNotFound' } });
      expect((await refused(t, 'getSurveyResult', { SurveyID: SURVEY, VarianceID: SESSION }, m)).json).toMatchObject({ ErrorCode: 'ObjectNotFound' });
      expect((await refused(t, 'get-survey-summary', { SurveyID: SURVEY, VarianceID: SESSION }, m)).json).toMatchObject({ ErrorCode: 'ObjectNotFound' });
    }
    expect((await refused(t, 'submitSurvey', body(answers(), 'evs-islay-whisky-1'), attendee)).json).toMatchObject({ ErrorCode: 'ObjectNotFound', field: 'VarianceID' });
    expect((await refused(t, 'submitSurvey', body(answers(), SESSION, 'esv-nope'), attendee)).json).toMatchObject({ ErrorCode: 'ObjectNotFound', field: 'SurveyID' });
    expect((await refused(t, 'submitSurvey', body(answers()))).status).toBe(401);
    expect((await refused(t, 'getSurveyResult', { SurveyID: SURVEY, VarianceID: SESSION })).status).toBe(401);
    expect(await stored()).toBe(0);
  });
});

describe('answers that do not fit', () => {
  const cases: [string, () => EventSurveyAnswer[], string][] = [
    ['an option of another question', () => answers({ drink: { OptionIDs: [OPT('loved')] } }), Q('drink')],
    ['an option of another survey', () => answers({ overall: { OptionIDs: [`${OTHER_SURVEY}-both`] } }), Q('overall')],
    ['an unknown option', () => answers({ next: { OptionIDs: ['nope'] } }), Q('next')],
    ['a Radio with two options', () => answers({ drink: { OptionIDs: [OPT('first'), OPT('second')] } }), Q('drink')],
    ['a Checkbox over its MaxChoices', () => answers({ next: { OptionIDs: [OPT('roasted'), OPT('aged'), OPT('taiwan'), OPT('brewing')] } }), Q('next')],
    ['an option chosen twice', () => answers({ next: { OptionIDs: [OPT('roasted'), OPT('roasted')] } }), Q('next')],
    ['an unknown taste-note ID', () => answers({ notes: { OptionIDs: ['note-does-not-exist'] } }), Q('notes')],
    ['a taste note of another drink', () => answers({ notes: { OptionIDs: [coffeeOnlyNote] } }), Q('notes')],
    ['an aroma ID as a taste note', () => answers({ notes: { OptionIDs: [aromas[0]!] } }), Q('notes')],
    ['a taste-note ID as an aroma', () => answers({ aroma: { OptionIDs: [notes[0]!] } }), Q('aroma')],
    ['six aromas (at most five)', () => answers({ aroma: { OptionIDs: aromas.slice(0, 6) } }), Q('aroma')],
    ['a level 6', () => answers({ senses: { FiveSenses: { Sweetness: 6, Sourness: 2, Bitterness: 1, Saltiness: 1, Umami: 4 } } }), Q('senses')],
    ['a level 0', () => answers({ senses: { FiveSenses: { Sweetness: 3, Sourness: 0, Bitterness: 1, Saltiness: 1, Umami: 4 } } }), Q('senses')],
    ['half a level', () => answers({ senses: { FiveSenses: { Sweetness: 3, Sourness: 2, Bitterness: 1.5, Saltiness: 1, Umami: 4 } } }), Q('senses')],
    ['a text over its 500 characters', () => answers({ words: { Text: 'x'.repeat(501) } }), Q('words')],
    ['five senses on a Text question', () => answers({ words: { FiveSenses: { Sweetness: 3, Sourness: 2, Bitterness: 1, Saltiness: 1, Umami: 4 } } }), Q('words')],
    ['words of one’s own on an Aroma question', () => answers({ aroma: { OptionIDs: [aromas[0]!], CustomTasteNote: ['sea'] } }), Q('aroma')],
    ['an answer to an unknown question', () => [...answers(), { QuestionID: 'esq-nope', Text: 'hello' }], 'esq-nope'],
    ['a question answered twice', () => [...answers(), { QuestionID: Q('words'), Text: 'again' }], Q('words')],
  ];
  it.each(cases)('refuses %s (InvalidParameter naming the question)', async (_name, make, questionId) => {
    now = sessionStart + 30 * MINUTE;
    const r = await refused(t, 'submitSurvey', body(make()), attendee);
    expect(r).toMatchObject({ status: 400, json: { ErrorCode: 'InvalidParameter', field: `Question.${questionId}` } });
  });

  it('takes a text of exactly 500 characters (counted as characters, not bytes)', async () => {
    // Checked without storing: the answer fits, so the refusal is the missing required question.
    const r = await refused(t, 'submitSurvey', body(answers({ words: { Text: '茶'.repeat(500) }, overall: null })), attendee);
    expect(r.json).toMatchObject({ ErrorCode: 'SurveyNotComplete', field: Q('overall') });
  });

  it('refuses a required question left unanswered, naming it (SurveyNotComplete)', async () => {
    expect((await refused(t, 'submitSurvey', body(answers({ senses: null })), attendee)).json).toMatchObject({ ErrorCode: 'SurveyNotComplete', field: Q('senses') });
    expect((await refused(t, 'submitSurvey', body(answers({ aroma: { OptionIDs: [] } })), attendee)).json).toMatchObject({ ErrorCode: 'SurveyNotComplete', field: Q('aroma') });
    expect((await refused(t, 'submitSurvey', body([]), attendee)).json).toMatchObject({ ErrorCode: 'SurveyNotComplete', field: Q('aroma') });
    expect(await stored()).toBe(0);
  });
});

describe('answering once', () => {
  it('keeps an attendee’s answers once: SubmitTime and the answers read back; a second submit is refused', async () => {
    now = sessionStart + 45 * MINUTE;
    const before = await resultOf(attendee);
    expect(before.Survey.SubmitTime).toBeUndefined();
    const sent = answers({ next: null, words: { Text: '  Smooth and floral.  ' } });
    const { Survey } = await submit(attendee, sent);
    expect(Survey).toEqual({ SurveyID: SURVEY, VarianceID: SESSION, SubmitTime: new Date(now).toISOString() });
    const after = await resultOf(attendee);
    expect(after.Survey.SubmitTime).toBe(new Date(now).toISOString());
    expect(after.Survey.Question).toEqual(answers({ next: null, words: { Text: 'Smooth and floral.' } }));

    now += MINUTE;
    const again = await refused(t, 'submitSurvey', body(answers()), attendee);
    expect(again).toMatchObject({ status: 400, json: { ErrorCode: 'SurveyCannotResubmit' } });
    expect((await resultOf(attendee)).Survey.SubmitTime).toBe(new Date(now - MINUTE).toISOString());
    expect(await stored()).toBe(1);
  });

  it('stores one of two submissions sent at once', async () => {
    const [a, b] = await Promise.all([refused(t, 'submitSurvey', body(answers()), booker), refused(t, 'submitSurvey', body(answers({ overall: { OptionIDs: [OPT('fine')] } })), booker)]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    expect([a, b].find((r) => r.status === 400)!.json).toMatchObject({ ErrorCode: 'SurveyCannotResubmit' });
    const rows = await t.db.select().from(eventSurveySubmissions).where(eq(eventSurveySubmissions.userId, booker.userId));
    expect(rows).toHaveLength(1);
  });

  it('lets a guest who activated their ticket answer', async () => {
    const { Survey } = await submit(guest, answers({ overall: { OptionIDs: [OPT('liked')] } }));
    expect(Survey.SubmitTime).toBe(new Date(now).toISOString());
    expect((await resultOf(guest)).Survey.Question.find((a) => a.QuestionID === Q('overall'))).toEqual({ QuestionID: Q('overall'), OptionIDs: [OPT('liked')] });
  });

  it('answers each survey of the event apart', async () => {
    const dancong = await t.call(getEventSurveyList, { EventID: EVENT }, auth(attendee)).then((r) => r.SurveyList[1]!);
    const q = (kind: string) => `${OTHER_SURVEY}-${kind}`;
    const { Survey } = await t.call(
      submitSurvey,
      {
        SurveyID: dancong.SurveyID,
        VarianceID: SESSION,
        Question: [
          { QuestionID: q('aroma'), OptionIDs: [aromas[2]!] },
          { QuestionID: q('senses'), FiveSenses: { Sweetness: 4, Sourness: 1, Bitterness: 2, Saltiness: 1, Umami: 2 } },
          { QuestionID: q('notes'), CustomTasteNote: ['lychee'] },
          { QuestionID: q('drink'), OptionIDs: [`${OTHER_SURVEY}-both`] },
          { QuestionID: q('overall'), OptionIDs: [`${OTHER_SURVEY}-loved`] },
        ],
      },
      auth(attendee),
    );
    expect(Survey.SurveyID).toBe(OTHER_SURVEY);
  });
});

describe('what a session’s answers add up to (get-survey-summary)', () => {
  it('adds up 30 submissions: counts per option, five senses averaged to one decimal, most chosen notes and aromas, latest texts', async () => {
    now = SEED_NOW.getTime() + 2 * DAY; // before the crowd's session: seats are theirs already
    const crowd: TokenSet[] = [];
    for (let i = 0; i < 30; i++) {
      const m = await signUpMember(t);
      await seatOf(m.userID, CROWD);
      crowd.push(m);
    }
    now = SEED_NOW.getTime() + 5 * DAY + 10 * MINUTE;
    const [n0, n1, n2, n3] = notes as [string, string, string, string];
    const [a0, a1] = aromas as [string, string];
    for (const [i, m] of crowd.entries()) {
      now += 1000; // each a second after the one before
      await submit(
        m,
        answers({
          aroma: { OptionIDs: i % 3 === 0 ? [a0, a1] : [a0] },
          senses: { FiveSenses: { Sweetness: (i % 5) + 1, Sourness: i < 20 ? 1 : 2, Bitterness: i % 2 ? 5 : 4, Saltiness: 1, Umami: i < 7 ? 5 : 2 } },
          notes: { OptionIDs: [...(i >= 25 ? [n3] : []), n0, ...(i < 20 ? [n1] : []), ...(i < 5 ? [n2] : [])] },
          drink: { OptionIDs: [OPT(i < 15 ? 'second' : i < 25 ? 'first' : 'third')] },
          overall: { OptionIDs: [OPT(['loved', 'liked', 'fine', 'unsure', 'not-for-me'][i % 5]!)] },
          next: i % 2 === 0 ? { OptionIDs: i % 4 === 0 ? [OPT('roasted'), OPT('aged')] : [OPT('roasted')] } : null,
          words: i % 10 === 0 ? { Text: `Note ${i}` } : null,
        }),
        CROWD,
      );
    }
    const { Summary } = await t.call(getSurveySummary, { SurveyID: SURVEY, VarianceID: CROWD }, auth(crowd[3]!));
    expect(Summary).toMatchObject({ SurveyID: SURVEY, VarianceID: CROWD, Submissions: 30 });
    const of = (kind: (typeof QUESTION_KINDS)[number]) => Summary.Questions.find((q) => q.QuestionID === Q(kind))!;
    const counts = (kind: (typeof QUESTION_KINDS)[number]) => of(kind).Choices.map((c) => [c.ID, c.Count]);
    expect(Summary.Questions.map((q) => q.QuestionID)).toEqual(QUESTION_KINDS.map(Q));

    expect(of('drink').Answered).toBe(30);
    expect(counts('drink')).toEqual([[OPT('second'), 15], [OPT('first'), 10], [OPT('third'), 5], [OPT('later'), 0]]);
    expect(of('drink').Choices[0]!.Name).toEqual({ en: 'The second', zh: '第二泡' });
    // Ties keep the question's order.
    expect(counts('overall')).toEqual(['loved', 'liked', 'fine', 'unsure', 'not-for-me'].map((o) => [OPT(o), 6]));
    expect(of('next').Answered).toBe(15);
    expect(counts('next')).toEqual([[OPT('roasted'), 15], [OPT('aged'), 8], [OPT('taiwan'), 0], [OPT('brewing'), 0]]);

    expect(of('senses')).toMatchObject({ Answered: 30, FiveSensesAverage: { Sweetness: 3, Sourness: 1.3, Bitterness: 4.5, Saltiness: 1, Umami: 2.7 } });
    // Most chosen first; n2 and n3 tie at 5 and keep the wheel's order (n3 was chosen by the latest).
    expect(counts('notes')).toEqual([[n0, 30], [n1, 20], [n2, 5], [n3, 5]]);
    expect(of('notes').Choices[0]!.Name.en).toBeTruthy();
    expect(counts('aroma')).toEqual([[a0, 30], [a1, 10]]);
    expect(of('words')).toMatchObject({ Answered: 3, Texts: ['Note 20', 'Note 10', 'Note 0'] });

    // Per session: the first session's three submissions are its own.
    const first = await t.call(getSurveySummary, { SurveyID: SURVEY, VarianceID: SESSION }, auth(guest));
    expect(first.Summary.Submissions).toBe(3);
    expect(first.Summary.Questions.find((q) => q.QuestionID === Q('words'))!.Texts).toHaveLength(3);
    // Not an attendee of the crowd's session.
    expect((await refused(t, 'get-survey-summary', { SurveyID: SURVEY, VarianceID: CROWD }, attendee)).json).toMatchObject({ ErrorCode: 'ObjectNotFound' });
  });
});
