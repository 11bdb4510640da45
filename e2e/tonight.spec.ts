/**
 * Tonight (issue 31) in Chromium: the demo member, checked in at today's gathering, adds a pour to the cart and
 * takes it out again (the order and its FPS payment are tests/ui/tonight.test.tsx's: an order here would show in
 * the demo member's orders for the other specs); the table at two phones and a desktop, in English and Chinese.
 */
import { atEveryWidth, expect, freshMember, logIn, shoot, test } from './support.ts';

const SHOTS = 'test-results/shots/tonight';

for (const locale of ['en', 'zh-Hant'] as const) {
  test(`the table at tonight’s gathering, ${locale}: nothing overflows`, async ({ page }) => {
    await page.goto('/home');
    await logIn(page, 'demo@sipandgather.hk', 'SipGather2026');
    await page.evaluate((l) => localStorage.setItem('sg.locale', l), locale);
    await page.goto('/tonight');
    const words =
      locale === 'en'
        ? { pours: 'Poured tonight', add: 'Add Yame Gyokuro', less: 'One less Yame Gyokuro' }
        : { pours: '今晚品飲', add: '加入八女玉露', less: '減少一份八女玉露' };
    const pours = page.getByRole('region', { name: words.pours });
    await expect(pours.locator('.pour').first()).toBeVisible();
    await pours.getByRole('button', { name: words.add }).click();
    const cart = page.locator('.tonight-cart');
    await expect(cart.locator('.cart-lines li')).toHaveCount(1);
    await atEveryWidth(page, `Tonight (${locale})`, (width) => shoot(page, { path: `${SHOTS}/table-${locale}-${width}.png`, fullPage: true }));
    await cart.getByRole('button', { name: words.less }).click();
    await expect(cart.locator('.cart-lines li')).toHaveCount(0);
  });
}

test('a member without a ticket is offered a place at the door, in English and Chinese: nothing overflows', async ({ page, request }) => {
  await freshMember(page, request, 'at-the-door');
  await page.goto('/tonight');
  await expect(page.getByRole('button', { name: /^Buy a place at Matcha Whisking Workshop/ })).toBeVisible();
  await atEveryWidth(page, 'Tonight at the door (en)', (width) => shoot(page, { path: `${SHOTS}/door-en-${width}.png`, fullPage: true }));
  await page.evaluate(() => localStorage.setItem('sg.locale', 'zh-Hant'));
  await page.reload();
  await expect(page.getByRole('button', { name: /^購買入場名額/ }).first()).toBeVisible();
  await atEveryWidth(page, 'Tonight at the door (zh-Hant)', (width) => shoot(page, { path: `${SHOTS}/door-zh-${width}.png`, fullPage: true }));
});
