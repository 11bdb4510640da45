import { createMemoryHistory } from '@tanstack/react-router';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCurrency, userLogin } from '../../contract/index.ts';
import { App } from '../../src/app/App.tsx';
import { createAppRouter } from '../../src/app/router.ts';
import { createAppServices } from '../../src/app/services.ts';
import { activateLocale } from '../../src/i18n/i18n.ts';
import { demoMember } from '../../server/db/seed/member-data.ts';
import { renderApp } from '../support/render-app.tsx';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 14, "a first visit that does not stumble": popups are one sheet at a time, focus starts on the
 * first field and returns to what opened the popup, and a popup the address opened leaves it when closed.
 */

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
});
afterAll(() => server.close());

const headerButton = (name: string) => within(screen.getByRole('banner')).getByRole('button', { name });

async function home() {
  const view = await renderApp(server, '/home');
  await screen.findByRole('heading', { name: 'Shop by type' });
  return { ...view, user: userEvent.setup() };
}

describe('the login popup', () => {
  it('opens on the e-mail field, not on Close', async () => {
    const { user } = await home();
    await user.click(headerButton('Log in'));
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('E-mail')));
  });

  it('gives the focus back to the Log in button after Escape', async () => {
    const { user } = await home();
    await user.click(headerButton('Log in'));
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('E-mail')));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(headerButton('Log in')));
  });

  it('gives the focus back to the Log in button after Close', async () => {
    const { user } = await home();
    await user.click(headerButton('Log in'));
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(headerButton('Log in')));
  });

  it('opened by ?login=true, takes login=true out of the address on close (replacing the entry), so a reload does not reopen it', async () => {
    const { router } = await renderApp(server, '/home?login=true');
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('E-mail')));
    const entries = router.history.length;
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(router.state.location.href).toBe('/home'));
    expect(router.history.length).toBe(entries);
    // Opened by the address, it has no button to return to: the page's content takes the focus.
    await waitFor(() => expect(document.activeElement).toBe(document.getElementById('main')));

    // A reload of what the address now says shows the page alone.
    const href = router.state.location.href;
    const reloaded = await renderApp(server, href);
    await screen.findAllByRole('heading', { name: 'Shop by type' });
    expect(reloaded.services.popups.get()).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('every popup', () => {
  it('gives the focus back to what opened it: the search popup, built on its own Dialog, too', async () => {
    const { user } = await home();
    await user.click(headerButton('Search'));
    const dialog = await screen.findByRole('dialog', { name: 'Search' });
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('combobox')));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(headerButton('Search')));
  });

  it('the search popup is hidden too while a popup above it shows', async () => {
    const { user, services } = await home();
    await user.click(headerButton('Search'));
    const search = await screen.findByRole('dialog', { name: 'Search' });
    act(() => services.popups.open('error', { code: 'OutOfStock', reason: 'a test' }));
    const error = await screen.findByRole('alertdialog');
    expect(screen.queryByRole('dialog', { name: 'Search' })).toBeNull();
    expect(search.hidden).toBe(true);
    await user.click(within(error).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Search' })).toBe(search));
  });
});

describe('the first control', () => {
  it('of a choice is the current one: the language popup starts on the language in use', async () => {
    const { user } = await home();
    await user.click(headerButton('Language'));
    const dialog = await screen.findByRole('dialog', { name: 'Language' });
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('radio', { name: 'English', checked: true })));
  });
});

describe('the popup stack', () => {
  it('shows one sheet at a time: sign-up over login hides login, and closing it brings login back as it was, with the focus', async () => {
    const { user, services } = await home();
    await user.click(headerButton('Log in'));
    const login = await screen.findByRole('dialog', { name: 'Log in' });
    await user.type(within(login).getByLabelText('E-mail'), 'first.visit@example.com');
    const createAccount = within(login).getByRole('button', { name: 'New here? Create an account' });
    await user.click(createAccount);

    const signUp = await screen.findByRole('dialog', { name: 'Create an account' });
    expect(services.popups.get().map((p) => p.name)).toEqual(['login', 'signUp']);
    // Only the top sheet is shown and announced: the login sheet is hidden, inert and out of the accessibility tree.
    expect(screen.getAllByRole('dialog')).toEqual([signUp]);
    expect(login.hidden).toBe(true);
    expect(login.hasAttribute('inert')).toBe(true);
    expect(login.getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByRole('dialog', { name: 'Log in' })).toBeNull();
    // The sign-up sheet starts on its first field.
    await waitFor(() => expect(signUp.contains(document.activeElement) && document.activeElement?.tagName).toBe('INPUT'));

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create an account' })).toBeNull());
    const back = screen.getByRole('dialog', { name: 'Log in' });
    expect(back).toBe(login);
    expect(back.hidden).toBe(false);
    expect(back.hasAttribute('inert')).toBe(false);
    // Its state is kept, and the focus is back on the control that opened the sheet above.
    expect(within(back).getByLabelText('E-mail')).toHaveProperty('value', 'first.visit@example.com');
    await waitFor(() => expect(document.activeElement).toBe(createAccount));

    // Escape now closes the login sheet, and the focus goes back to the header.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(headerButton('Log in')));
  });

  it('orders over account: the account sheet is hidden while the orders sheet shows', async () => {
    const { user, services } = await home();
    const tokens = await server.call(userLogin, { email: demoMember.email, password: demoMember.password });
    act(() => services.session.send({ type: 'SIGNED_IN', tokens }));
    const avatar = await screen.findByRole('button', { name: 'Account and settings' });
    await user.click(avatar);
    const account = await screen.findByRole('dialog', { name: 'Account and settings' });
    // A tabbed sheet starts on its selected tab, before the fields of the tab's panel.
    await waitFor(() => expect(document.activeElement).toBe(within(account).getByRole('tab', { selected: true })));
    const ordersButton = within(account).getByRole('button', { name: 'My orders' });
    await user.click(ordersButton);
    const orders = await screen.findByRole('dialog', { name: 'My orders' });
    expect(screen.getAllByRole('dialog')).toEqual([orders]);
    expect(account.hidden).toBe(true);
    // The orders sheet starts on its selected tab, the first meaningful control.
    await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('tab'));
    expect(orders.contains(document.activeElement)).toBe(true);

    await user.click(within(orders).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getAllByRole('dialog')).toEqual([account]));
    await waitFor(() => expect(document.activeElement).toBe(ordersButton));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(avatar));
  });
});

describe('the currency in the top menu', () => {
  /** A first-time visitor: no currency chosen yet (renderApp chooses HKD for the shop's screens). */
  async function firstVisit(path: string) {
    const fetch: typeof globalThis.fetch = async (input, init) => server.app.fetch(new Request(new URL(String(input), 'http://shop.test'), init));
    const services = createAppServices({ fetch });
    await activateLocale('en');
    const router = createAppRouter(services, { history: createMemoryHistory({ initialEntries: [path] }) });
    render(<App services={services} router={router} />);
    return services;
  }

  for (const path of ['/about', '/faq', '/no-such-page']) {
    it(`resolves for a first-time visitor on ${path}`, async () => {
      const { Currency } = await server.call(getCurrency, {});
      await firstVisit(path);
      await screen.findByRole('heading', { level: 1 });
      await waitFor(() => expect(headerButton('Currency').textContent).toBe(Currency));
    });
  }
});
