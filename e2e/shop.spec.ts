import type { Page } from '@playwright/test';
import { expect, freshMember, signOut, test } from './support.ts';

// With the motion a visitor sees by default (the rest of the suite asks for less: playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

async function search(page: Page, keyword: string) {
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await dialog.getByRole('combobox', { name: 'Search' }).fill(keyword);
  await dialog.getByRole('combobox', { name: 'Search' }).press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: `Results for “${keyword}”` })).toBeVisible();
}

const results = (page: Page) => page.getByRole('main').getByRole('list', { name: 'Search results' });

test('a member searches, filters, saves, fills the bag, tries two coupons and more than the stock', async ({ page, request }) => {
  await freshMember(page, request, 'shopper');

  // English, with a typo the search forgives.
  await search(page, 'oolong');
  await expect(results(page).getByRole('link', { name: /Dong Ding Oolong/ })).toBeVisible();
  await search(page, 'tieguanyn');
  await expect(results(page).getByRole('link', { name: /Anxi Tieguanyin/ })).toBeVisible();

  // Chinese: 鐵觀音 finds the tea by its Chinese name.
  await search(page, '鐵觀音');
  await expect(results(page).getByRole('link', { name: /Anxi Tieguanyin/ })).toBeVisible();

  // Filter to tea, sort by price: the cheapest tea comes first and every card is tea.
  await search(page, 'tea');
  await page.getByRole('button', { name: /Filter and sort/ }).click();
  const filters = page.getByRole('dialog', { name: 'Filter and sort' });
  await filters.getByRole('group', { name: 'Product type' }).getByRole('checkbox', { name: /^Tea/ }).check();
  await filters.getByRole('radio', { name: 'Price: low to high' }).check();
  await filters.getByRole('button', { name: 'Show results' }).click();
  await expect(page).toHaveURL(/sort=priceAsc/);
  const amounts = async () =>
    (await results(page).locator('.price').allTextContents()).map((p) => Number(p.replace(/[^\d.]/g, '')));
  // The list refetches for the new filters: wait for it to settle in price order.
  await expect.poll(async () => {
    const shown = await amounts();
    return shown.length > 1 && shown.every((a, i) => i === 0 || shown[i - 1]! <= a);
  }).toBe(true);
  await expect(results(page).getByRole('link', { name: /Yixing Clay Teapot/ })).toHaveCount(0);

  // Save one to the wishlist from its page.
  await page.goto('/product/tea-da-hong-pao');
  await page.getByRole('button', { name: 'Save to wishlist' }).first().click();
  await expect(page.getByRole('button', { name: 'Remove from wishlist' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Wishlist', exact: true }).click();
  await expect(page.getByRole('dialog', { name: /Wishlist/ }).getByText(/Da Hong Pao/).first()).toBeVisible();
  await page.keyboard.press('Escape');

  // Two products into the bag.
  const addForm = page.getByRole('form', { name: 'Add to bag' });
  await addForm.getByRole('button', { name: 'Add to bag' }).click();
  await expect(page.getByRole('link', { name: 'Shopping bag, 1 item' })).toBeVisible();
  await page.goto('/product/tea-tieguanyin');
  await page.getByRole('radio', { name: /150 g/ }).check();
  await addForm.getByRole('button', { name: 'Add to bag' }).click();
  await expect(page.getByRole('link', { name: 'Shopping bag, 2 items' })).toBeVisible();

  await page.getByRole('link', { name: 'Shopping bag, 2 items' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping bag' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Summary' });
  // 268.00 (Da Hong Pao 50 g) + 458.00 (Tieguanyin 150 g).
  await expect(summary).toContainText('HK$726.00');

  // A valid coupon: 10 % off 726.00 = 72.60; 653.40 ships free in Hong Kong, no tax.
  await page.getByRole('textbox', { name: 'Coupon code' }).fill('welcome10');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(summary).toContainText('−HK$72.60');
  await expect(summary.getByText('HK$653.40')).toBeVisible();

  // An expired one: its message shows, the coupon is dropped, and the bag is as it was.
  await page.getByRole('textbox', { name: 'Coupon code' }).fill('EXPIRED2025');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Coupon EXPIRED2025 has expired.' })).toBeVisible();
  await expect(summary).not.toContainText('72.60');
  await expect(summary).toContainText('HK$726.00');
  await expect(page.getByRole('list', { name: 'Items in your bag' }).getByRole('listitem')).toHaveCount(2);

  // More than the stock (3 left of the 150 g tin): the stepper stops at 3 and says so.
  const quantity = page.getByRole('spinbutton', { name: 'Quantity of Anxi Tieguanyin' });
  await quantity.fill('5');
  await quantity.press('Enter');
  await expect(quantity).toHaveValue('3');
  await expect(page.getByRole('list', { name: 'Items in your bag' }).getByText('Only 3 left')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Increase quantity of Anxi Tieguanyin' })).toBeDisabled();
  // 268.00 + 3 × 458.00.
  await expect(summary).toContainText('HK$1,642.00');
  await expect(page.getByRole('link', { name: 'Shopping bag, 2 items' })).toBeVisible();

  // The phone layout holds a member's whole top bar: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test("a visitor's add to bag is made once they have logged in", async ({ page, request }) => {
  const { email } = await freshMember(page, request, 'visitor');
  await signOut(page);

  await page.goto('/product/tea-tieguanyin');
  await page.getByRole('radio', { name: /150 g/ }).check();
  const addForm = page.getByRole('form', { name: 'Add to bag' });
  await addForm.getByRole('button', { name: 'Increase quantity' }).click();
  await addForm.getByRole('button', { name: 'Add to bag' }).click();

  // The login popup says why it opened.
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await expect(dialog).toHaveAccessibleDescription('Log in to add Anxi Tieguanyin to your bag.');
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Password').fill('Oolong2026');
  await dialog.getByRole('button', { name: 'Log in' }).click();

  await expect(addForm.getByText('Added to your bag.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Shopping bag, 1 item' })).toBeVisible();
  await page.getByRole('link', { name: 'Shopping bag, 1 item' }).click();
  await expect(page.getByRole('spinbutton', { name: 'Quantity of Anxi Tieguanyin' })).toHaveValue('2');
});
