import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { atProductCheckout as atCheckout, chooseMethod, payByNewCard } from './checkout-support.ts';
import { expect, logIn, test } from './support.ts';

async function orderUnderTab(page: Page, tab: string) {
  await page.goto('/home');
  await page.getByRole('button', { name: 'Account and settings' }).click();
  await page.getByRole('button', { name: 'My orders' }).click();
  const orders = page.getByRole('dialog', { name: 'My orders' });
  await orders.getByRole('tab', { name: tab }).click();
  await expect(orders.getByRole('link', { name: /^Order / })).toHaveCount(1);
}

test('a card that pays, a card that is declined, and a card that asks for an extra confirmation', async ({ page, request }) => {
  await atCheckout(page, request, 'card');
  await payByNewCard(page, '4000000000000002');
  // Declined at checkout: payment_fail says so, with the placed order's number.
  await expect(page).toHaveURL(/\/payment_fail\?.*code=PaymentFail/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment failed' })).toBeVisible();
  await expect(page.getByText('Payment failed, please use another payment method or try again later')).toBeVisible();
  await expect(page.getByText(/^Order number /)).toBeVisible();

  // The same order, paid again with a card that asks the issuer to confirm.
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page.getByText(/^Visa ending in 0002/)).toBeVisible();
  await payByNewCard(page, '4000002760003184', { again: true });
  await expect(page.getByRole('heading', { name: /Card authentication \(sandbox\)/ })).toBeVisible();
  await page.getByRole('button', { name: /Complete authentication/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  await orderUnderTab(page, 'In process');
});

test('a plain card payment goes straight to the confirmation', async ({ page, request }) => {
  await atCheckout(page, request, 'card-ok');
  await payByNewCard(page, '4242424242424242');
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  await orderUnderTab(page, 'In process');
});

test('Alipay: paid on its page, and cancelled on its page', async ({ page, request }) => {
  await atCheckout(page, request, 'alipay');
  await chooseMethod(page, /Alipay/);
  await page.getByRole('button', { name: /^Place order/ }).click();
  await expect(page.getByRole('heading', { name: /Alipay \(sandbox\)/ })).toBeVisible();
  await page.getByRole('button', { name: /Cancel/ }).click();
  await expect(page).toHaveURL(/\/payment_fail/);
  await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible();

  // Back from the provider's page: the same order can be paid again, by Alipay again.
  await page.getByRole('link', { name: 'Try again' }).click();
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByRole('heading', { name: /Alipay \(sandbox\)/ })).toBeVisible();
  await page.getByRole('button', { name: /Pay/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  await orderUnderTab(page, 'In process');
});

test('FPS: the bank pays the QR and the confirmation appears by itself', async ({ page, request }) => {
  await atCheckout(page, request, 'fps');
  await chooseMethod(page, /FPS/);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/checkout'));
  await page.getByRole('button', { name: /^Place order/ }).click();
  const { PaymentID } = await (await answer).json();
  const popup = page.getByRole('dialog', { name: 'Pay with FPS' });
  await expect(popup.getByRole('img', { name: /^FPS QR code for order / })).toBeVisible();
  await expect(popup.getByRole('timer')).toContainText(/^(10:00|09:5\d)/);

  // The bank's notification (the sandbox's stand-in); no click on the page.
  expect((await request.post(`/api/payments/sandbox/fps/${PaymentID}/pay`)).ok()).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible({ timeout: 20_000 });
  await orderUnderTab(page, 'In process');
});

test('FPS on a phone: the QR is saved as an image a banking app can scan, and the confirmation appears', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await atCheckout(page, request, 'fps-phone');
  await chooseMethod(page, /FPS/);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/checkout'));
  await page.getByRole('button', { name: /^Place order/ }).click();
  const { PaymentID, Fps } = await (await answer).json();
  const popup = page.getByRole('dialog', { name: 'Pay with FPS' });
  await expect(popup.getByRole('timer')).toBeVisible();
  const reference = (await popup.locator('.fps-reference').textContent())!.trim();

  const download = page.waitForEvent('download');
  await popup.getByRole('button', { name: 'Save QR image' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe(`FPS-${reference}.png`);
  await expect(popup.getByRole('status').filter({ hasText: 'The QR image is saved to your downloads.' })).toBeVisible();

  // What a banking app reads from the saved picture is the QR's own payload (decoded here with jsQR).
  const png = readFileSync((await saved.path())!);
  expect([...png.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  // Decoded here rather than in the page: carrying every pixel back from the page as a JSON array took over two
  // minutes on a busy machine.
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const decoded = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
  expect(decoded?.data).toBe(Fps.QRCode);
  expect(decoded?.data).toContain(reference);

  expect((await request.post(`/api/payments/sandbox/fps/${PaymentID}/pay`)).ok()).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible({ timeout: 20_000 });
  // Good news looks like good news, not like a warning (the shop's --ok green).
  const confirmed = page.getByText(/^Your order is confirmed and paid/);
  await expect(confirmed).toHaveCSS('border-left-color', 'rgb(47, 106, 64)');
});

test('FPS: after ten minutes unpaid the QR expires', async ({ page, request }) => {
  await page.clock.install();
  await atCheckout(page, request, 'fps-expiry');
  await chooseMethod(page, /FPS/);
  await page.getByRole('button', { name: /^Place order/ }).click();
  const popup = page.getByRole('dialog', { name: 'Pay with FPS' });
  await expect(popup.getByRole('timer')).toBeVisible();
  await page.clock.fastForward('10:01');
  await expect(page.getByText('The 10 minutes to pay are over and the QR code is no longer valid. Your order was not paid.')).toBeVisible();
});

test('the demo member’s history: a shipped order under Completed, one being prepared under In process', async ({ page }) => {
  await page.goto('/home');
  await logIn(page, 'demo@sipandgather.hk', 'SipGather2026');
  await page.getByRole('button', { name: 'Account and settings' }).click();
  await page.getByRole('button', { name: 'My orders' }).click();
  const orders = page.getByRole('dialog', { name: 'My orders' });
  await orders.getByRole('tab', { name: 'Completed' }).click();
  await expect(orders.getByRole('link', { name: 'Order SGDEMO0000000001' })).toBeVisible();
  await expect(orders.getByText(/· Shipped$/)).toBeVisible();
  await orders.getByRole('tab', { name: 'In process' }).click();
  await expect(orders.getByRole('link', { name: 'Order SGDEMO0000000002' })).toBeVisible();
  await expect(orders.getByText(/· Paid, being prepared$/)).toBeVisible();
});
