/**
 * Issue 29, items 4 and 5: a customer finds the second half of the shop where they look for it (the top
 * menu, the phone's navigator, the footer, the Contact page, the inspiration list's header), and the
 * shop says one thing about accounts and membership (spec §1) on FAQ, About and the sign-up popup.
 * The whole SPA against the real server app and its seed.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signIn } from '../support/event-bookings.ts';
import { signUpMember } from '../support/members.ts';
import { renderApp } from '../support/render-app.tsx';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
});
afterAll(() => server.close());
afterEach(() => vi.restoreAllMocks());

/** jsdom scrolls nothing: what was brought into view is recorded instead. */
function recordScrolls() {
  const scrolled: string[] = [];
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this.id);
  };
  return scrolled;
}

const EVENTS = '/home#upcoming-tastings';

describe('the top menu', () => {
  it('has Events, Inspiration and Business entries, each leading to its page', async () => {
    const scrolled = recordScrolls();
    const user = userEvent.setup();
    const view = await renderApp(server, '/about');
    const menu = await screen.findByRole('navigation', { name: 'Shop sections' });
    const entry = async (name: string) => within(menu).findByRole('link', { name });
    expect((await entry('Events')).getAttribute('href')).toBe(EVENTS);
    expect((await entry('Inspiration')).getAttribute('href')).toBe('/inspiration');
    expect((await entry('Business')).getAttribute('href')).toBe('/b2b_enquiry');

    await user.click(await entry('Inspiration'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Inspiration' })).toBeTruthy();
    await user.click(await entry('Business'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Business enquiries' })).toBeTruthy();

    // Events: the landing's tastings, brought into view once the landing shows, the entry marked current.
    await user.click(await entry('Events'));
    await waitFor(() => expect(view.router.state.location.href).toBe(EVENTS));
    expect(await screen.findByRole('heading', { level: 2, name: 'Upcoming tastings' })).toBeTruthy();
    await waitFor(() => expect(scrolled).toContain('upcoming-tastings'));
    expect((await entry('Events')).getAttribute('aria-current')).toBe('page');
    // On the landing already, the entry brings the tastings into view again, without a navigation.
    scrolled.length = 0;
    await user.click(await entry('Events'));
    expect(scrolled).toEqual(['upcoming-tastings']);
  });

  it('names the entries in zh-Hant', async () => {
    await renderApp(server, '/about', { locale: 'zh-Hant' });
    const menu = await screen.findByRole('navigation', { name: '商店分類' });
    expect((await within(menu).findByRole('link', { name: '活動' })).getAttribute('href')).toBe(EVENTS);
    expect(within(menu).getByRole('link', { name: '靈感' }).getAttribute('href')).toBe('/inspiration');
    expect(within(menu).getByRole('link', { name: '商業查詢' }).getAttribute('href')).toBe('/b2b_enquiry');
  });

  it("has the phone's navigator lead to the events and the inspiration too", async () => {
    await renderApp(server, '/about');
    const navigator = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(navigator).getByRole('link', { name: /Events/ }).getAttribute('href')).toBe(EVENTS);
    expect(within(navigator).getByRole('link', { name: /Inspiration/ }).getAttribute('href')).toBe('/inspiration');
  });
});

describe('the footer', () => {
  it('leads to the events, the inspiration and the business enquiry form', async () => {
    recordScrolls();
    const user = userEvent.setup();
    await renderApp(server, '/faq');
    const footer = await screen.findByRole('contentinfo');
    const community = await within(footer).findByRole('navigation', { name: 'Community' });
    expect(within(community).getByRole('link', { name: 'Events' }).getAttribute('href')).toBe(EVENTS);
    expect(within(community).getByRole('link', { name: 'Inspiration' }).getAttribute('href')).toBe('/inspiration');
    const business = within(footer).getByRole('link', { name: 'Business enquiries' });
    expect(business.getAttribute('href')).toBe('/b2b_enquiry');
    await user.click(business);
    expect(await screen.findByRole('heading', { level: 1, name: 'Business enquiries' })).toBeTruthy();
  });
});

describe('the Contact page', () => {
  it('sends businesses to the enquiry form rather than to the mailbox', async () => {
    const user = userEvent.setup();
    await renderApp(server, '/contact_us');
    const page = (await screen.findByRole('heading', { level: 1, name: 'Contact us' })).closest('article')!;
    const forms = within(page).getAllByRole('link', { name: 'business enquiry form' });
    expect(forms.map((a) => a.getAttribute('href'))).toEqual(['/b2b_enquiry', '/b2b_enquiry']);
    expect(page.textContent).not.toMatch(/Email us with your preferred date/);
    expect(page.textContent).not.toContain('[business enquiry form]');
    await user.click(forms[0]!);
    expect(await screen.findByRole('heading', { level: 1, name: 'Business enquiries' })).toBeTruthy();
  });

  it('in zh-Hant too', async () => {
    await renderApp(server, '/contact_us', { locale: 'zh-Hant' });
    const page = (await screen.findByRole('heading', { level: 1, name: '聯絡我們' })).closest('article')!;
    expect(within(page).getAllByRole('link', { name: '商業查詢表格' })[0]!.getAttribute('href')).toBe('/b2b_enquiry');
  });
});

describe('the inspiration list', () => {
  it('offers a signed-in member a New post in its header', async () => {
    const view = await renderApp(server, '/inspiration');
    await signIn(view, await signUpMember(server));
    const head = (await screen.findByRole('heading', { level: 1, name: 'Inspiration' })).closest('header')!;
    expect(within(head).getByRole('link', { name: 'New post' }).getAttribute('href')).toBe('/new_inspiration');
  });
});

/** Spec §1 in the same words everywhere: anyone opens an account; Regular Member by invitation, SVIP by subscription. */
const ACCOUNT = 'Anyone can open an account, free of charge, to shop, book tastings, write taste cards and share inspiration. There are two membership types:';
const REGULAR = 'Regular Member: comes by invitation from a member.';
const SVIP = 'SVIP: comes with a box-set subscription, with a tasting box every 3 months, member discounts, and exclusive and top-priority events.';

function saysWhatMembershipIs(place: HTMLElement) {
  expect(within(place).getByText(ACCOUNT)).toBeTruthy();
  expect(within(place).getByText(REGULAR)).toBeTruthy();
  expect(within(place).getByText(SVIP)).toBeTruthy();
  // Nowhere is membership said to be the only way in.
  expect(place.textContent).not.toMatch(/Regular Membership is by invitation|join by invitation from an existing member/);
}

describe('accounts and membership', () => {
  it.each([
    ['/faq', 'Frequently asked questions'],
    ['/about', 'About us'],
  ])('%s says anyone can open an account, and what Regular Member and SVIP are', async (path, title) => {
    await renderApp(server, path);
    saysWhatMembershipIs((await screen.findByRole('heading', { level: 1, name: title })).closest('article')!);
  });

  it('the sign-up popup says the same, and speaks of signing up, not of logging in', async () => {
    const user = userEvent.setup();
    await renderApp(server, '/product/tea-tieguanyin');
    const info = (await screen.findByRole('heading', { level: 1, name: 'Anxi Tieguanyin' })).closest('section')!;
    await user.click(within(info).getByRole('button', { name: 'Save to wishlist' }));
    const login = await screen.findByRole('dialog', { name: 'Log in' });
    await user.click(within(login).getByRole('button', { name: 'New here? Create an account' }));
    const signUp = await screen.findByRole('dialog', { name: 'Create an account' });
    saysWhatMembershipIs(signUp);
    expect(document.getElementById(signUp.getAttribute('aria-describedby')!)?.textContent).toBe('Sign up to save Anxi Tieguanyin to your wishlist.');
    expect(signUp.textContent).not.toContain('Log in to');
  });

  it('the sign-up popup opened by a visitor themselves says it too', async () => {
    const view = await renderApp(server, '/home');
    await screen.findByRole('heading', { name: 'Shop by type' });
    act(() => view.services.popups.open('signUp', {}));
    const signUp = await screen.findByRole('dialog', { name: 'Create an account' });
    saysWhatMembershipIs(signUp);
    expect(within(signUp).getByRole('button', { name: 'Create account' })).toBeTruthy();
  });
});
