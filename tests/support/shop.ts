/**
 * Shoppers for the order and payment tests: members with a delivery address, a filled bag and saved
 * test cards, all made through the API, plus raw calls for the refusals.
 */
import { eq } from 'drizzle-orm';
import {
  addCreditCard,
  addPaymentMehtod,
  addShoppingBag,
  getProductOrder,
  userUpdateInfo,
  type ErrorEnvelope,
  type TokenSet,
} from '../../contract/index.ts';
import { users, variances } from '../../server/db/schema.ts';
import { signUpMember } from './members.ts';
import type { TestApp } from './test-app.ts';

export const HONG_KONG_ADDRESS = {
  firstName: 'Ka Yan',
  lastName: 'Wong',
  countryCallingCode: '852',
  phone: '91234567',
  CountryID: 'HK',
  city: 'HK-wan-chai',
  address1: '1 Harbour Road',
  postalCode: '000000',
  label: 'home' as const,
};

/** Stripe's test numbers, as the sandbox knows them. */
export const CARDS = {
  visa: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  authenticate: '4000 0027 6000 3184',
  authenticateThenDecline: '4000 0084 0000 1629',
} as const;

export type Shopper = TokenSet & { email: string; userId: string };

export const auth = (m: TokenSet) => ({ authorization: `Bearer ${m.idToken}` });

/** A verified member with a Hong Kong delivery address (unless told not to). */
export async function shopper(t: TestApp, { address = true }: { address?: boolean } = {}): Promise<Shopper> {
  const m = await signUpMember(t);
  if (address) await t.call(userUpdateInfo, { accessToken: m.accessToken, deliveryAddress: [HONG_KONG_ADDRESS], mainDeliveryAddressIndex: 0 }, auth(m));
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, m.email));
  return { ...m, userId: row!.id };
}

export async function fillBag(t: TestApp, m: TokenSet, lines: Record<string, number>) {
  for (const [VarianceID, Quantity] of Object.entries(lines)) await t.call(addShoppingBag, { VarianceID, Quantity }, auth(m));
}

/** Tokenises a test card and saves it to the member; the saved card's id. */
export async function saveCard(t: TestApp, m: TokenSet, number: string): Promise<string> {
  const { PaymentMethodID } = await t.call(addCreditCard, { number, exp_month: 12, exp_year: 2030, cvc: '123' }, auth(m));
  return (await t.call(addPaymentMehtod, { PaymentMethodID }, auth(m))).PaymentMethod.id;
}

/** A member call expected to be refused: its HTTP status and error envelope. */
export async function refused(t: TestApp, call: string, body: unknown, m?: TokenSet) {
  const r = await t.raw(`/api/${call}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(m ? auth(m) : {}) },
    body: JSON.stringify(body),
  });
  return { status: r.status, json: r.json as ErrorEnvelope & Record<string, unknown> };
}

export async function stockOf(t: TestApp, varianceId: string): Promise<number> {
  const [row] = await t.db.select({ stock: variances.stock }).from(variances).where(eq(variances.id, varianceId));
  return row!.stock;
}

export async function setStock(t: TestApp, varianceId: string, stock: number) {
  await t.db.update(variances).set({ stock }).where(eq(variances.id, varianceId));
  // Written behind the app's back: its product pages must not answer from before.
  t.deps.productCache.clear();
}

export const orderOf = async (t: TestApp, m: TokenSet, orderID: string) => (await t.call(getProductOrder, { orderID }, auth(m))).Order;

/** Delivers every webhook the sandbox has scheduled (and what delivering schedules). */
export const deliverWebhooks = (t: TestApp) => t.payments.scheduler.runAll();

/** Follows the browser through a sandbox hosted page: press a button, come back through the return URL. */
export async function pressOnHostedPage(t: TestApp, redirectUrl: string, action: 'approve' | 'decline') {
  const pagePath = new URL(redirectUrl).pathname;
  const page = await t.raw(pagePath);
  if (page.status !== 200) throw new Error(`hosted page answered ${page.status}`);
  const pressed = await t.raw(`${pagePath}/${action}`, { method: 'POST' });
  if (pressed.status !== 303) throw new Error(`pressing ${action} answered ${pressed.status}`);
  const back = new URL(pressed.headers.get('location')!);
  const returned = await t.raw(`${back.pathname}${back.search}`);
  if (returned.status !== 303) throw new Error(`the return URL answered ${returned.status}`);
  return { page: page.text, returnUrl: back, spaPath: returned.headers.get('location')! };
}
