/**
 * What the seed leaves to try (issue 29, 7 and 12). Right after seeding, the demo member attended a session
 * that started earlier that day (a paid seat, the ticket checked in) and has its survey to answer; seeded at
 * an odd minute, every sale window and session start is on a whole hour, and today's session still started
 * that day (at midnight at the earliest).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getEventSurveyList,
  getEventTasteNote,
  getSurveyResult,
  listUserEventRecord,
  submitSurvey,
  userLogin,
  type EventSurvey,
  type EventSurveyAnswer,
  type TokenSet,
} from '../../contract/index.ts';
import { campaigns, coupons, eventVariances } from '../../server/db/schema.ts';
import { seed } from '../../server/db/seed/index.ts';
import { SEED_EVENT_IDS, SEED_EVENT_STARTED_TODAY_SESSION } from '../../server/db/seed/event-data.ts';
import { demoMember } from '../../server/db/seed/member-data.ts';
import { createPasswords } from '../../server/services/passwords.ts';
import { auth } from '../support/shop.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

const HOUR = 3_600_000;
const HK_OFFSET = 8 * HOUR;
/** The Hong Kong day an instant falls on, as YYYY-MM-DD. */
const hongKongDay = (at: Date) => new Date(at.getTime() + HK_OFFSET).toISOString().slice(0, 10);

/** A complete answer to every question of the survey, from the event's vocabulary. */
async function answersTo(t: TestApp, survey: EventSurvey): Promise<EventSurveyAnswer[]> {
  const vocabulary = await t.call(getEventTasteNote, { EventID: survey.EventID });
  return survey.Groups.flatMap((g) => g.Questions).map((q): EventSurveyAnswer => {
    switch (q.Type) {
      case 'Aroma':
        return { QuestionID: q.QuestionID, OptionIDs: [vocabulary.aromaList[0]!.AromaID] };
      case 'TasteNote':
        return { QuestionID: q.QuestionID, OptionIDs: [vocabulary.tasteNoteList[0]!.TasteNoteID] };
      case 'FiveSenses':
        return { QuestionID: q.QuestionID, FiveSenses: { Sweetness: 3, Sourness: 1, Bitterness: 2, Saltiness: 1, Umami: 3 } };
      case 'Text':
        return { QuestionID: q.QuestionID, Text: 'Whisked my first good bowl.' };
      default:
        return { QuestionID: q.QuestionID, OptionIDs: [q.Options[0]!.OptionID] };
    }
  });
}

/** The demo member's session today: its record, and its surveys not yet answered. */
async function demoSessionToday(t: TestApp, demo: TokenSet) {
  const { RecordList } = await t.call(listUserEventRecord, {}, auth(demo));
  const record = RecordList.find((r) => r.VarianceID === SEED_EVENT_STARTED_TODAY_SESSION);
  const { SurveyList } = await t.call(getEventSurveyList, { EventID: SEED_EVENT_IDS.matchaWhisking }, auth(demo));
  return { record, surveys: SurveyList };
}

describe('right after seeding', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: { now: () => SEED_NOW } });
  });
  afterAll(() => t.close());

  it('the demo member attended a session that started earlier today, and has its survey to answer', async () => {
    const demo = await t.call(userLogin, { email: demoMember.email, password: demoMember.password });
    const { record, surveys } = await demoSessionToday(t, demo);
    expect(record).toBeDefined();
    const startsAt = new Date(record!.Session.StartAt);
    expect(startsAt.getTime()).toBeLessThanOrEqual(SEED_NOW.getTime());
    expect(hongKongDay(startsAt)).toBe(hongKongDay(SEED_NOW));
    // What the record's page reads to offer the survey: a booker's paid seat, the session started.
    expect(record).toMatchObject({ Role: 'Booker', NumberOfSeat: 1, CanEditGuests: false, EventID: SEED_EVENT_IDS.matchaWhisking });
    expect(record!.Tab).not.toBe('cancelled');
    expect(record!.TicketList).toEqual([expect.objectContaining({ IsOwner: true, Activated: true, Redeemed: true })]);

    expect(surveys).toHaveLength(1);
    const survey = surveys[0]!;
    const before = await t.call(getSurveyResult, { SurveyID: survey.SurveyID, VarianceID: record!.VarianceID }, auth(demo));
    expect(before.Survey.SubmitTime).toBeUndefined();
    const submitted = await t.call(submitSurvey, { SurveyID: survey.SurveyID, VarianceID: record!.VarianceID, Question: await answersTo(t, survey) }, auth(demo));
    expect(submitted.Survey.SubmitTime).toBe(SEED_NOW.toISOString());
  });
});

describe('seeded at an odd minute, just after midnight in Hong Kong', () => {
  // 00:08:37 on 20 December in Hong Kong.
  const oddNow = new Date('2026-12-19T16:08:37.250Z');
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, clock: { now: () => oddNow } });
    await seed(t.db, { now: oddNow, passwords: createPasswords(10) });
  });
  afterAll(() => t.close());

  const onTheHour = (at: Date | null) => at === null || at.getTime() % HOUR === 0;
  const offTheHour = (rows: ReadonlyArray<Record<string, unknown>>, fields: readonly string[]) =>
    rows.flatMap((row) => fields.filter((f) => !onTheHour(row[f] as Date | null)).map((f) => `${String(row.id ?? row.code)}.${f}`));

  it('opens and closes every sale, and starts every session, on a whole hour', async () => {
    const sessions = await t.db.select().from(eventVariances);
    expect(sessions.length).toBeGreaterThan(20);
    expect(offTheHour(sessions, ['startsAt', 'saleOpensAt', 'saleClosesAt', 'svipSaleOpensAt'])).toEqual([]);
    expect(offTheHour(await t.db.select().from(coupons), ['validFrom', 'validUntil'])).toEqual([]);
    expect(offTheHour(await t.db.select().from(campaigns), ['validFrom', 'validUntil'])).toEqual([]);
  });

  it('still has the demo member’s session today, started at midnight, with its survey to answer', async () => {
    const [today] = await t.db
      .select({ startsAt: eventVariances.startsAt })
      .from(eventVariances)
      .where(eq(eventVariances.id, SEED_EVENT_STARTED_TODAY_SESSION));
    expect(today!.startsAt.toISOString()).toBe('2026-12-19T16:00:00.000Z');
    const demo = await t.call(userLogin, { email: demoMember.email, password: demoMember.password });
    const { record, surveys } = await demoSessionToday(t, demo);
    expect(record?.Tab).toBe('joined');
    const result = await t.call(getSurveyResult, { SurveyID: surveys[0]!.SurveyID, VarianceID: SEED_EVENT_STARTED_TODAY_SESSION }, auth(demo));
    expect(result.Survey.SubmitTime).toBeUndefined();
    const submitted = await t.call(
      submitSurvey,
      { SurveyID: surveys[0]!.SurveyID, VarianceID: SEED_EVENT_STARTED_TODAY_SESSION, Question: await answersTo(t, surveys[0]!) },
      auth(demo),
    );
    expect(submitted.Survey.SubmitTime).toBe(oddNow.toISOString());
  });
});
