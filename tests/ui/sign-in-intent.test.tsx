/**
 * A visitor's "Add to bag" and wishlist heart (issue 14): the login popup says why it opened, and once
 * the visitor has signed in (password, sign-up with the mailed code, or a third-party login that leaves
 * the shop and comes back) the add or the save is made, once, with the usual confirmation. Against the
 * real server app, and a real OpenID Connect provider on 127.0.0.1 for the third-party login.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getShoppingBag, getWishlist, type TokenSet } from '../../contract/index.ts';
import { freshEmail, mailedCode, MEMBER_PASSWORD, signUpMember } from '../support/members.ts';
import { startOidcProvider, type OidcTestProvider } from '../support/oidc-provider.ts';
import { memoryStorage, renderApp } from '../support/render-app.tsx';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const REDIRECT_URI = 'http://shop.test/third_party_login';
const PRODUCT = 'tea-tieguanyin';
const TEA_50G = 'tea-tieguanyin-50g';
const TEA_150G = 'tea-tieguanyin-150g';

let server: TestApp;
let provider: OidcTestProvider;
const newcomer = { sub: 'newcomer', email: freshEmail('newcomer'), email_verified: true, given_name: 'Siu Ming', family_name: 'Lau' };

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUri: REDIRECT_URI, people: { newcomer } });
  server = await createTestApp({ oidc: { google: provider.settings } });
});
afterAll(async () => {
  await server?.close();
  await provider?.close();
});
afterEach(() => vi.restoreAllMocks());

const auth = (tokens: TokenSet) => ({ authorization: `Bearer ${tokens.idToken}` });
const bagOnServer = async (tokens: TokenSet) =>
  (await server.call(getShoppingBag, { Currency: 'HKD' }, auth(tokens))).productList.map((l) => [l.VarianceID, l.SelectedQuantity]);
const wishlistOnServer = async (tokens: TokenSet) => (await server.call(getWishlist, { Currency: 'HKD' }, auth(tokens))).ProductList.map((p) => p.ProductID);

type View = Awaited<ReturnType<typeof renderApp>>;
const signedInAs = (view: View) => view.services.session.getSnapshot().context.tokens;

/** The product page's buying part (heading, price, heart, sizes, add to bag). */
async function productInfo() {
  return (await screen.findByRole('heading', { level: 1, name: 'Anxi Tieguanyin' })).closest('section')!;
}

async function logIn(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, email: string, password: string) {
  await user.type(within(dialog).getByLabelText('E-mail'), email);
  await user.type(within(dialog).getByLabelText('Password'), password);
  await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
}

describe("a visitor's add to bag", () => {
  it('says why the login popup opened, and adds the chosen size and quantity once the visitor has logged in', async () => {
    const member = await signUpMember(server);
    const view = await renderApp(server, `/product/${PRODUCT}`);
    const user = userEvent.setup();
    const info = await productInfo();
    const form = within(info).getByRole('form', { name: 'Add to bag' });
    await user.click(within(form).getByRole('button', { name: 'Increase quantity' }));
    await user.click(within(form).getByRole('button', { name: 'Add to bag' }));

    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    expect(within(dialog).getByText('Log in to add Anxi Tieguanyin to your bag.')).toBeTruthy();
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe('Log in to add Anxi Tieguanyin to your bag.');

    await logIn(user, dialog, member.email, MEMBER_PASSWORD);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(form).findByText('Added to your bag.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(view.router.state.location.pathname).toBe(`/product/${PRODUCT}`);
    expect(await bagOnServer(member)).toEqual([[TEA_50G, 2]]);
    await waitFor(() => expect(screen.getByRole('link', { name: 'Shopping bag, 1 item' })).toBeTruthy());
    // Once: another sign-in of the same browser adds nothing more.
    act(() => view.services.session.send({ type: 'SIGNED_IN', tokens: signedInAs(view)! }));
    await waitFor(() => expect(view.services.session.getSnapshot().context.user).toBeTruthy());
    expect(await bagOnServer(member)).toEqual([[TEA_50G, 2]]);
  });

  it('from a product card: the visitor chooses size and quantity, logs in, and the card says it was added', async () => {
    const member = await signUpMember(server);
    await renderApp(server, '/new_in/tea');
    const user = userEvent.setup();
    const products = await screen.findByRole('list', { name: 'Products' });
    await user.click(await within(products).findByRole('button', { name: 'Add Anxi Tieguanyin to bag' }));
    const form = await within(products).findByRole('form', { name: 'Add Anxi Tieguanyin to bag' });
    await user.selectOptions(await within(form).findByRole('combobox', { name: 'Size' }), '150 g');
    await user.click(within(form).getByRole('button', { name: 'Increase quantity' }));
    await user.click(within(form).getByRole('button', { name: 'Add to bag' }));

    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    expect(within(dialog).getByText('Log in to add Anxi Tieguanyin to your bag.')).toBeTruthy();
    await logIn(user, dialog, member.email, MEMBER_PASSWORD);
    expect(await within(form).findByText('Added to your bag.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(await bagOnServer(member)).toEqual([[TEA_150G, 2]]);
  });

  it('adds nothing when the visitor closes the login popup, and a later login says no reason', async () => {
    const member = await signUpMember(server);
    const view = await renderApp(server, `/product/${PRODUCT}`);
    const user = userEvent.setup();
    const info = await productInfo();
    await user.click(within(within(info).getByRole('form', { name: 'Add to bag' })).getByRole('button', { name: 'Add to bag' }));
    await screen.findByRole('dialog', { name: 'Log in' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    act(() => view.services.popups.open('login'));
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    expect(within(dialog).queryByText(/to your bag/)).toBeNull();
    await logIn(user, dialog, member.email, MEMBER_PASSWORD);
    await waitFor(() => expect(screen.getByRole('link', { name: /^Shopping bag/ })).toBeTruthy());
    await waitFor(() => expect(view.services.session.getSnapshot().context.user).toBeTruthy());
    expect(within(info).queryByText('Added to your bag.')).toBeNull();
    expect(await bagOnServer(member)).toEqual([]);
  });

  it('keeps the add over a third-party login, which leaves the shop and comes back', async () => {
    const storage = memoryStorage();
    const sessionStorage = memoryStorage();
    const first = await renderApp(server, `/product/${PRODUCT}`, { storage, sessionStorage });
    const user = userEvent.setup();
    const info = await productInfo();
    await user.click(within(info).getByRole('radio', { name: /150 g/ }));
    const form = within(info).getByRole('form', { name: 'Add to bag' });
    await user.click(within(form).getByRole('button', { name: 'Increase quantity' }));
    await user.click(within(form).getByRole('button', { name: 'Add to bag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });

    // Off to the provider: the page is left (here: the first app goes away).
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    await user.click(await within(dialog).findByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(assign).toHaveBeenCalledOnce());
    first.unmount();
    vi.restoreAllMocks();

    const back = await provider.followLogin(String(assign.mock.calls[0]![0]), 'newcomer');
    const view = await renderApp(server, `${back.pathname}${back.search}`, { storage, sessionStorage });
    // Signed in, and back on the product page where the visitor was.
    await waitFor(() => expect(view.router.state.location.pathname).toBe(`/product/${PRODUCT}`), { timeout: 10_000 });
    const tokens = signedInAs(view)!;
    expect(tokens).toBeTruthy();
    const again = within(await productInfo()).getByRole('form', { name: 'Add to bag' });
    expect(await within(again).findByText('Added to your bag.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(await bagOnServer(tokens)).toEqual([[TEA_150G, 2]]);
  });
});

describe("a visitor's wishlist heart", () => {
  it('says why the login popup opened, and saves the product once the visitor has signed up and verified', async () => {
    const view = await renderApp(server, `/product/${PRODUCT}`);
    const user = userEvent.setup();
    const info = await productInfo();
    await user.click(within(info).getByRole('button', { name: 'Save to wishlist' }));
    const login = await screen.findByRole('dialog', { name: 'Log in' });
    expect(within(login).getByText('Log in to save Anxi Tieguanyin to your wishlist.')).toBeTruthy();

    await user.click(within(login).getByRole('button', { name: 'New here? Create an account' }));
    const signUp = await screen.findByRole('dialog', { name: 'Create an account' });
    // The sign-up popup says the same why, as its description, in its own words (issue 29).
    expect(within(signUp).getByText('Sign up to save Anxi Tieguanyin to your wishlist.')).toBeTruthy();
    expect(document.getElementById(signUp.getAttribute('aria-describedby')!)?.textContent).toBe('Sign up to save Anxi Tieguanyin to your wishlist.');
    const email = freshEmail('hearts');
    await user.type(within(signUp).getByLabelText('Given name'), 'Wing');
    await user.type(within(signUp).getByLabelText('Family name'), 'Ho');
    await user.type(within(signUp).getByLabelText('E-mail'), email);
    await user.type(within(signUp).getByLabelText('Password'), MEMBER_PASSWORD);
    await user.type(within(signUp).getByLabelText('Confirm password'), MEMBER_PASSWORD);
    await user.click(within(signUp).getByRole('button', { name: 'Create account' }));
    const verify = await screen.findByRole('dialog', { name: 'Verify your e-mail' });
    await user.type(within(verify).getByLabelText('Verification code'), (await mailedCode(server, email)).code);
    await user.click(within(verify).getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const heart = await within(info).findByRole('button', { name: 'Remove from wishlist' }, { timeout: 10_000 });
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    const tokens = signedInAs(view)!;
    await waitFor(async () => expect(await wishlistOnServer(tokens)).toEqual([PRODUCT]));
    // The list the heart reads agrees once the save is through.
    await waitFor(() => expect(view.services.queryClient.isFetching()).toBe(0));
    expect(within(info).getByRole('button', { name: 'Remove from wishlist' }).getAttribute('aria-pressed')).toBe('true');
  });
});
