/**
 * A gathering in two browsers (issue 31): the seed gathering's host watches the room on a phone while the demo
 * member, checked in, orders at the table; the order shows on the host's screen without a reload. The host's
 * screen at two phones and a desktop, in English and Chinese.
 */
import { atEveryWidth, expect, logIn, shoot, test } from './support.ts';

const GATHERING = 'gth-matcha-whisking-0';
const SHOTS = 'test-results/shots/gathering-host';

test('the host sees a member’s order from the table arrive without a reload', async ({ browser, page }) => {
  await page.goto('/home');
  await logIn(page, 'olivia.inspire@sipandgather.hk', 'SipGather2026');
  await page.goto(`/host/${GATHERING}`);
  await expect(page.getByRole('heading', { name: 'In the room (3)' })).toBeVisible();
  const orders = page.getByRole('heading', { name: /^Tonight’s orders \(\d+\)$/ });
  const before = Number((await orders.textContent())!.match(/\((\d+)\)/)![1]);
  await atEveryWidth(page, 'the host’s screen', (width) => shoot(page, { path: `${SHOTS}/host-en-${width}.png`, fullPage: true }));

  const member = await browser.newPage({ extraHTTPHeaders: { 'x-forwarded-for': '198.18.41.9' } });
  await member.goto('/home');
  await logIn(member, 'demo@sipandgather.hk', 'SipGather2026');
  await member.goto('/tonight');
  const pours = member.getByRole('region', { name: 'Poured tonight' });
  await pours.getByRole('button', { name: 'Add Shizuoka Sencha' }).click();
  await expect(member.locator('.tonight-cart .cart-lines li')).toHaveCount(1);
  await member.getByRole('button', { name: 'Order and pay by FPS' }).click();
  await expect(member.getByRole('dialog', { name: 'Pay with FPS' })).toBeVisible();

  // The host's page was not touched: it reads the room every 2 s.
  await expect(page.getByRole('heading', { name: `Tonight’s orders (${before + 1})` })).toBeVisible();
  await expect(page.getByText(/Shizuoka Sencha × 1/)).toBeVisible();
  await member.close();
});

test('the host’s screen in Chinese: nothing overflows', async ({ page }) => {
  await page.goto('/home');
  await logIn(page, 'olivia.inspire@sipandgather.hk', 'SipGather2026');
  await page.evaluate(() => localStorage.setItem('sg.locale', 'zh-Hant'));
  await page.goto(`/host/${GATHERING}`);
  await expect(page.getByRole('heading', { name: '現場人數（3）' })).toBeVisible();
  await atEveryWidth(page, 'the host’s screen (zh-Hant)', (width) => shoot(page, { path: `${SHOTS}/host-zh-${width}.png`, fullPage: true }));
});
