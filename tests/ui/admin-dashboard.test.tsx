/**
 * The back office's dashboard and survey results (issue 32) through the rendered app against the real server: a
 * paid order shows in today's figures, the revenue chart is named by what it shows, an announcement pressed twice
 * is sent once, and a session's survey results count what its guests answered.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkout, getEventTasteNote, staffDashboard, submitSurvey, type EventSurveyAnswer } from '../../contract/index.ts';
import { eventBookings, eventTickets, eventVariances, orders } from '../../server/db/schema.ts';
import { SEED_EVENT_IDS } from '../../server/db/seed/event-data.ts';
import { QUESTION_KINDS, SEED_SURVEY_IDS } from '../../server/db/seed/event-survey-data.ts';
import type { PushService } from '../../server/services/push.ts';
import { formatMoney } from '../../src/ui/format.ts';
import { signIn } from '../support/event-bookings.ts';
import { renderApp } from '../support/render-app.tsx';
import { auth, CARDS, fillBag, saveCard, shopper, type Shopper } from '../support/shop.ts';
import { grantRole } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const TEA = 'tea-tieguanyin-50g';
const MINUTE = 60_000;

let server: TestApp;
let staff: Shopper;
/** Requests to staff-send-announcement that reached the server. */
let announcementCalls = 0;

beforeAll(async () => {
  server = await createTestApp();
  // No push service is reached from a test: a sender that takes every message.
  const push: PushService = {
    publicKey: 'test',
    requestDetails: () => {
      throw new Error('not used');
    },
    sendPush: async () => ({ status: 201, gone: false }),
  };
  Object.assign(server.deps, { push });
  staff = await shopper(server, { address: false });
  await grantRole(server, staff.userId, 'staff');
});
afterAll(() => server.close());

async function openAdmin(section: 'dashboard' | 'surveys') {
  const user = userEvent.setup();
  const view = await renderApp(server, '/home', {
    wrapFetch: (fetch) => (input, init) => {
      if (String(input).endsWith('/api/staff-send-announcement')) announcementCalls++;
      return fetch(input, init);
    },
  });
  await signIn(view, staff);
  await view.router.navigate({ to: '/admin/{-$section}', params: { section } });
  return { user, view };
}

describe('the dashboard', () => {
  it("shows a paid order in today's figures, and names the revenue chart by what it shows", async () => {
    const before = (await server.call(staffDashboard, {}, auth(staff))).Today.PerCurrency.find((c) => c.Currency === 'HKD')!;
    const member = await shopper(server);
    await fillBag(server, member, { [TEA]: 1 });
    const CardID = await saveCard(server, member, CARDS.visa);
    const paid = await server.call(checkout, { Language: 'en', Currency: 'HKD', PaymentMethod: 'CreditCard', CardID }, auth(member));
    expect(paid.PaymentStatus).toBe('succeeded');
    const [order] = await server.db.select().from(orders).where(eq(orders.id, paid.OrderID));

    await openAdmin('dashboard');
    const today = await screen.findByRole('region', { name: 'Today' });
    const hkd = within(today).getByText('Revenue (HKD)').closest('dl')!;
    expect(within(hkd).getByText(formatMoney(before.Revenue + order!.total, 'HKD', 'en'))).toBeTruthy();
    expect(within(hkd).getByText(String(before.Orders + 1))).toBeTruthy();
    expect(within(today).getByRole('table', { name: 'By kind of order' })).toBeTruthy();

    const chart = screen.getByRole('img', { name: /^Revenue in HKD per day over the last 30 days: HK\$[\d,.]+ in all, the highest HK\$[\d,.]+ on \d{4}-\d{2}-\d{2}\.$/ });
    expect(chart.closest('figure')).toBeTruthy();
    // The same figures in a table: 30 days, today's last.
    const figures = screen.getByRole('table', { name: 'Revenue in HKD per day' });
    expect(within(figures).getAllByRole('row')).toHaveLength(1 + 30);
  });

  it('sends an announcement once when Send is pressed twice, and says it was sent', async () => {
    const { user } = await openAdmin('dashboard');
    const form = await screen.findByRole('form', { name: 'Announcement' });
    await user.click(within(form).getByRole('button', { name: 'Send to every device' }));
    expect(within(form).getByText('Enter a title in English (at most 80 characters).')).toBeTruthy();
    expect(announcementCalls).toBe(0);

    await user.type(within(form).getByLabelText('Title (English)'), 'New oolongs are in');
    await user.type(within(form).getByLabelText('Title (Chinese)'), '新烏龍到貨');
    await user.type(within(form).getByLabelText('Message (English)'), 'Three spring harvests from Anxi.');
    await user.type(within(form).getByLabelText('Message (Chinese)'), '三款安溪春茶。');
    await user.type(within(form).getByLabelText('Opens (optional)'), 'https://elsewhere.test');
    await user.click(within(form).getByRole('button', { name: 'Send to every device' }));
    expect(within(form).getByText(/^Enter a page of the shop starting with one \//)).toBeTruthy();
    await user.clear(within(form).getByLabelText('Opens (optional)'));
    await user.type(within(form).getByLabelText('Opens (optional)'), '/new_in');

    await user.dblClick(within(form).getByRole('button', { name: 'Send to every device' }));
    expect(await within(form).findByText(/^Sent at \d{4}-\d{2}-\d{2} \d{2}:\d{2}\./)).toBeTruthy();
    expect(announcementCalls).toBe(1);
    // Sent: the words stay as they were sent until a new announcement is started, with a new key.
    await user.click(within(form).getByRole('button', { name: 'Write a new announcement' }));
    expect((within(form).getByLabelText('Title (English)') as HTMLInputElement).value).toBe('');

    // Two submits in the same moment, before React shows the first as sending: still one request.
    await user.type(within(form).getByLabelText('Title (English)'), 'Closed on Monday');
    await user.type(within(form).getByLabelText('Title (Chinese)'), '星期一休息');
    await user.type(within(form).getByLabelText('Message (English)'), 'See you on Tuesday.');
    await user.type(within(form).getByLabelText('Message (Chinese)'), '星期二見。');
    act(() => {
      (form as HTMLFormElement).requestSubmit();
      (form as HTMLFormElement).requestSubmit();
    });
    expect(await within(form).findByText(/^Sent at /)).toBeTruthy();
    expect(announcementCalls).toBe(2);
  });
});

describe('survey results', () => {
  const EVENT = SEED_EVENT_IDS.gongfuOolong;
  const SURVEY = SEED_SURVEY_IDS.tieguanyin;
  const SESSION = 'evs-ui-survey-results';
  const OPT = (slug: string) => `${SURVEY}-${slug}`;

  beforeAll(async () => {
    // A session that started ten minutes ago (guests answer once it starts), with three guests' paid seats.
    const now = server.deps.clock.now().getTime();
    const startsAt = new Date(now - 10 * MINUTE);
    await server.db.insert(eventVariances).values({
      id: SESSION,
      eventId: EVENT,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 120 * MINUTE),
      capacity: 10,
      seatsLeft: 7,
      priceHkd: 38000,
      priceUsd: 4900,
      saleOpensAt: new Date(now - 14 * 24 * 60 * MINUTE),
      saleClosesAt: startsAt,
    });
    const vocabulary = await server.call(getEventTasteNote, { EventID: EVENT });
    const note = vocabulary.tasteNoteList[0]!.TasteNoteID;
    const aroma = vocabulary.aromaList[0]!.AromaID;
    const answers = (overall: string, sweetness: number, words?: string): EventSurveyAnswer[] =>
      QUESTION_KINDS.flatMap((kind): EventSurveyAnswer[] => {
        const QuestionID = `${SURVEY}-${kind}`;
        if (kind === 'aroma') return [{ QuestionID, OptionIDs: [aroma] }];
        if (kind === 'senses') return [{ QuestionID, FiveSenses: { Sweetness: sweetness, Sourness: 2, Bitterness: 1, Saltiness: 1, Umami: 4 } }];
        if (kind === 'notes') return [{ QuestionID, OptionIDs: [note] }];
        if (kind === 'drink') return [{ QuestionID, OptionIDs: [OPT('second')] }];
        if (kind === 'overall') return [{ QuestionID, OptionIDs: [OPT(overall)] }];
        if (kind === 'words' && words) return [{ QuestionID, Text: words }];
        return [];
      });
    const given: [string, number, string?][] = [
      ['loved', 3, 'A lovely evening.'],
      ['loved', 5],
      ['liked', 4],
    ];
    for (const [i, [overall, sweetness, words]] of given.entries()) {
      const guest = await shopper(server, { address: false });
      const orderId = `ord-ui-survey-results-${i}`;
      await server.db.insert(orders).values({
        id: orderId,
        reference: `UISURVEY${i}`,
        userId: guest.userId,
        kind: 'event',
        language: 'en',
        currency: 'HKD',
        paymentMethod: 'FPS',
        paymentStatus: 'Paid',
        orderDetail: {},
        total: 38000,
        paidAt: new Date(now - 60 * MINUTE),
        createdAt: new Date(now - 60 * MINUTE),
      });
      await server.db.insert(eventBookings).values({ orderId, userId: guest.userId, varianceId: SESSION, eventId: EVENT, seats: 1, pricePerPerson: 38000, includesOwnSeat: true });
      await server.db.insert(eventTickets).values({ id: `tkt-ui-survey-results-${i}`, orderId, varianceId: SESSION, seatNumber: 1, isOwner: true });
      await server.call(submitSurvey, { SurveyID: SURVEY, VarianceID: SESSION, Question: answers(overall, sweetness, words) }, auth(guest));
    }
  });

  it("counts a session's answers per choice, spreads the five senses with their average, and lists the texts", async () => {
    const { user } = await openAdmin('surveys');
    const picker = await screen.findByRole('combobox', { name: 'Session' });
    expect(screen.getByText('Choose a session to see what its guests answered.')).toBeTruthy();
    // The session just started is among the started ones the picker offers, once both lists are in (the picker is
    // disabled until then: a choice made while the upcoming ones load would not be taken).
    await waitFor(() => {
      expect(picker.querySelector(`option[value="${SESSION}"]`)).not.toBeNull();
      expect((picker as HTMLSelectElement).disabled).toBe(false);
    });
    await user.selectOptions(picker, SESSION);

    const survey = await screen.findByRole('region', { name: 'Tieguanyin: your tasting notes' });
    expect(within(survey).getByText('Responses: 3')).toBeTruthy();
    expect(
      within(survey).getByRole('img', { name: 'How did you enjoy it overall?: Loved it: 2, Liked it: 1, It was fine: 0, Not sure yet: 0, Not for me: 0.' }),
    ).toBeTruthy();
    expect(
      within(survey).getByRole('img', { name: 'How strong was each taste?, Sweetness: average 4 of 5; level 1: 0, level 2: 0, level 3: 1, level 4: 1, level 5: 1.' }),
    ).toBeTruthy();
    expect(within(survey).getByText('Sweetness: average 4')).toBeTruthy();
    const texts = within(survey).getByRole('list', { name: 'Latest answers to Anything you would like to tell the host?' });
    expect(within(texts).getByText('“A lovely evening.”')).toBeTruthy();
    // The event's other survey: nobody of this session answered it.
    const other = screen.getAllByRole('region').find((r) => r !== survey && within(r).queryByText('Responses: 0'));
    expect(other && within(other).getByText('No guest of this session has answered this survey yet.')).toBeTruthy();
  });
});
