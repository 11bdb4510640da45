import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { delWishlist, getWishlist, userLogin, type TokenSet } from '../../contract/index.ts';
import { demoMember } from '../../server/db/seed/member-data.ts';
import { renderApp } from '../support/render-app.tsx';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const PRODUCT = 'tea-tieguanyin';
let server: TestApp;
let tokens: TokenSet;
const auth = () => ({ authorization: `Bearer ${tokens.idToken}` });
const savedOnServer = async () =>
  (await server.call(getWishlist, { Currency: 'HKD' }, auth())).ProductList.map((p) => p.ProductID);

beforeAll(async () => {
  server = await createTestApp();
  tokens = await server.call(userLogin, { email: demoMember.email, password: demoMember.password });
});
afterAll(() => server.close());
beforeEach(async () => {
  for (const id of await savedOnServer()) await server.call(delWishlist, { ProductID: id }, auth());
});

type RenderOptions = Parameters<typeof renderApp>[2];

/** The product page, optionally with the demo member signed in; returns the heart next to the price. */
async function productPage(signedIn: boolean, options: RenderOptions = {}) {
  const view = await renderApp(server, `/product/${PRODUCT}`, options);
  if (signedIn) {
    const session = await server.call(userLogin, { email: demoMember.email, password: demoMember.password });
    act(() => view.services.session.send({ type: 'SIGNED_IN', tokens: session }));
    await waitFor(() => expect(view.services.session.getSnapshot().context.user?.email).toBe(demoMember.email));
  }
  const heading = await screen.findByRole('heading', { level: 1, name: 'Anxi Tieguanyin' });
  const info = heading.closest('section')!;
  return { ...view, info, user: userEvent.setup() };
}

describe('the wishlist', () => {
  it('saves from the product page, lists it in the popup and removes it there', async () => {
    const { info, user } = await productPage(true);
    await user.click(within(info).getByRole('button', { name: 'Save to wishlist' }));
    const heart = within(info).getByRole('button', { name: 'Remove from wishlist' });
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    await waitFor(async () => expect(await savedOnServer()).toEqual([PRODUCT]));

    await user.click(screen.getByRole('button', { name: 'Wishlist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Wishlist' });
    expect(await within(dialog).findByRole('link', { name: 'Anxi Tieguanyin' })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Remove Anxi Tieguanyin from wishlist' }));
    expect(await within(dialog).findByText('Your wishlist is empty')).toBeTruthy();
    await waitFor(async () => expect(await savedOnServer()).toEqual([]));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(info).getByRole('button', { name: 'Save to wishlist' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('removes with the heart', async () => {
    const { info, user } = await productPage(true);
    await user.click(within(info).getByRole('button', { name: 'Save to wishlist' }));
    await waitFor(async () => expect(await savedOnServer()).toEqual([PRODUCT]));
    await user.click(within(info).getByRole('button', { name: 'Remove from wishlist' }));
    expect(within(info).getByRole('button', { name: 'Save to wishlist' }).getAttribute('aria-pressed')).toBe('false');
    await waitFor(async () => expect(await savedOnServer()).toEqual([]));
  });

  it('flips the heart back and says so when the server fails', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { info, user } = await productPage(true, {
      wrapFetch: (fetch) => async (input, init) => {
        if (String(input).endsWith('/api/addWishlist')) {
          await held;
          return new Response(JSON.stringify({ result: false, ErrorCode: 'InternalError', message: 'Internal error' }), {
            status: 500,
            headers: { 'content-type': 'application/json' },
          });
        }
        return fetch(input, init);
      },
    });
    await user.click(within(info).getByRole('button', { name: 'Save to wishlist' }));
    // Optimistic: saved at once, while the server has not answered.
    expect(within(info).getByRole('button', { name: 'Remove from wishlist' }).getAttribute('aria-pressed')).toBe('true');
    release();
    const heart = await within(info).findByRole('button', { name: 'Save to wishlist' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    expect(within(info).getByRole('alert').textContent).toBe('Your wishlist could not be updated. Please try again.');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await savedOnServer()).toEqual([]);
  });

  it("opens the login popup from a visitor's heart", async () => {
    const { info, user } = await productPage(false);
    expect(screen.queryByRole('button', { name: 'Wishlist' })).toBeNull();
    await user.click(within(info).getByRole('button', { name: 'Save to wishlist' }));
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeTruthy();
  });
});
