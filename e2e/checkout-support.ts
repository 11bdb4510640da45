import type { APIRequestContext, Page } from '@playwright/test';
import { expect, freshMember } from './support.ts';

/** What the checkout specs share: a Hong Kong delivery address, choosing a payment method, paying by a new card. */

/** A delivery address in Hong Kong, as user-update-info takes it. */
export const HONG_KONG_HOME = {
  label: 'home',
  firstName: 'Ka Yan',
  lastName: 'Wong',
  countryCallingCode: '852',
  phone: '91234567',
  CountryID: 'HK',
  city: 'HK-wan-chai',
  address1: '1 Harbour Road',
  postalCode: '000000',
};

/** A new member with a delivery address and a Long Jing tin in the bag, on the product checkout's payment step. */
export async function atProductCheckout(page: Page, request: APIRequestContext, label: string) {
  const member = await freshMember(page, request, label);
  const post = async (call: string, data: object) => {
    const answer = await request.post(`/api/${call}`, { data, headers: { authorization: `Bearer ${member.idToken}` } });
    expect(answer.ok(), `${call}: ${await answer.text()}`).toBe(true);
  };
  await post('user-update-info', { accessToken: member.accessToken, deliveryAddress: [HONG_KONG_HOME], mainDeliveryAddressIndex: 0 });
  await post('addShoppingBag', { VarianceID: 'tea-long-jing-50g', Quantity: 1 });
  await page.goto('/checkout_product');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /1 Harbour Road/ })).toBeChecked();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  return member;
}

/** Chooses a payment method in the checkout's payment method popup. */
export async function chooseMethod(page: Page, method: RegExp) {
  await page.getByRole('button', { name: 'Choose payment method' }).click();
  const popup = page.getByRole('dialog', { name: 'Payment method' });
  await popup.getByRole('radio', { name: method }).check();
  await popup.getByRole('button', { name: 'Use this payment method' }).click();
}

/**
 * Adds a new card (a sandbox test number) and chooses it, without placing the order. `again`: the order was
 * declined and the checkout offers "Change card" instead of the method popup.
 */
export async function chooseNewCard(page: Page, number = '4242424242424242', { again = false } = {}) {
  if (again) await page.getByRole('button', { name: 'Change card' }).click();
  else await chooseMethod(page, /Credit or debit card/);
  const cards = page.getByRole('dialog', { name: 'Choose a card' });
  await cards.getByRole('button', { name: 'Add a new card' }).click();
  const form = page.getByRole('dialog', { name: 'Add a card' });
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry (MM/YY)').fill('12/34');
  await form.getByLabel('CVC').fill('123');
  await form.getByRole('button', { name: 'Save card' }).click();
  await cards.getByRole('radio', { name: new RegExp(`ending in ${number.slice(-4)}`) }).check();
  await cards.getByRole('button', { name: 'Use this card' }).click();
}

/** Chooses a new card and places the order ("Place order" or "Pay now"). */
export async function payByNewCard(page: Page, number = '4242424242424242', options: { again?: boolean } = {}) {
  await chooseNewCard(page, number, options);
  await page.getByRole('button', { name: /^Place order|^Pay now/ }).click();
}
