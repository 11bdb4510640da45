/**
 * Issue 11, finding 10, in the rendered FPS popup: FPS moves Hong Kong dollars, and a USD order's
 * QR asks for the order at the shop's HKD prices. The popup shows that HK$ amount, and for a USD
 * order says in words what it is next to the order's own total; an HKD order has nothing to explain.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addShoppingBag, checkout, getProductOrder, getShoppingBag, userUpdateInfo, type TokenSet } from '../../contract/index.ts';
import { users } from '../../server/db/schema.ts';
import type { Locale } from '../../src/i18n/i18n.ts';
import { formatMoney } from '../../src/ui/format.ts';
import { signUpMember } from '../support/members.ts';
import { renderApp } from '../support/render-app.tsx';
import { HONG_KONG_ADDRESS } from '../support/shop.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
});
afterAll(() => server.close());

const TEA_50G = 'tea-tieguanyin-50g';
const HINOKI_40 = 'incense-hinoki-sticks-40';
const auth = (tokens: TokenSet) => ({ authorization: `Bearer ${tokens.idToken}` });

/** A member who placed an FPS order of two teas and incense in this currency; the same bag's HKD total. */
async function placed(currency: 'HKD' | 'USD') {
  const tokens = await signUpMember(server);
  await server.db.update(users).set({ preSurveyDone: true }).where(eq(users.id, tokens.userID));
  await server.call(userUpdateInfo, { accessToken: tokens.accessToken, deliveryAddress: [HONG_KONG_ADDRESS], mainDeliveryAddressIndex: 0 }, auth(tokens));
  await server.call(addShoppingBag, { VarianceID: TEA_50G, Quantity: 2 }, auth(tokens));
  await server.call(addShoppingBag, { VarianceID: HINOKI_40, Quantity: 1 }, auth(tokens));
  const hkdTotal = (await server.call(getShoppingBag, { Currency: 'HKD' }, auth(tokens))).orderDetail.Total;
  const start = await server.call(checkout, { Language: 'en', Currency: currency, PaymentMethod: 'FPS' }, auth(tokens));
  const order = (await server.call(getProductOrder, { orderID: start.OrderID }, auth(tokens))).Order;
  return { tokens, order, hkdTotal };
}

async function openFpsPopup(tokens: TokenSet, orderID: string, locale: Locale = 'en') {
  const view = await renderApp(server, '/home', { locale });
  act(() => view.services.session.send({ type: 'SIGNED_IN', tokens }));
  await waitFor(() => expect(view.services.session.getSnapshot().context.user?.userID).toBe(tokens.userID));
  act(() => view.services.popups.open('fpsPayment', { orderID }));
  const popup = await screen.findByRole('dialog', { name: locale === 'en' ? 'Pay with FPS' : '以轉數快付款' });
  await within(popup).findByRole('timer');
  return popup;
}

/** The amount row of the popup's facts: what the banking app will transfer. */
const amountShown = (popup: HTMLElement) => popup.querySelector('.fps-facts .price')!;

describe('the FPS popup and the order’s currency', () => {
  it('shows a USD order’s HK$ amount at the HKD prices and says so, with the order’s own total', async () => {
    const { tokens, order, hkdTotal } = await placed('USD');
    const popup = await openFpsPopup(tokens, order.OrderID);
    const hkd = formatMoney(hkdTotal, 'HKD', 'en');
    expect(amountShown(popup).textContent).toBe(hkd);
    expect(amountShown(popup).getAttribute('data-currency')).toBe('HKD');
    const note = within(popup).getByText(/^FPS pays in Hong Kong dollars/);
    expect(note.textContent).toBe(
      `FPS pays in Hong Kong dollars: ${hkd} is this order at our HKD prices (order total ${formatMoney(order.orderDetail.Total, 'USD', 'en')}).`,
    );
  });

  it('says it in Traditional Chinese too', async () => {
    const { tokens, order, hkdTotal } = await placed('USD');
    const popup = await openFpsPopup(tokens, order.OrderID, 'zh-Hant');
    const hkd = formatMoney(hkdTotal, 'HKD', 'zh-Hant');
    expect(amountShown(popup).textContent).toBe(hkd);
    const note = within(popup).getByText(/^轉數快以港元付款/);
    expect(note.textContent).toBe(`轉數快以港元付款：${hkd} 是此訂單按本店港元價格計算的金額（訂單總額 ${formatMoney(order.orderDetail.Total, 'USD', 'zh-Hant')}）。`);
  });

  it('has nothing to explain for an HKD order', async () => {
    const { tokens, order, hkdTotal } = await placed('HKD');
    const popup = await openFpsPopup(tokens, order.OrderID);
    expect(amountShown(popup).textContent).toBe(formatMoney(hkdTotal, 'HKD', 'en'));
    expect(within(popup).queryByText(/FPS pays in Hong Kong dollars/)).toBeNull();
    expect(popup.querySelector('.fps-currency-note')).toBeNull();
  });
});
