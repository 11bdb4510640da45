/**
 * The orders popup lists each order by what is in it (issue 14): its first product's name and picture,
 * "+N more" for the others, and the number of items said properly ("1 item", "3 items"), from the
 * real server's list-user-product-order answer.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkout, listUserProductOrder, userLogin, type TokenSet } from '../../contract/index.ts';
import { demoMember } from '../../server/db/seed/member-data.ts';
import { renderApp } from '../support/render-app.tsx';
import { auth, fillBag, shopper } from '../support/shop.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
});
afterAll(() => server.close());

async function openOrders(tokens: TokenSet, locale?: 'zh-Hant') {
  const view = await renderApp(server, '/home', locale ? { locale } : {});
  act(() => view.services.session.send({ type: 'SIGNED_IN', tokens }));
  await waitFor(() => expect(view.services.session.getSnapshot().context.user?.userID).toBe(tokens.userID));
  act(() => view.services.popups.open('orders'));
  const dialog = await screen.findByRole('dialog', { name: locale ? '我的訂單' : 'My orders' });
  return { view, dialog, user: userEvent.setup() };
}

/** The row of the order with this reference. */
const rowOf = async (dialog: HTMLElement, reference: string) =>
  (await within(dialog).findByRole('link', { name: new RegExp(`${reference}$`) })).closest('li')!;

describe('the orders popup', () => {
  it("names each order's first product with its picture, the others as +N more, and counts its items", async () => {
    const tokens = await server.call(userLogin, { email: demoMember.email, password: demoMember.password });
    const answer = await server.call(listUserProductOrder, { Tab: 'InProcess' }, auth(tokens));
    const preparing = answer.OrderList.find((o) => o.Reference === 'SGDEMO0000000002')!;
    const { dialog, user } = await openOrders(tokens);

    const row = await rowOf(dialog, 'SGDEMO0000000002');
    const [first] = preparing.ProductList;
    expect(within(row).getByText(first!.Name.en)).toBeTruthy();
    expect(within(row).getByText('+1 more')).toBeTruthy();
    expect(row.querySelector('img')?.getAttribute('src')).toBe(first!.Image);
    expect(row.textContent).toContain('2 items');

    await user.click(within(dialog).getByRole('tab', { name: 'Completed' }));
    const completed = await server.call(listUserProductOrder, { Tab: 'Completed' }, auth(tokens));
    const shippedOrder = completed.OrderList.find((o) => o.Reference === 'SGDEMO0000000001')!;
    const shipped = await rowOf(dialog, 'SGDEMO0000000001');
    expect(within(shipped).getByText(shippedOrder.ProductList[0]!.Name.en)).toBeTruthy();
    expect(within(shipped).getByText('+1 more')).toBeTruthy();
    // One of the first product and two of the other.
    expect(shipped.textContent).toContain('3 items');
  });

  it('says "1 item" for an order of one, with no "more"', async () => {
    const tokens = await shopper(server);
    await fillBag(server, tokens, { 'tea-tieguanyin-50g': 1 });
    await server.call(checkout, { Language: 'en', Currency: 'HKD', PaymentMethod: 'FPS' }, auth(tokens));
    const { reference } = await server
      .call(listUserProductOrder, { Tab: 'WaitForPayment' }, auth(tokens))
      .then((r) => ({ reference: r.OrderList[0]!.Reference }));
    const { dialog, user } = await openOrders(tokens);
    await user.click(within(dialog).getByRole('tab', { name: 'Wait for payment' }));
    const row = await rowOf(dialog, reference);
    expect(within(row).getByText('Anxi Tieguanyin')).toBeTruthy();
    expect(within(row).queryByText(/more/)).toBeNull();
    expect(row.textContent).toContain('1 item ·');
    expect(row.textContent).not.toContain('1 items');
  });

  it('in Chinese too', async () => {
    const tokens = await server.call(userLogin, { email: demoMember.email, password: demoMember.password });
    const answer = await server.call(listUserProductOrder, { Tab: 'InProcess' }, auth(tokens));
    const preparing = answer.OrderList.find((o) => o.Reference === 'SGDEMO0000000002')!;
    const { dialog } = await openOrders(tokens, 'zh-Hant');
    const row = await rowOf(dialog, 'SGDEMO0000000002');
    expect(within(row).getByText(preparing.ProductList[0]!.Name.zh)).toBeTruthy();
    expect(within(row).getByText('另有 1 件')).toBeTruthy();
    expect(row.textContent).toContain('2 件商品');
  });
});
