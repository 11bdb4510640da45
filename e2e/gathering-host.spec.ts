/**
 * A gathering in two browsers (issue 31): the seed gathering's host watches the room on a phone while a member
 * who bought their place at the door orders two drinks at the table and pays by card on the shared payment page;
 * the place and the order show on the host's screen without a reload. (A new member, so that the demo member's
 * orders stay as the other specs expect.) The host's screen at two phones and a desktop, in English and Chinese.
 */
import type { APIRequestContext } from '@playwright/test';
import { atEveryWidth, expect, freshMember, logIn, shoot, test } from './support.ts';

const GATHERING = 'gth-matcha-whisking-0';
const SHOTS = 'test-results/shots/gathering-host';

/** The member's calls, as their phone makes them. */
function caller(request: APIRequestContext, idToken: string) {
  return async (call: string, data: object) => {
    const answer = await request.post(`/api/${call}`, { data, headers: { authorization: `Bearer ${idToken}` } });
    expect(answer.ok(), `${call}: ${await answer.text()}`).toBe(true);
    return answer.json();
  };
}

test('a walk-in orders two drinks and pays by card; the host sees them arrive without a reload', async ({ browser, page, request }) => {
  await page.goto('/home');
  await logIn(page, 'olivia.inspire@sipandgather.hk', 'SipGather2026');
  await page.goto(`/host/${GATHERING}`);
  const room = page.getByRole('heading', { name: /^In the room \(\d+\)$/ });
  await expect(room).toBeVisible();
  const inRoom = Number((await room.textContent())!.match(/\((\d+)\)/)![1]);
  const orders = page.getByRole('heading', { name: /^Tonight’s orders \(\d+\)$/ });
  const before = Number((await orders.textContent())!.match(/\((\d+)\)/)![1]);
  await atEveryWidth(page, 'the host’s screen', (width) => shoot(page, { path: `${SHOTS}/host-en-${width}.png`, fullPage: true }));

  const member = await browser.newPage();
  const tokens = await freshMember(member, request, 'walk-in');
  const call = caller(request, tokens.idToken);
  // At the door: a place bought with a saved card (create-gathering-order, create-gathering-payment).
  const { PaymentMethodID } = await call('addCreditCard', { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' });
  const card = (await call('addPaymentMehtod', { PaymentMethodID })).PaymentMethod.id;
  await call('create-gathering-order', { gatheringID: GATHERING, PaymentMethod: 'CreditCard' });
  expect((await call('create-gathering-payment', { GatheringID: GATHERING, PaymentMethod: 'CreditCard', CardID: card })).PaymentStatus).toBe('succeeded');
  await expect(page.getByRole('heading', { name: `In the room (${inRoom + 1})` })).toBeVisible();

  await member.goto('/tonight');
  const pours = member.getByRole('region', { name: 'Poured tonight' });
  await pours.getByRole('button', { name: 'Add Shizuoka Sencha' }).click();
  const cart = member.locator('.tonight-cart');
  await cart.getByRole('button', { name: 'One more Shizuoka Sencha' }).click();
  await expect(cart.getByLabel('Quantity of Shizuoka Sencha')).toHaveText('2');
  await expect(cart.getByRole('radio', { name: /card/i })).toBeChecked();
  await cart.getByRole('button', { name: 'Order and pay' }).click();

  // The host's page was not touched: the order arrives over the live stream.
  await expect(page.getByRole('heading', { name: `Tonight’s orders (${before + 1})` })).toBeVisible();

  // The shared payment page pays the order placed, with the card saved at the door.
  await expect(member).toHaveURL(/\/checkout_product\?/);
  await expect(member.getByRole('heading', { name: 'Pick-up' })).toBeVisible();
  await member.getByRole('button', { name: /^Pay now|^Place order/ }).click();
  await expect(member.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  await expect(member.getByText('Your order is paid. Pick it up at the host’s table: show them this page.')).toBeVisible();
  await expect(page.getByText(/Shizuoka Sencha × 2/).first()).toBeVisible();
  await member.getByRole('link', { name: 'Back to tonight’s table' }).click();
  await expect(member.getByRole('region', { name: 'Poured tonight' })).toBeVisible();
  await member.close();
});

test('the host’s screen in Chinese: nothing overflows', async ({ page }) => {
  await page.goto('/home');
  await logIn(page, 'olivia.inspire@sipandgather.hk', 'SipGather2026');
  await page.evaluate(() => localStorage.setItem('sg.locale', 'zh-Hant'));
  await page.goto(`/host/${GATHERING}`);
  await expect(page.getByRole('heading', { name: /^現場人數（\d+）$/ })).toBeVisible();
  await atEveryWidth(page, 'the host’s screen (zh-Hant)', (width) => shoot(page, { path: `${SHOTS}/host-zh-${width}.png`, fullPage: true }));
});
