/**
 * Every section of the back office (issue 32) as the seeded owner sees it, and "My sessions" as the seeded host
 * sees it, at 360 and 390 px and on a desktop, in English and Chinese: each section opens with its heading and its
 * data (no error in words), and nothing widens the page. With E2E_SHOTS=1 each is captured for a person to judge.
 * It only reads: it shares the server with the specs that change the shop.
 */
import type { Page } from '@playwright/test';
import { atEveryWidth, expect, LAYOUT_WIDTHS, logIn, resizeTo, shoot, test } from './support.ts';

const OWNER = 'owner@sipandgather.hk';
const HOST = 'olivia.inspire@sipandgather.hk';
const PASSWORD = 'SipGather2026';
const SHOTS = 'test-results/shots/admin-sections';

const SECTIONS = ['dashboard', 'orders', 'refunds', 'coupons', 'subscriptions', 'events', 'sessions', 'surveys', 'catalogue', 'gatherings', 'nfc', 'content', 'enquiries', 'staff', 'audit_log'];

async function signedInAs(page: Page, email: string, locale: 'en' | 'zh-Hant') {
  await page.goto('/home');
  await logIn(page, email, PASSWORD);
  await page.evaluate((l) => localStorage.setItem('sg.locale', l), locale);
  await resizeTo(page, LAYOUT_WIDTHS[0]);
}

/** The section at `section` has loaded: its heading shows, nothing says it failed, no "Loading" is left. */
async function sectionShown(page: Page, section: string, locale: string) {
  await page.goto(`/admin/${section}`);
  const frame = page.locator('.admin-frame');
  await expect(frame.getByRole('heading', { level: 2 }).first(), section).toBeVisible();
  await expect(frame.locator('[aria-busy="true"]'), `${section} still loading`).toHaveCount(0);
  await expect(frame.getByRole('alert'), `${section} shows an error`).toHaveCount(0);
  await atEveryWidth(page, `/admin/${section} (${locale})`, (width) => shoot(page, { path: `${SHOTS}/${section}-${locale}-${width}.png`, fullPage: true }));
}

for (const locale of ['en', 'zh-Hant'] as const) {
  test(`every back-office section, ${locale}: it opens with its data and nothing overflows at 360, 390 and 1280 px`, async ({ page }) => {
    test.setTimeout(240_000);
    await signedInAs(page, OWNER, locale);
    for (const section of SECTIONS) await sectionShown(page, section, locale);
  });
}

test('a host sees only their own sessions, in Chinese too, and nothing overflows', async ({ page }) => {
  test.setTimeout(120_000);
  await signedInAs(page, HOST, 'zh-Hant');
  await page.goto('/admin/orders');
  // A host asking for a staff section is taken to their sessions.
  await expect(page).toHaveURL(/\/admin\/my_sessions/);
  await expect(page.locator('.admin-nav').getByRole('link')).toHaveCount(1);
  await sectionShown(page, 'my_sessions', 'zh-Hant');
});
