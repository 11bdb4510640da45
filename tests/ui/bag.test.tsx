import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addShoppingBag, getShoppingBag, type TokenSet } from '../../contract/index.ts';
import { bagItems, users, variances } from '../../server/db/schema.ts';
import { addGeneratedProducts } from '../../server/db/seed/index.ts';
import { currentBag } from '../../src/app/bag.ts';
import { signUpMember } from '../support/members.ts';
import { setStock } from '../support/shop.ts';
import { renderApp } from '../support/render-app.tsx';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
});
afterAll(() => server.close());

const TEA_50G = 'tea-tieguanyin-50g';
const TEA_150G = 'tea-tieguanyin-150g';

/** A new member who has taken the entry survey (shopping_bag is behind the paid-member check). */
async function member(): Promise<TokenSet & { email: string }> {
  const tokens = await signUpMember(server);
  await server.db.update(users).set({ preSurveyDone: true }).where(eq(users.id, tokens.userID));
  return tokens;
}
const auth = (tokens: TokenSet) => ({ authorization: `Bearer ${tokens.idToken}` });
const serverBag = (tokens: TokenSet, CouponID?: string) =>
  server.call(getShoppingBag, { Currency: 'HKD', ...(CouponID ? { CouponID } : {}) }, auth(tokens));

type View = Awaited<ReturnType<typeof renderApp>>;

async function signIn(view: View, tokens: TokenSet) {
  act(() => view.services.session.send({ type: 'SIGNED_IN', tokens }));
  await waitFor(() => expect(view.services.session.getSnapshot().context.user?.userID).toBe(tokens.userID));
}

/** The bag link of the top menu, once the bag has loaded. */
const badge = () => screen.findByRole('link', { name: /^Shopping bag/ });
const badgeCount = () => screen.queryByTestId('bag-count')?.textContent ?? null;

async function openBag(view: View, tokens: TokenSet) {
  await signIn(view, tokens);
  const user = userEvent.setup();
  await user.click(await badge());
  await screen.findByRole('heading', { level: 1, name: 'Shopping bag' });
  return user;
}

describe('adding to the bag', () => {
  it('adds from the product page with a quantity; the badge counts the line', async () => {
    const tokens = await member();
    const view = await renderApp(server, '/product/tea-tieguanyin');
    await signIn(view, tokens);
    const user = userEvent.setup();
    const info = (await screen.findByRole('heading', { level: 1, name: 'Anxi Tieguanyin' })).closest('section')!;
    await badge();
    expect(badgeCount()).toBeNull();
    const form = await within(info).findByRole('form', { name: 'Add to bag' });
    await user.click(within(form).getByRole('button', { name: 'Increase quantity' }));
    expect((within(form).getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement).value).toBe('2');
    await user.click(within(form).getByRole('button', { name: 'Add to bag' }));
    expect(await within(form).findByText('Added to your bag.')).toBeTruthy();
    await waitFor(() => expect(badgeCount()).toBe('1'));
    expect(screen.getByRole('link', { name: 'Shopping bag, 1 item' })).toBeTruthy();
    const bag = await serverBag(tokens);
    expect(bag.productList.map((l) => [l.VarianceID, l.SelectedQuantity])).toEqual([[TEA_50G, 2]]);
  });

  it('stops the stepper at what is left and says so, before anything is asked of the server', async () => {
    await renderApp(server, '/product/tea-tieguanyin');
    const user = userEvent.setup();
    const info = (await screen.findByRole('heading', { level: 1, name: 'Anxi Tieguanyin' })).closest('section')!;
    await user.click(within(info).getByRole('radio', { name: /150 g/ }));
    const form = within(info).getByRole('form', { name: 'Add to bag' });
    const increase = within(form).getByRole('button', { name: 'Increase quantity' }) as HTMLButtonElement;
    const quantity = within(form).getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement;
    expect(within(form).queryByText('Only 3 left')).toBeNull();
    await user.click(increase);
    await user.click(increase);
    expect(quantity.value).toBe('3');
    expect(increase.disabled).toBe(true);
    expect(within(form).getByText('Only 3 left')).toBeTruthy();
    // A larger number typed is brought down to what is left.
    await user.click(within(form).getByRole('button', { name: 'Decrease quantity' }));
    expect(within(form).queryByText('Only 3 left')).toBeNull();
    await user.clear(quantity);
    await user.type(quantity, '5');
    expect(quantity.value).toBe('3');
    expect(within(form).getByText('Only 3 left')).toBeTruthy();
    // The size with plenty left goes on to the bag's own limit.
    await user.click(within(info).getByRole('radio', { name: /^50 g/ }));
    expect(quantity.value).toBe('3');
    expect(increase.disabled).toBe(false);
    expect(within(form).queryByText(/^Only/)).toBeNull();
  });

  it('counts what the bag holds already: the stepper stops at what is left beside it', async () => {
    const tokens = await member();
    await server.call(addShoppingBag, { VarianceID: TEA_150G, Quantity: 2 }, auth(tokens));
    const view = await renderApp(server, '/product/tea-tieguanyin');
    await signIn(view, tokens);
    const user = userEvent.setup();
    const info = (await screen.findByRole('heading', { level: 1, name: 'Anxi Tieguanyin' })).closest('section')!;
    await waitFor(() => expect(badgeCount()).toBe('1'));
    await user.click(within(info).getByRole('radio', { name: /150 g/ }));
    const form = within(info).getByRole('form', { name: 'Add to bag' });
    expect((within(form).getByRole('button', { name: 'Increase quantity' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(form).getByText('Only 1 more: 2 already in your bag')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Add to bag' }));
    expect(await within(form).findByText('Added to your bag.')).toBeTruthy();
    expect((await serverBag(tokens)).productList.map((l) => [l.VarianceID, l.SelectedQuantity])).toEqual([[TEA_150G, 3]]);
    // All that is left is in the bag: nothing more to add.
    expect(await within(form).findByText('All 3 left are in your bag.')).toBeTruthy();
    expect(within(form).queryByRole('spinbutton')).toBeNull();
    expect((within(form).getByRole('button', { name: 'Add to bag' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks for more than is left where the page does not count it: the line is capped and a notice says only N are available', async () => {
    const tokens = await member();
    // 7 left shows as "In stock" (the count is shown from 5 down), so the page lets 9 be asked for.
    await setStock(server, TEA_50G, 7);
    try {
      const view = await renderApp(server, '/product/tea-tieguanyin');
      await signIn(view, tokens);
      const user = userEvent.setup();
      const info = (await screen.findByRole('heading', { level: 1, name: 'Anxi Tieguanyin' })).closest('section')!;
      await badge();
      const form = within(info).getByRole('form', { name: 'Add to bag' });
      const quantity = within(form).getByRole('spinbutton', { name: 'Quantity' });
      await user.clear(quantity);
      await user.type(quantity, '9');
      await user.click(within(form).getByRole('button', { name: 'Add to bag' }));
      expect(await within(form).findByText('Only 7 available: your bag holds 7 of Anxi Tieguanyin (50 g).')).toBeTruthy();
      expect((await serverBag(tokens)).productList.map((l) => [l.VarianceID, l.SelectedQuantity])).toEqual([[TEA_50G, 7]]);
      // The bag page keeps the notice until it is dismissed.
      await user.click(await badge());
      const notices = await screen.findByRole('region', { name: 'Bag notices' });
      expect(within(notices).getByText('Only 7 available: your bag holds 7 of Anxi Tieguanyin (50 g).')).toBeTruthy();
      await user.click(within(notices).getByRole('button', { name: 'Dismiss' }));
      expect(within(notices).queryByRole('listitem')).toBeNull();
    } finally {
      await setStock(server, TEA_50G, 120);
    }
  });

  it('adds from a new-in card, choosing the size', async () => {
    const tokens = await member();
    const view = await renderApp(server, '/new_in/tea');
    await signIn(view, tokens);
    const user = userEvent.setup();
    await badge();
    const products = await screen.findByRole('list', { name: 'Products' });
    await user.click(await within(products).findByRole('button', { name: 'Add Anxi Tieguanyin to bag' }));
    const form = await within(products).findByRole('form', { name: 'Add Anxi Tieguanyin to bag' });
    await user.selectOptions(await within(form).findByRole('combobox', { name: 'Size' }), '150 g');
    await user.click(within(form).getByRole('button', { name: 'Add to bag' }));
    expect(await within(form).findByText('Added to your bag.')).toBeTruthy();
    expect((await serverBag(tokens)).productList.map((l) => [l.VarianceID, l.SelectedQuantity])).toEqual([[TEA_150G, 1]]);
  });

  it("asks a visitor to sign in first", async () => {
    await renderApp(server, '/product/tea-tieguanyin');
    const user = userEvent.setup();
    const info = (await screen.findByRole('heading', { level: 1, name: 'Anxi Tieguanyin' })).closest('section')!;
    expect(screen.queryByRole('link', { name: /^Shopping bag/ })).toBeNull();
    await user.click(within(info).getByRole('button', { name: 'Add to bag' }));
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeTruthy();
  });
});

describe('the shopping bag page', () => {
  it('sends a visitor home with the login popup', async () => {
    const view = await renderApp(server, '/shopping_bag');
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/home'));
    expect(view.router.state.location.search).toEqual({ login: true });
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeTruthy();
  });

  it('lists the lines; the stepper and the quantity field set them, remove takes one out', async () => {
    const tokens = await member();
    await server.call(addShoppingBag, { VarianceID: TEA_50G, Quantity: 2 }, auth(tokens));
    await server.call(addShoppingBag, { VarianceID: 'spirits-islay-single-malt-700ml', Quantity: 1 }, auth(tokens));
    const view = await renderApp(server, '/home');
    const user = await openBag(view, tokens);
    const lines = await screen.findByRole('list', { name: 'Items in your bag' });
    expect(within(lines).getAllByRole('listitem')).toHaveLength(2);
    // Spec §9: the alcohol line is flagged, with the checkout age check announced.
    const whisky = within(lines).getByRole('link', { name: 'Islay Single Malt 10 Year Old' }).closest('li')!;
    expect(within(whisky).getByText('Alcohol, 18 or over')).toBeTruthy();
    expect(screen.getByText('Your bag holds alcohol. At checkout you will be asked to confirm that you are 18 or over.')).toBeTruthy();

    await user.click(within(lines).getByRole('button', { name: 'Increase quantity of Anxi Tieguanyin' }));
    await waitFor(async () => expect((await serverBag(tokens)).productList.find((l) => l.VarianceID === TEA_50G)?.SelectedQuantity).toBe(3));
    const field = within(lines).getByRole('spinbutton', { name: 'Quantity of Anxi Tieguanyin' }) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('3'));
    await waitFor(() => expect(field.disabled).toBe(false));
    await user.clear(field);
    await user.type(field, '6{Enter}');
    await waitFor(async () => expect((await serverBag(tokens)).productList.find((l) => l.VarianceID === TEA_50G)?.SelectedQuantity).toBe(6));
    const summary = screen.getByRole('region', { name: 'Summary' });
    await waitFor(() => expect(within(summary).getByText('Subtotal').nextElementSibling?.textContent).toBe('HK$1,536.00'));

    await user.click(within(lines).getByRole('button', { name: 'Remove Islay Single Malt 10 Year Old from bag' }));
    await waitFor(() => expect(within(lines).getAllByRole('listitem')).toHaveLength(1));
    expect(screen.queryByText(/Your bag holds alcohol/)).toBeNull();
    expect(badgeCount()).toBe('1');
    expect((await serverBag(tokens)).productList.map((l) => l.VarianceID)).toEqual([TEA_50G]);
    const total = (await serverBag(tokens)).orderDetail.Total;
    expect(within(summary).getByText('Total').nextElementSibling?.textContent).toBe(`HK$${(total / 100).toLocaleString('en', { minimumFractionDigits: 2 })}`);
  });

  it('applies WELCOME10 from the coupon list, then refuses EXPIRED2025 with its reason; the bag stays as the server has it', async () => {
    const tokens = await member();
    await server.call(addShoppingBag, { VarianceID: TEA_50G, Quantity: 2 }, auth(tokens));
    const view = await renderApp(server, '/home');
    const user = await openBag(view, tokens);
    const summary = await screen.findByRole('region', { name: 'Summary' });
    const totalText = () => within(summary).getByText('Total').nextElementSibling?.textContent;
    const money = (minor: number) => `HK$${(minor / 100).toLocaleString('en', { minimumFractionDigits: 2 })}`;

    await user.click(screen.getByRole('button', { name: 'See my coupons' }));
    const dialog = await screen.findByRole('dialog', { name: 'My coupons' });
    await user.click(await within(dialog).findByRole('button', { name: 'Apply coupon WELCOME10' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('WELCOME10', { selector: 'strong' })).toBeTruthy();
    const withCoupon = await serverBag(tokens, 'WELCOME10');
    await waitFor(() => expect(totalText()).toBe(money(withCoupon.orderDetail.Total)));
    expect(within(summary).getByText('Coupon WELCOME10').nextElementSibling?.textContent).toBe(`−${money(withCoupon.orderDetail.Coupon!.Discount)}`);

    const code = screen.getByRole('textbox', { name: 'Coupon code' });
    await user.type(code, 'expired2025');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Coupon EXPIRED2025 has expired.');
    const without = await serverBag(tokens);
    await waitFor(() => expect(totalText()).toBe(money(without.orderDetail.Total)));
    expect(within(summary).queryByText(/^Coupon /)).toBeNull();
    expect(screen.queryByText('WELCOME10', { selector: 'strong' })).toBeNull();
    expect(code).toHaveProperty('ariaInvalid', 'true');

    // An empty code does nothing (spec §5).
    await user.clear(code);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert').textContent).toBe('Coupon EXPIRED2025 has expired.');
  });

  it("stops a line's stepper at what is left and says so", async () => {
    const tokens = await member();
    await server.call(addShoppingBag, { VarianceID: TEA_150G, Quantity: 2 }, auth(tokens));
    const view = await renderApp(server, '/home');
    const user = await openBag(view, tokens);
    const lines = await screen.findByRole('list', { name: 'Items in your bag' });
    const increase = within(lines).getByRole('button', { name: 'Increase quantity of Anxi Tieguanyin' }) as HTMLButtonElement;
    expect(within(lines).queryByText('Only 3 left')).toBeNull();
    await user.click(increase);
    await waitFor(async () => expect((await serverBag(tokens)).productList[0]?.SelectedQuantity).toBe(3));
    const field = within(lines).getByRole('spinbutton', { name: 'Quantity of Anxi Tieguanyin' }) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('3'));
    await waitFor(() => expect(field.disabled).toBe(false));
    expect(increase.disabled).toBe(true);
    expect(within(lines).getByText('Only 3 left')).toBeTruthy();
    // Typed beyond it: the line is set to what is left, not to what was typed.
    await user.clear(field);
    await user.type(field, '8{Enter}');
    expect(field.value).toBe('3');
    expect((await serverBag(tokens)).productList[0]?.SelectedQuantity).toBe(3);
  });

  it('tells the member what the server reduced for lack of stock', async () => {
    const tokens = await member();
    await server.call(addShoppingBag, { VarianceID: TEA_150G, Quantity: 3 }, auth(tokens));
    await server.db.update(variances).set({ stock: 1 }).where(eq(variances.id, TEA_150G));
    try {
      const view = await renderApp(server, '/home');
      await openBag(view, tokens);
      const notices = await screen.findByRole('region', { name: 'Bag notices' });
      expect(await within(notices).findByText('Only 1 of Anxi Tieguanyin (150 g) left: the quantity in your bag went down from 3 to 1.')).toBeTruthy();
      expect((screen.getByRole('spinbutton', { name: 'Quantity of Anxi Tieguanyin' }) as HTMLInputElement).value).toBe('1');
    } finally {
      await server.db.update(variances).set({ stock: 3 }).where(eq(variances.id, TEA_150G));
    }
  });

  it('reads the bag again in the new currency', async () => {
    const tokens = await member();
    await server.call(addShoppingBag, { VarianceID: TEA_50G, Quantity: 1 }, auth(tokens));
    const view = await renderApp(server, '/home');
    await openBag(view, tokens);
    const summary = await screen.findByRole('region', { name: 'Summary' });
    await waitFor(() => expect(within(summary).getByText('Subtotal').nextElementSibling?.textContent).toBe('HK$168.00'));
    act(() => view.services.preferences.setCurrency('USD'));
    // Named as US dollars, not a bare "$" that could be either dollar.
    await waitFor(() => expect(within(summary).getByText('Subtotal').nextElementSibling?.textContent).toBe('US$21.50'));
  });
});

describe('the bag badge', () => {
  it('shows "99+" from 100 lines', async () => {
    const tokens = await member();
    await addGeneratedProducts(server.db, 100, SEED_NOW);
    const generated = await server.db.select({ id: variances.id }).from(variances).where(like(variances.productId, 'gen-%')).limit(100);
    expect(generated).toHaveLength(100);
    await server.db.insert(bagItems).values(generated.map((v) => ({ userId: tokens.userID, varianceId: v.id, quantity: 1, addedAt: SEED_NOW, updatedAt: SEED_NOW })));
    const view = await renderApp(server, '/home');
    await signIn(view, tokens);
    await waitFor(() => expect(badgeCount()).not.toBeNull(), { timeout: 20_000 });
    const lines = (await serverBag(tokens)).productList.length;
    expect(badgeCount()).toBe(lines >= 100 ? '99+' : String(lines));
    expect(lines).toBeGreaterThanOrEqual(100);
    expect(screen.getByRole('link', { name: `Shopping bag, ${lines} items` })).toBeTruthy();
  });

  it('logout clears the bag (spec §4): no badge, no bag actor; the next member gets their own', async () => {
    const first = await member();
    await server.call(addShoppingBag, { VarianceID: TEA_50G, Quantity: 1 }, auth(first));
    const view = await renderApp(server, '/home');
    await signIn(view, first);
    await waitFor(() => expect(badgeCount()).toBe('1'));
    const firstBag = currentBag(view.services);
    act(() => view.services.session.send({ type: 'SIGN_OUT' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: /^Shopping bag/ })).toBeNull());
    expect(currentBag(view.services)).toBeUndefined();
    expect(firstBag?.getSnapshot().status).toBe('stopped');

    const second = await member();
    await signIn(view, second);
    await badge();
    await waitFor(() => expect(currentBag(view.services)?.getSnapshot().context.bag).toBeDefined());
    expect(badgeCount()).toBeNull();
    expect(currentBag(view.services)).not.toBe(firstBag);
  });
});
