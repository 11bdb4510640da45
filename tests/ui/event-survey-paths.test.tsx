/**
 * The event survey (issue 17) walked through the rendered pages against the real server (the seeded survey of
 * the Islay tasting, its vocabulary): a member with a paid seat finds the survey on the event record once the
 * session has started, is held at a group until its required questions are answered, reloads halfway and
 * finds their answers (kept sealed on the device), reviews with Edit, submits (the server holds the answers,
 * notes as IDs), sees the submitted state, the table's summary and "Submitted on …" on the record, and turns
 * the answers into a taste card. Also: before the start the survey says when it opens; logout clears the
 * answers kept on the device.
 */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getEventSurveyList, getSurveyResult } from '../../contract/event-surveys.ts';
import { userLogin, type EventOrder, type TokenSet } from '../../contract/index.ts';
import { SEED_EVENT_IDS } from '../../server/db/seed/event-data.ts';
import { cookieId } from '../../src/app/cookie-id.ts';
import { encryptedStorage } from '../../src/app/encrypted-storage.ts';
import { SURVEY_ANSWERS_KEY, SURVEY_ANSWERS_PURPOSE, surveyAnswersStore } from '../../src/app/event-survey-answers.ts';
import { eventMember, paidBooking, signIn } from '../support/event-bookings.ts';
import { freshClientAddress, MEMBER_PASSWORD } from '../support/members.ts';
import { memoryStorage, renderApp } from '../support/render-app.tsx';
import { auth } from '../support/shop.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

// jsdom has no ResizeObserver; radix's Slider measures its thumb with one (no layout here: nothing to report).
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const EVENT = SEED_EVENT_IDS.islayWhisky;
const SESSION = 'evs-islay-whisky-1';

// The server's clock: an hour after the seed's while booking, then moved to the session's start by the tests.
let offset = 3_600_000;
const began = Date.now();
const clock = { now: () => new Date(SEED_NOW.getTime() + offset + (Date.now() - began)) };
const moveTo = (iso: string, minutes: number) => {
  offset = Date.parse(iso) + minutes * 60_000 - SEED_NOW.getTime() - (Date.now() - began);
};

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp({ clock });
});
afterAll(() => server.close());

async function bookedMember(): Promise<{ member: TokenSet & { email: string }; order: EventOrder }> {
  offset = 3_600_000;
  const member = await eventMember(server);
  const order = await paidBooking(server, member, SESSION, 1);
  return { member, order };
}

async function open(member: TokenSet, path: string, storage = memoryStorage()) {
  const view = await renderApp(server, '/home', { storage });
  await signIn(view, member);
  await act(() => view.router.history.push(path));
  return { view, storage, user: userEvent.setup() };
}

const question = (name: RegExp) => screen.getByRole('group', { name });
const surveyPath = `/survey/${EVENT}/${SESSION}`;

describe('event survey: the main path through the pages', () => {
  it('answers group by group, survives a reload, reviews, submits, and starts a taste card', async () => {
    const booked = await bookedMember();
    moveTo(booked.order.Session.StartAt, 30);
    // Days later by the server's clock: the member signs in afresh.
    const member = await server.call(userLogin, { email: booked.member.email, password: MEMBER_PASSWORD }, { 'x-forwarded-for': freshClientAddress() });
    const { SurveyList } = await server.call(getEventSurveyList, { EventID: EVENT }, auth(member));
    const survey = SurveyList[0]!;

    // The event record links to the survey once the session has started.
    const first = await open(member, `/event_record/${EVENT}/${SESSION}`);
    let user = first.user;
    const link = await screen.findByRole('link', { name: 'Answer the survey' });
    await user.click(link);
    await screen.findByRole('heading', { level: 1, name: survey.Title.en });
    expect(first.view.router.state.location.pathname).toBe(surveyPath);
    expect(await screen.findByText('Part 1 of 3')).toBeTruthy();

    // Next is refused until the group's required questions are answered.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findAllByText('Please answer this question.')).toHaveLength(2);
    const aroma = question(/Which aromas did you notice/);
    const aromaChips = await within(aroma).findAllByRole('button');
    await user.click(aromaChips[0]!);
    const aromaName = aromaChips[0]!.textContent!;
    expect(aromaChips[0]!.getAttribute('aria-pressed')).toBe('true');
    const sweetness = screen.getByRole('slider', { name: 'Sweetness' });
    expect(sweetness.getAttribute('aria-valuetext')).toBe('Not rated');
    act(() => sweetness.focus());
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(sweetness.getAttribute('aria-valuetext')).toBe('4 · Strong'));
    // Moving one sense rates the question: the others take the middle level.
    expect(screen.getByRole('slider', { name: 'Umami' }).getAttribute('aria-valuetext')).toBe('3 · Medium');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Part 2 of 3')).toBeTruthy();

    // Part 2: taste notes from the event's vocabulary and a word of one's own, a radio.
    const notes = question(/Which taste notes did you find/);
    const noteChips = await within(notes).findAllByRole('button', { pressed: false });
    await user.click(noteChips[0]!);
    await user.click(noteChips[1]!);
    const noteNames = [noteChips[0]!.textContent!, noteChips[1]!.textContent!];
    await user.type(within(notes).getByLabelText('A note of your own'), 'Sea spray{Enter}');
    expect(within(notes).getByRole('button', { name: 'Remove Sea spray' })).toBeTruthy();
    await user.click(screen.getAllByRole('radio')[0]!);

    // A reload halfway: the answers were kept on the device, sealed (not readable as JSON of them).
    const store = surveyAnswersStore(encryptedStorage({ secret: cookieId(), purpose: SURVEY_ANSWERS_PURPOSE, storage: first.storage }), member.userID, () => true);
    await waitFor(async () => {
      const kept = await store.read<{ answers: Record<string, { CustomTasteNote?: string[] }>; group: number }>(`${survey.SurveyID}:${SESSION}`);
      expect(kept?.group).toBe(1);
      expect(kept?.answers[`${survey.SurveyID}-notes`]?.CustomTasteNote).toEqual(['Sea spray']);
    });
    expect(first.storage.getItem(SURVEY_ANSWERS_KEY)).not.toContain('Sea spray');
    cleanup();
    const second = await open(member, surveyPath, first.storage);
    user = second.user;
    expect(await screen.findByText('Welcome back: the answers you gave before are here.')).toBeTruthy();
    expect(screen.getByText('Part 2 of 3')).toBeTruthy();
    const notesAgain = question(/Which taste notes did you find/);
    expect(await within(notesAgain).findByRole('button', { name: noteNames[0], pressed: true })).toBeTruthy();
    expect(within(notesAgain).getByRole('button', { name: 'Remove Sea spray' })).toBeTruthy();
    expect((screen.getAllByRole('radio')[0] as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Part 1 of 3')).toBeTruthy();
    expect(screen.getByRole('slider', { name: 'Sweetness' }).getAttribute('aria-valuetext')).toBe('4 · Strong');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));

    // Part 3: a radio, a checkbox, a text with its counter; then the review.
    expect(await screen.findByText('Part 3 of 3')).toBeTruthy();
    const overall = question(/How did you enjoy it overall/);
    await user.click(within(overall).getAllByRole('radio')[0]!);
    const next = question(/explore at a next tasting/);
    await user.click(within(next).getAllByRole('checkbox')[0]!);
    const words = within(question(/tell the host/)).getByRole('textbox');
    await user.type(words, 'Smoky and kind');
    expect(screen.getByText('14 / 500 characters')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Review answers' }));

    // The review: every answer in words, Edit per group.
    await screen.findByRole('heading', { name: 'Check your answers' });
    expect(screen.getByText(`${noteNames.join(', ')}, Sea spray`)).toBeTruthy();
    expect(screen.getByText(aromaName)).toBeTruthy();
    expect(screen.getByText('Sweetness: 4 · Strong')).toBeTruthy();
    expect(screen.getByText('Smoky and kind')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Edit In the cup' }));
    expect(await screen.findByText('Part 2 of 3')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Review answers' }));
    await user.click(await screen.findByRole('button', { name: 'Submit answers' }));

    // Submitted: the date, what the table tasted, the answers; the server holds them, notes as IDs.
    await screen.findByRole('heading', { name: 'Thank you for your answers' });
    const held = (await server.call(getSurveyResult, { SurveyID: survey.SurveyID, VarianceID: SESSION }, auth(member))).Survey;
    expect(held.SubmitTime).toBeDefined();
    expect(screen.getByText(`Submitted on ${held.SubmitTime!.slice(0, 10)}`)).toBeTruthy();
    const heldNotes = held.Question.find((q) => q.QuestionID === `${survey.SurveyID}-notes`)!;
    expect(heldNotes.OptionIDs).toHaveLength(2);
    expect(heldNotes.CustomTasteNote).toEqual(['Sea spray']);
    expect(held.Question.find((q) => q.QuestionID === `${survey.SurveyID}-senses`)?.FiveSenses).toEqual({ Sweetness: 4, Sourness: 3, Bitterness: 3, Saltiness: 3, Umami: 3 });
    const summary = await screen.findByRole('region', { name: 'What the table tasted' });
    expect(within(summary).getByText('From 1 guest’s answers')).toBeTruthy();
    expect(within(summary).getByText(noteNames[0]!)).toBeTruthy();

    // Save as a taste card: the taste-card steps open for the survey's drink with the senses and notes filled.
    await user.click(screen.getByRole('button', { name: 'Save as a taste card' }));
    const router = () => second.view.router;
    await waitFor(() => expect(router().state.location.pathname).toBe('/taste_card/steps'));
    expect(router().state.location.search).toEqual({ productID: survey.ProductID });
    await waitFor(() => expect(screen.getByRole('slider', { name: 'Sweetness' }).getAttribute('aria-valuetext')).toBe('4 · Strong'), { timeout: 10_000 });
    expect(screen.getByRole('slider', { name: 'Umami' }).getAttribute('aria-valuetext')).toBe('3 · Medium');

    // The event record shows the submission (a page of its own: leaving the taste card's steps would ask first).
    cleanup();
    await open(member, `/event_record/${EVENT}/${SESSION}`, first.storage);
    expect(await screen.findByText(`Submitted on ${held.SubmitTime!.slice(0, 10)}`)).toBeTruthy();
  });

  it('before the session starts, sending is refused in words; logout clears the answers kept on the device', async () => {
    const { member } = await bookedMember();
    const { user, view, storage } = await open(member, surveyPath);
    expect(await screen.findByText('Part 1 of 3')).toBeTruthy();
    await user.click((await within(question(/Which aromas did you notice/)).findAllByRole('button'))[0]!);
    const sweetness = screen.getByRole('slider', { name: 'Sweetness' });
    act(() => sweetness.focus());
    await user.keyboard('{ArrowLeft}');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Part 2 of 3');
    await user.click((await within(question(/Which taste notes did you find/)).findAllByRole('button', { pressed: false }))[0]!);
    await user.click(screen.getAllByRole('radio')[0]!);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Part 3 of 3');
    await user.click(within(question(/How did you enjoy it overall/)).getAllByRole('radio')[1]!);
    await user.click(screen.getByRole('button', { name: 'Review answers' }));
    await user.click(await screen.findByRole('button', { name: 'Submit answers' }));
    expect(await screen.findByRole('heading', { name: 'This survey opens when the session starts.' })).toBeTruthy();
    await waitFor(() => expect(storage.getItem(SURVEY_ANSWERS_KEY)).not.toBeNull());

    act(() => view.services.session.send({ type: 'SIGN_OUT' }));
    await waitFor(() => expect(view.services.session.getSnapshot().context.tokens).toBeUndefined());
    expect(storage.getItem(SURVEY_ANSWERS_KEY)).toBeNull();
  });
});
