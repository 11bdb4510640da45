/**
 * The back office in Chromium (issue 32), in two browsers: the seeded owner at /admin, a new member on their phone
 * (new members, so that the demo member's orders stay as the other specs expect).
 *
 * 1. A member buys a Long Jing tin by card; the owner finds it under "To pack", ships it with a tracking number;
 *    the member's orders show it under Completed with that number.
 * 2. A member's FPS order is left unpaid until it expires, then the bank's notice of the transfer arrives (the
 *    sandbox provider's signed webhook, as the bank's stand-in): the money is owed back. The owner sees the refund
 *    open at /admin/refunds, pays it out as a bank transfer with its reference, and it shows paid, with nothing left
 *    to press. The shop has no test clock, so this test runs a server of its own (as event-survey.spec does): the
 *    order is placed at the real time, and the server started again with its clock (e2e/shifted-clock.mjs) past the
 *    10 minutes FPS gives; the webhook is signed with the secret that server was given (SANDBOX_WEBHOOK_SECRET).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { request as playwrightRequest, type Page } from '@playwright/test';
import { atProductCheckout, chooseMethod, payByNewCard } from './checkout-support.ts';
import { atEveryWidth, expect, logIn, shoot, test } from './support.ts';

const OWNER = 'owner@sipandgather.hk';
const PASSWORD = 'SipGather2026';
const SHOTS = 'test-results/shots/admin';

/** Pays by a new card (the sandbox's test card); answers the order placed. */
async function payByNewCardForOrder(page: Page, number: string): Promise<string> {
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/checkout'));
  await payByNewCard(page, number);
  return (await answer).json().then((start: { OrderID: string }) => start.OrderID);
}

test('staff ship a paid order with a tracking number, and the member sees it under Completed', async ({ browser, page, request }) => {
  // The member buys a tin by card on their phone.
  const member = await browser.newPage();
  const { email, idToken } = await atProductCheckout(member, request, 'shipped');
  const orderID = await payByNewCardForOrder(member, '4242424242424242');
  await expect(member.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  const placed = await request.post('/api/get-product-order', { data: { orderID }, headers: { authorization: `Bearer ${idToken}` } });
  const reference: string = (await placed.json()).Order.Reference;

  // The owner finds it among the parcels to pack: by the status filter and the member's e-mail.
  await page.goto('/home');
  await logIn(page, OWNER, PASSWORD);
  await page.goto('/admin/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Back office' })).toBeVisible();
  const filters = page.getByRole('search', { name: 'Find orders' });
  await filters.getByLabel('Status').selectOption({ label: 'To pack (paid, not shipped)' });
  await filters.getByLabel('Reference or e-mail').fill(email);
  await filters.getByRole('button', { name: 'Search' }).click();
  const table = page.getByRole('table', { name: 'Orders, newest first' });
  const row = table.getByRole('row').filter({ hasText: reference });
  await expect(row).toHaveCount(1);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(row).toContainText('Paid, being prepared');
  await atEveryWidth(page, 'the orders to pack', (width) => shoot(page, { path: `${SHOTS}/orders-to-pack-${width}.png`, fullPage: true }));

  await row.getByRole('button', { name: `Ship order ${reference}` }).click();
  const ship = page.getByRole('dialog', { name: `Ship order ${reference}` });
  await expect(ship).toContainText(email);
  // Nothing typed: the form says what is missing and sends nothing.
  await ship.getByRole('button', { name: 'Mark as shipped' }).click();
  await expect(ship.getByText('Enter the courier’s tracking number (at most 60 characters).')).toBeVisible();
  await ship.getByLabel('Tracking number').fill('SF1234567890HK');
  await shoot(ship, { path: `${SHOTS}/ship-dialog.png` });
  await ship.getByRole('button', { name: 'Mark as shipped' }).click();
  await expect(ship).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: `Order ${reference} shipped with tracking number SF1234567890HK.` })).toBeVisible();
  // No longer to pack; among the shipped, with its tracking number and no Ship button.
  await expect(table.getByText('No orders match these filters.')).toBeVisible();
  await filters.getByLabel('Status').selectOption({ label: 'Shipped' });
  await expect(row).toContainText('Tracking: SF1234567890HK');
  await expect(row.getByRole('button', { name: `Ship order ${reference}` })).toHaveCount(0);

  // The member's orders: under Completed, shipped, with the courier's number.
  await member.goto('/home');
  await member.getByRole('button', { name: 'Account and settings' }).click();
  await member.getByRole('button', { name: 'My orders' }).click();
  const orders = member.getByRole('dialog', { name: 'My orders' });
  await orders.getByRole('tab', { name: 'In process' }).click();
  await expect(orders.getByText('No orders here.')).toBeVisible();
  await orders.getByRole('tab', { name: 'Completed' }).click();
  const shipped = orders.getByRole('listitem').filter({ has: member.getByRole('link', { name: `Order ${reference}` }) });
  await expect(shipped).toContainText(/· Shipped/);
  await expect(shipped.getByText('Tracking: SF1234567890HK')).toBeVisible();
  await atEveryWidth(member, 'the member’s completed orders', (width) => shoot(member, { path: `${SHOTS}/member-completed-${width}.png`, fullPage: true }));
  await member.close();
});

test.describe('a late payment', () => {
  const PORT = Number(process.env.ADMIN_E2E_PORT ?? Number(process.env.E2E_PORT ?? 4173) + 2);
  const BASE = `http://127.0.0.1:${PORT}`;
  const DATA_DIR = `.tmp/e2e-admin-data-${PORT}`;
  /** The sandbox provider's webhook secret on this server (README: SANDBOX_WEBHOOK_SECRET), so the bank's notice can be signed. */
  const WEBHOOK_SECRET = 'whsec_e2e_admin_refunds';
  const root = fileURLToPath(new URL('..', import.meta.url));

  test.use({ baseURL: BASE });

  let server: ChildProcess | undefined;
  let clockOffsetMs = 0;

  async function startServer(offsetMs: number) {
    clockOffsetMs = offsetMs;
    const child = spawn('npx', ['tsx', 'server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR,
        TRUST_PROXY: '1',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        PUBLIC_URL: BASE,
        SANDBOX_WEBHOOK_SECRET: WEBHOOK_SECRET,
        // Overdue orders are looked for every second, not every 15.
        JOBS_INTERVAL_SECONDS: '1',
        SG_CLOCK_OFFSET_MS: String(offsetMs),
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${root}e2e/shifted-clock.mjs`.trim(),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true,
    });
    server = child;
    const api = await playwrightRequest.newContext({ baseURL: BASE });
    await expect
      .poll(async () => (await api.get('/api/getNavigationMenu').catch(() => undefined))?.ok() ?? false, { timeout: 120_000, intervals: [500] })
      .toBe(true);
    await api.dispose();
  }

  async function stopServer() {
    const child = server;
    server = undefined;
    if (!child?.pid) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid, 'SIGTERM');
    await exited;
  }

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    rmSync(`${root}${DATA_DIR}`, { recursive: true, force: true });
    mkdirSync(`${root}.tmp`, { recursive: true });
    await startServer(0);
  });

  test.afterAll(async () => {
    await stopServer();
  });

  test('an expired FPS order’s late transfer is owed back as an open refund, and the owner pays it out once', async ({ browser, page, request }) => {
    test.setTimeout(240_000);
    // The member places an FPS order and does not pay it in the 10 minutes.
    const member = await browser.newPage();
    const { email, idToken } = await atProductCheckout(member, request, 'late-fps');
    await chooseMethod(member, /FPS/);
    const answer = member.waitForResponse((r) => r.url().endsWith('/api/checkout'));
    await member.getByRole('button', { name: /^Place order/ }).click();
    const start = await (await answer).json();
    await expect(member.getByRole('dialog', { name: 'Pay with FPS' }).getByRole('timer')).toBeVisible();
    const reference: string = start.Fps.Reference;
    await member.close();

    // Eleven minutes later (the server started again with its clock moved on), the order has expired.
    await stopServer();
    await startServer(11 * 60_000);
    const order = async () => {
      const got = await request.post('/api/get-product-order', { data: { orderID: start.OrderID }, headers: { authorization: `Bearer ${idToken}` } });
      expect(got.ok(), `get-product-order: ${await got.text()}`).toBe(true);
      return (await got.json()).Order;
    };
    await expect.poll(async () => (await order()).PaymentStatus, { timeout: 20_000 }).toBe('Expired');
    expect((await order()).Reference).toBe(reference);

    // Then the bank's notice of the member's transfer arrives: the order cannot take it, so it is owed back.
    const now = Math.floor((Date.now() + clockOffsetMs) / 1000);
    const body = JSON.stringify({
      id: `evt_e2e_late_${start.PaymentID}`,
      type: 'payment_intent.succeeded',
      created: now,
      data: { object: { id: start.PaymentID, method: 'fps', status: 'succeeded', amount: start.Fps.AmountHKD, currency: 'HKD', metadata: { orderRef: reference } } },
    });
    const signature = `t=${now},v1=${createHmac('sha256', WEBHOOK_SECRET).update(`${now}.${body}`).digest('hex')}`;
    const notice = await request.post('/api/payments/webhook', { data: body, headers: { 'content-type': 'application/json', 'sandbox-signature': signature } });
    expect(notice.ok(), `webhook: ${await notice.text()}`).toBe(true);
    expect(await notice.json()).toMatchObject({ received: true, outcome: 'refund' });
    expect((await order()).PaymentStatus).toBe('Expired');

    // The owner's refunds: owed, oldest first.
    await page.goto('/home');
    await logIn(page, OWNER, PASSWORD);
    await page.goto('/admin/refunds');
    const owed = page.getByRole('table', { name: 'Refunds owed, oldest first' });
    const row = owed.getByRole('row').filter({ hasText: reference });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Shop order');
    await expect(row).toContainText('FPS');
    await expect(row).toContainText('Paid after the order expired');
    await expect(row).toContainText('Open');
    await atEveryWidth(page, 'the refunds owed', (width) => shoot(page, { path: `${SHOTS}/refunds-owed-${width}.png`, fullPage: true }));

    // FPS money goes back by a bank transfer the owner makes: its reference is asked for before anything is paid.
    await row.getByRole('button', { name: `Pay out the refund of order ${reference}` }).click();
    const payout = page.getByRole('alertdialog', { name: `Pay out the refund of order ${reference}` });
    await expect(payout.getByText('It goes back by a bank transfer you make; record its reference here.')).toBeVisible();
    await payout.getByRole('button', { name: 'Pay out' }).click();
    await expect(payout.getByText('Enter the bank transfer’s reference (at most 100 characters).')).toBeVisible();
    await payout.getByLabel('Bank transfer reference').fill('HSBC-FT-0042');
    await shoot(payout, { path: `${SHOTS}/payout-dialog.png` });
    await payout.getByRole('button', { name: 'Pay out' }).click();
    await expect(payout.getByRole('status')).toHaveText('Paid out. Bank transfer reference: HSBC-FT-0042.');
    await payout.getByRole('button', { name: 'Done' }).click();
    await expect(payout).toBeHidden();

    // No longer owed; among the paid, with its bank reference and nothing to press.
    await expect(row).toHaveCount(0);
    await page.getByLabel('Show').selectOption({ label: 'Paid' });
    const paid = page.getByRole('table', { name: 'Refunds, newest first' }).getByRole('row').filter({ hasText: reference });
    await expect(paid).toContainText(/Paid .*HSBC-FT-0042/);
    await expect(paid.getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Pay out the refund of order ${reference}` })).toHaveCount(0);
    await atEveryWidth(page, 'the refunds paid', (width) => shoot(page, { path: `${SHOTS}/refunds-paid-${width}.png`, fullPage: true }));

    // The member is told, once.
    const mails = async () => {
      const outbox = await (await request.get(`/api/dev/outbox?email=${encodeURIComponent(email)}`)).json();
      return (outbox.Mails as { subject?: string }[]).filter((mail) => /refund/i.test(mail.subject ?? ''));
    };
    await expect.poll(async () => (await mails()).length).toBe(1);
  });
});
