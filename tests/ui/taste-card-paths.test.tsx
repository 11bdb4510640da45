/**
 * The taste card flow's main path walked through the rendered pages, against the real server (the
 * seeded vocabulary and catalogue): a member comes to new_tastecard/{productID}, sets the five senses
 * with the keyboard, is told "Select at least 3 items", picks notes and an aroma from the searchable
 * wheel and a word of their own, writes a recipe with a step, a title, reviews and publishes; the
 * success page shows the card and the server holds it, notes as IDs. Also: the draft survives a
 * reload (a second app on the same device storage and id cookie resumes at the step with the
 * answers, and the stored value is not readable JSON of them), and leaving with answers asks first.
 */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listUserTasteCard, type TokenSet } from '../../contract/index.ts';
import { users } from '../../server/db/schema.ts';
import { memoryStorage, renderApp } from '../support/render-app.tsx';
import { auth, shopper } from '../support/shop.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// jsdom has no ResizeObserver; radix's Slider measures its thumb with one (no layout here: nothing to report).
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
});
afterAll(() => server.close());

const PRODUCT = 'tea-tieguanyin';

async function member() {
  const m = await shopper(server, { address: false });
  await server.db.update(users).set({ preSurveyDone: true }).where(eq(users.id, m.userId));
  return m;
}

async function openFlow(tokens: TokenSet, path: string, storage = memoryStorage()) {
  const view = await renderApp(server, '/home', { storage });
  act(() => view.services.session.send({ type: 'SIGNED_IN', tokens }));
  await waitFor(() => expect(view.services.session.getSnapshot().context.user).toBeDefined());
  await act(() => view.router.history.push(path));
  return { view, storage, user: userEvent.setup() };
}

async function chooseWord(user: ReturnType<typeof userEvent.setup>, picker: HTMLElement, searchLabel: string, keyword: string, name: string) {
  const search = within(picker).getByLabelText(searchLabel);
  await user.clear(search);
  await user.type(search, keyword);
  const matches = await within(picker).findByRole('list', { name: 'Matches' });
  await user.click(await within(matches).findByRole('button', { name }));
  await user.clear(search);
}

describe('taste card: the main path through the pages', () => {
  it('from the product link through every step to the published card', async () => {
    const m = await member();
    const { user, view } = await openFlow(m, `/new_tastecard/${PRODUCT}`);

    // Step 1: the five senses, on the steps page for that drink.
    await screen.findByRole('heading', { level: 1, name: 'Five senses' });
    expect(view.router.state.location.pathname).toBe('/taste_card/steps');
    expect(screen.getByText('Step 1 of 5')).toBeTruthy();
    expect(screen.getByText(/Tieguanyin/)).toBeTruthy();
    const sweetness = screen.getByRole('slider', { name: 'Sweetness' });
    expect(sweetness.getAttribute('aria-valuetext')).toBe('3 · Medium');
    act(() => sweetness.focus());
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(sweetness.getAttribute('aria-valuetext')).toBe('4 · Strong'));
    const umami = screen.getByRole('slider', { name: 'Umami' });
    act(() => umami.focus());
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    await waitFor(() => expect(umami.getAttribute('aria-valuetext')).toBe('1 · Barely there'));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // Step 2: at least 3 notes; chosen from the search; a word of one's own; an aroma.
    await screen.findByRole('heading', { level: 1, name: 'Notes and aromas' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Select at least 3 items')).toBeTruthy();
    const notes = screen.getByRole('group', { name: 'Taste notes' });
    // The wheel: families as chips, the first family's notes shown.
    // The wheel's families come with the vocabulary's answer: waited for, not assumed.
    expect(await within(notes).findByRole('group', { name: 'Families' }, { timeout: 10_000 })).toBeTruthy();
    await within(notes).findByRole('list', { name: 'Words in this family' });
    await chooseWord(user, notes, 'Find a taste note', 'jasm', 'Jasmine');
    await chooseWord(user, notes, 'Find a taste note', 'honey', 'Honey');
    await chooseWord(user, notes, 'Find a taste note', 'orch', 'Orchid');
    await user.type(within(notes).getByLabelText('A note of your own'), 'Wet stone{Enter}');
    const chosen = within(notes).getByRole('list', { name: 'Chosen' });
    expect(within(chosen).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Remove Jasmine',
      'Remove Honey',
      'Remove Orchid',
      'Remove Wet stone',
    ]);
    const aromas = screen.getByRole('group', { name: 'Aromas' });
    await chooseWord(user, aromas, 'Find an aroma', 'orch', 'Orchid');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // Step 3: the recipe with units and a step.
    await screen.findByRole('heading', { level: 1, name: 'Recipe' });
    await user.type(screen.getByLabelText('Water (ml)'), '150');
    await user.type(screen.getByLabelText('Amount (g)'), '7');
    await user.type(screen.getByLabelText('Temperature (°C)'), '95');
    await user.type(screen.getByLabelText('Brewing time'), '45');
    await user.selectOptions(screen.getByLabelText('Unit'), 'sec');
    await user.click(screen.getByRole('button', { name: 'Add a step' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Write this step, or remove it')).toBeTruthy();
    await user.type(screen.getByLabelText('Step 1'), 'Rinse the leaves once');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // Step 4: a title (required), the drink's own picture by default.
    await screen.findByRole('heading', { level: 1, name: 'Title and photo' });
    expect(screen.getByText("Without a photo, the card shows the drink's own picture.")).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Give your card a title')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Card title' }), 'Orchid and honey, second steep');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // Step 5: the review, then publish.
    await screen.findByRole('heading', { level: 1, name: 'Review' });
    expect(screen.getByText('Step 5 of 5')).toBeTruthy();
    const card = screen.getByRole('article', { name: 'Your taste card' });
    expect(within(card).getByRole('heading', { name: 'Orchid and honey, second steep' })).toBeTruthy();
    expect(screen.getByText(/Water 150 ml · Amount 7 g · 95 °C · 45 seconds/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save and publish' }));

    await screen.findByRole('heading', { level: 1, name: 'Your taste card is published' });
    expect(view.router.state.location.pathname).toBe('/taste_card/success');
    expect(await screen.findByRole('heading', { name: 'Orchid and honey, second steep' })).toBeTruthy();
    expect(screen.getByRole('link', { name: "See the drink's page" }).getAttribute('href')).toBe(`/product/${PRODUCT}`);

    const { CardList } = await server.call(listUserTasteCard, {}, auth(m));
    expect(CardList).toHaveLength(1);
    expect(CardList[0]).toMatchObject({
      Status: 'Published',
      ProductID: PRODUCT,
      Title: 'Orchid and honey, second steep',
      FiveSenses: { Sweetness: 4, Sourness: 3, Bitterness: 3, Saltiness: 3, Umami: 1 },
      CustomTasteNote: ['Wet stone'],
      Step: [{ Text: 'Rinse the leaves once' }],
      ProductImageType: 'default',
      Parameter: { Water: 150, Amount: 7, Temperature: 95, BrewingTime: { Value: 45, Unit: 'sec' } },
    });
    expect(CardList[0]!.TasteNote.map((n) => n.Name.en)).toEqual(['Jasmine', 'Honey', 'Orchid']);
    expect(CardList[0]!.Aroma.map((n) => n.Name.en)).toEqual(['Orchid']);
  }, 90_000);

  it("begun on the drink's page, the flow asks for the drink no more: the page's answer is used (issue 30)", async () => {
    const m = await member();
    const asked: string[] = [];
    const view = await renderApp(server, `/product/${PRODUCT}`, {
      storage: memoryStorage(),
      wrapFetch: (fetch) => (input, init) => {
        asked.push(new URL(String(input), 'http://shop.test').pathname);
        return fetch(input, init);
      },
    });
    act(() => view.services.session.send({ type: 'SIGNED_IN', tokens: m }));
    await waitFor(() => expect(view.services.session.getSnapshot().context.user).toBeDefined());
    await screen.findByRole('heading', { level: 1, name: /Tieguanyin/ });
    expect(asked).toContain('/api/getProduct');
    asked.length = 0;
    await userEvent.setup().click((await screen.findAllByRole('link', { name: 'Write a taste card' }))[0]!);
    await screen.findByRole('heading', { level: 1, name: 'Five senses' });
    expect(screen.getByText(/Tieguanyin/)).toBeTruthy();
    expect(asked).not.toContain('/api/getProduct');
  }, 60_000);
});

describe('taste card: the draft and leaving', () => {
  it('a reload resumes at the step with the answers; the stored draft is sealed', async () => {
    const m = await member();
    const first = await openFlow(m, `/new_tastecard/${PRODUCT}`);
    await screen.findByRole('heading', { level: 1, name: 'Five senses' });
    await first.user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 1, name: 'Notes and aromas' });
    const notes = screen.getByRole('group', { name: 'Taste notes' });
    await chooseWord(first.user, notes, 'Find a taste note', 'jasm', 'Jasmine');
    // The draft is written a moment after the last change.
    const key = `sg_taste_card_draft:${m.userId}`;
    await waitFor(() => expect(first.storage.getItem(key)).toContain('"iv"'));
    await waitFor(() => expect(JSON.parse(first.storage.getItem(key)!).data).toBeDefined());
    const sealed = first.storage.getItem(key)!;
    expect(sealed).not.toContain('Jasmine');
    expect(sealed).not.toContain(PRODUCT);
    // The address names the drink (issue 29, 8: a card opens only for the drink chosen), so a reload finds its draft.
    const address = first.view.router.state.location.href;
    expect(first.view.router.state.location.search).toEqual({ productID: PRODUCT });
    cleanup();

    // The page loads again on the same device.
    await openFlow(m, address, first.storage);
    await screen.findByRole('heading', { level: 1, name: 'Notes and aromas' });
    expect(screen.getByText('We kept your draft from last time.')).toBeTruthy();
    const chosen = within(screen.getByRole('group', { name: 'Taste notes' })).getByRole('list', { name: 'Chosen' });
    expect(within(chosen).getByRole('button', { name: 'Remove Jasmine' })).toBeTruthy();
  });

  it('leaving with answers asks first: keep writing stays; discarding removes the draft and leaves', async () => {
    const m = await member();
    const { user, view, storage } = await openFlow(m, `/new_tastecard/${PRODUCT}`);
    await screen.findByRole('heading', { level: 1, name: 'Five senses' });
    const sourness = screen.getByRole('slider', { name: 'Sourness' });
    act(() => sourness.focus());
    await user.keyboard('{ArrowRight}');
    // The navigation waits for the answer, so it is not awaited here.
    act(() => void view.router.navigate({ to: '/home' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave your taste card?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep writing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(view.router.state.location.pathname).toBe('/taste_card/steps');
    expect(screen.getByRole('slider', { name: 'Sourness' }).getAttribute('aria-valuetext')).toBe('4 · Strong');

    act(() => void view.router.navigate({ to: '/home' }));
    const again = await screen.findByRole('alertdialog', { name: 'Leave your taste card?' });
    await user.click(within(again).getByRole('button', { name: 'Discard the draft' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/home'));
    await waitFor(() => expect(storage.getItem(`sg_taste_card_draft:${m.userId}`)).toBeNull());
  });
});
