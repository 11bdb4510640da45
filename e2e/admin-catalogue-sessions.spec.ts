/**
 * The back office's sessions and catalogue in Chromium (issue 32), each through the screens as the people who use
 * them: the seeded owner at /admin, new members on their phones, the seeded host at the venue.
 *
 * 1. The owner makes a new session of the coffee cupping at /admin/sessions (starting in a few hours, hosted
 *    by the seeded host, whose member id the form's own suggestions give), and it is listed. A member books a seat
 *    of it from the event page and pays by card; the owner's guest list of the session shows the booking, and its
 *    CSV downloads with a UTF-8 byte order mark and the booker's name. At the venue: naming the host scheduled the
 *    session's gathering; the host opens it from the host's page the owner's list links, with a mailed code, and
 *    checks the member's ticket in by its link; the owner's guest list then shows it checked in.
 * 2. The owner makes a product at /admin/catalogue with one variance (prices in HK$ and US$, 5 in stock), and it is
 *    listed. A member opens its product page, puts it in the bag and buys it by card through the checkout; the
 *    owner's catalogue then shows 4 in stock.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { HONG_KONG_HOME, payByNewCard } from './checkout-support.ts';
import { atEveryWidth, expect, freshMember, latestMailId, logIn, mailedCode, shoot, test } from './support.ts';

const OWNER = 'owner@sipandgather.hk';
const HOST = 'olivia.inspire@sipandgather.hk';
const PASSWORD = 'SipGather2026';
/** An event no other spec books: its new session's gathering is opened here, and other specs book the first session on sale of theirs. */
const EVENT = 'evt-coffee-cupping';
const SHOTS = 'test-results/shots/admin-catalogue-sessions';

/** An instant as a datetime-local value in Hong Kong time (UTC+8 all year), "2026-12-01T19:00". */
const hongKongLocal = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16);

async function ownerAt(page: Page, section: string) {
  await page.goto('/home');
  await logIn(page, OWNER, PASSWORD);
  await page.goto(`/admin/${section}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Back office' })).toBeVisible();
}


test('staff make a session, a member books it, the owner reads its guest list and CSV; the host checks a ticket in', async ({ browser, page, request, baseURL }) => {
  test.setTimeout(240_000);
  // Three hours from the next whole hour: on sale now (from an hour ago) until it starts.
  const now = Date.now();
  const startMs = Math.ceil(now / 3_600_000) * 3_600_000 + 3 * 3_600_000;
  const start = hongKongLocal(startMs);
  const end = hongKongLocal(startMs + 2 * 3_600_000);
  const saleOpens = hongKongLocal(now - 3_600_000);
  const startShown = start.replace('T', ' ');

  // The owner makes the session.
  await ownerAt(page, 'sessions');
  await expect(page.getByRole('heading', { level: 2, name: 'Sessions' })).toBeVisible();
  await page.getByRole('button', { name: 'New session' }).click();
  const form = page.getByRole('dialog', { name: 'New session' });
  await form.getByLabel('Event', { exact: true }).selectOption(EVENT);
  await form.getByLabel('Starts (Hong Kong time)').fill(start);
  await form.getByLabel('Ends (Hong Kong time)').fill(end);
  await form.getByLabel('Capacity (seats)').fill('8');
  await form.getByLabel('Price per seat (HKD)').fill('333');
  await form.getByLabel('Price per seat (USD)').fill('42.50');
  await form.getByLabel('Sale opens (Hong Kong time)').fill(saleOpens);
  // The form asks for the host's member id; the owner's form suggests the people holding a role, by name and e-mail.
  const suggestion = form.locator('datalist option', { hasText: HOST });
  await expect(suggestion).toHaveCount(1);
  const hostId = await suggestion.getAttribute('value');
  expect(hostId).toBeTruthy();
  await form.getByLabel('Host’s member id (optional)').fill(hostId!);
  await expect(form.getByText(`Host: Olivia Chan · ${HOST}`)).toBeVisible();
  await shoot(form, { path: `${SHOTS}/new-session.png` });
  const created = page.waitForResponse((r) => r.url().endsWith('/api/staff-create-session'));
  await form.getByRole('button', { name: 'Create session' }).click();
  const sessionId: string = (await (await created).json()).Session.SessionID;
  await expect(form).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: `on ${startShown} created.` })).toBeVisible();

  // It is listed among the upcoming sessions, with its seats, prices and host.
  await page.getByLabel('Per page').selectOption('100');
  const list = page.getByRole('table', { name: 'Upcoming sessions, soonest first' });
  const guestsOf = page.getByRole('button', { name: new RegExp(`^Guest list of .* on ${startShown}$`) });
  const row = list.getByRole('row').filter({ has: guestsOf });
  await expect(row).toHaveCount(1);
  const guestsButton = row.getByRole('button', { name: /^Guest list of / });
  await expect(row).toContainText('Single-Origin Cupping');
  await expect(row).toContainText('0 sold, 8 left');
  await expect(row).toContainText('HK$333.00');
  await expect(row).toContainText('US$42.50');
  await expect(row).toContainText(HOST);
  await expect(row).toContainText('Scheduled');
  await atEveryWidth(page, 'the sessions with the new one', (width) => shoot(page, { path: `${SHOTS}/sessions-${width}.png`, fullPage: true }));

  // A member books a seat of it from the event page and pays by card.
  const member = await browser.newPage();
  const { email } = await freshMember(member, request, 'new-session');
  await member.goto(`/event/${EVENT}`);
  await expect(member.getByRole('heading', { level: 1, name: /Single-Origin Cupping/ })).toBeVisible();
  const seat = member.getByRole('radio', { name: /HK\$333\.00/ });
  await expect(seat).toHaveAttribute('value', sessionId);
  await seat.check();
  await member.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(member).toHaveURL(new RegExp(`/checkout_event\\?.*varianceID=${sessionId}`));
  await expect(member.getByRole('heading', { level: 1, name: 'Join the event' })).toBeVisible();
  await member.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(member.getByRole('heading', { name: 'Payment' })).toBeVisible();
  await payByNewCard(member);
  await expect(member.getByRole('heading', { level: 1, name: 'You are booked in' })).toBeVisible();

  // The owner's guest list of the session: the booking, and the CSV.
  await page.reload();
  await page.getByLabel('Per page').selectOption('100');
  await expect(row).toContainText('1 sold, 7 left');
  await guestsButton.click();
  await expect(page.getByRole('heading', { name: new RegExp(`^Guests of .*Single-Origin Cupping.*, ${startShown} \\(Hong Kong time\\)$`) })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '1 booking · 1 seat · 0 checked in' })).toBeVisible();
  const booking = page.getByRole('listitem').filter({ hasText: email });
  await expect(booking).toContainText('Ka Yan Wong');
  const tickets = booking.getByRole('table', { name: /^Tickets of booking / });
  await expect(tickets.getByRole('row')).toHaveCount(2);
  await expect(tickets.getByRole('row').nth(1)).toContainText('Not checked in');
  const newTicket = ((await tickets.getByRole('row').nth(1).getByRole('cell').nth(3).textContent()) ?? '').trim();
  expect(newTicket).not.toBe('');
  await atEveryWidth(page, 'the guest list', (width) => shoot(page, { path: `${SHOTS}/guests-${width}.png`, fullPage: true }));
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`guests-${sessionId}.csv`);
  const csv = await readFile((await download.path())!);
  expect([...csv.subarray(0, 3)], 'the UTF-8 byte order mark first').toEqual([0xef, 0xbb, 0xbf]);
  const text = csv.toString('utf8');
  expect(text).toContain('Reference,Booker,Booker e-mail');
  expect(text).toContain('Ka Yan Wong');
  expect(text).toContain(email);
  expect(text).toContain(newTicket);

  // The session's gathering was scheduled with its host: the owner's list links the host's page.
  await page.getByRole('button', { name: 'Back to the sessions' }).click();
  const hostPage = await row.getByRole('link', { name: 'Host’s page' }).getAttribute('href');
  expect(hostPage).toMatch(/^\/host\/gth-/);

  // At the venue: the host opens the new session's gathering with a mailed code and checks the member's ticket in by its link.
  const host = await browser.newPage();
  await host.goto('/home');
  await logIn(host, HOST, PASSWORD);
  await host.goto(hostPage!);
  const before = await latestMailId(request, HOST);
  await host.getByRole('button', { name: 'Send me a code' }).click();
  await expect(host.getByText(/We mailed a 6-digit code to/)).toBeVisible();
  await host.getByLabel('Code').fill(await mailedCode(request, HOST, before));
  await host.getByRole('button', { name: 'Open the gathering' }).click();
  await expect(host.getByRole('heading', { name: 'In the room (0)' })).toBeVisible();
  await host.getByLabel('Ticket link or code').fill(`${baseURL}/activate_ticket/${newTicket}`);
  await host.getByRole('button', { name: 'Check in', exact: true }).click();
  await expect(host.getByText('Ka Yan Wong is in.')).toBeVisible();
  await expect(host.getByRole('heading', { name: 'In the room (1)' })).toBeVisible();
  await host.close();

  // The owner's guest list of the session shows the ticket checked in.
  await guestsButton.click();
  await expect(page.getByRole('status').filter({ hasText: '1 booking · 1 seat · 1 checked in' })).toBeVisible();
  await expect(tickets.getByRole('row').nth(1)).toContainText(/Checked in \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  await member.close();
});

test('the owner makes a product with a variance and stock; a member buys one by card, and the stock shows 4', async ({ browser, page, request }) => {
  test.setTimeout(240_000);
  const word = `Lantau${Date.now().toString(36)}`;
  // Incense, not tea: the product shows among the newest of its type, and other specs read the teas' first page.
  const name = `${word} Agarwood Coil`;

  // The owner makes the product.
  await ownerAt(page, 'catalogue');
  await expect(page.getByRole('heading', { level: 2, name: 'Catalogue' })).toBeVisible();
  await page.getByRole('button', { name: 'New product' }).click();
  const dialog = page.getByRole('dialog', { name: 'New product' });
  await dialog.getByLabel('Product type').selectOption('incense');
  await dialog.getByLabel('Name (English)', { exact: true }).fill(name);
  await dialog.getByLabel('Name (Chinese)', { exact: true }).fill(`${word}沉香盤香`);
  await dialog.getByLabel('Description (English)', { exact: true }).fill('A slow-burning agarwood coil.');
  await dialog.getByLabel('Description (Chinese)', { exact: true }).fill('慢燃沉香盤香。');
  await dialog.getByLabel('Pictures (artwork seeds)').fill('incense-30-2');
  const variance = dialog.getByRole('group', { name: 'Variance 1' });
  await variance.getByLabel('Variance name (English)').fill('50 g');
  await variance.getByLabel('Variance name (Chinese)').fill('50 克');
  await variance.getByLabel('Price in HK$').fill('188');
  await variance.getByLabel('Price in US$').fill('24.50');
  await variance.getByLabel('Units in stock').fill('5');
  await shoot(dialog, { path: `${SHOTS}/new-product.png` });
  await dialog.getByRole('button', { name: 'Make product' }).click();
  await expect(dialog).toBeHidden();
  const made = page.getByRole('status').filter({ hasText: `Product ${name} made (` });
  await expect(made).toBeVisible();
  const productId = /made \(([^)]+)\)\.$/.exec((await made.textContent()) ?? '')?.[1] ?? '';
  expect(productId).toMatch(/^incense-/);

  // It is listed, with its variance's prices and stock.
  const find = page.getByRole('search', { name: 'Find products' });
  const productRow = async () => {
    await find.getByLabel('Name or product id').fill(word);
    await find.getByRole('button', { name: 'Search' }).click();
    const table = page.getByRole('table', { name: 'Products, by id' });
    await expect(table.locator(':scope > tbody > tr')).toHaveCount(1);
    const row = table.locator(':scope > tbody > tr').filter({ hasText: productId });
    await expect(row).toHaveCount(1);
    return row.getByRole('table', { name: `Variances of ${name}` }).getByRole('row', { name: /50 g/ });
  };
  const line = await productRow();
  await expect(line).toContainText('HK$188.00');
  await expect(line).toContainText('US$24.50');
  await expect(line.getByRole('cell').nth(2)).toHaveText('5');
  await atEveryWidth(page, 'the catalogue with the new product', (width) => shoot(page, { path: `${SHOTS}/catalogue-${width}.png`, fullPage: true }));

  // A member opens its page, puts it in the bag and buys it by card.
  const member = await browser.newPage();
  const tokens = await freshMember(member, request, 'new-product');
  const saved = await request.post('/api/user-update-info', {
    data: { accessToken: tokens.accessToken, deliveryAddress: [HONG_KONG_HOME], mainDeliveryAddressIndex: 0 },
    headers: { authorization: `Bearer ${tokens.idToken}` },
  });
  expect(saved.ok(), `user-update-info: ${await saved.text()}`).toBe(true);
  await member.goto(`/product/${productId}`);
  await expect(member.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(member.getByText('HK$188.00').first()).toBeVisible();
  await member.getByRole('form', { name: 'Add to bag' }).getByRole('button', { name: 'Add to bag' }).click();
  await member.getByRole('link', { name: 'Shopping bag, 1 item' }).click();
  await expect(member.getByRole('heading', { level: 1, name: 'Shopping bag' })).toBeVisible();
  await expect(member.getByRole('list', { name: 'Items in your bag' })).toContainText(name);
  await member.getByRole('link', { name: 'Checkout' }).click();
  await expect(member.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(member.getByRole('radio', { name: /1 Harbour Road/ })).toBeChecked();
  await member.getByRole('button', { name: 'Continue to payment' }).click();
  await payByNewCard(member);
  await expect(member.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  await expect(member.getByText(name).first()).toBeVisible();
  await member.close();

  // The owner's catalogue: one sold, 4 left.
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Catalogue' })).toBeVisible();
  await expect((await productRow()).getByRole('cell').nth(2)).toHaveText('4');
});
