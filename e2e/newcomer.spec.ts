import { expect, test } from './support.ts';

// With the motion a visitor sees by default (the rest of the suite asks for less: playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

test('a newcomer browses, switches language and currency, reads an information page and goes back', async ({ page, request }) => {
  // Prices come from the server, never from the test: ask it what the USD price is.
  const usd = await (await request.post('/api/getProduct', { data: { Currency: 'USD', ProductID: 'tea-tieguanyin' } })).json();
  const usdPrice = `US$${(usd.Product.Variances[0].Price / 100).toFixed(2)}`;

  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Shop by type' })).toBeVisible();

  // From Hong Kong, prices start in HKD.
  await expect(page.getByRole('button', { name: 'Currency' })).toHaveText('HKD');

  await page.getByRole('link', { name: 'Tea', exact: true }).first().click();
  await expect(page).toHaveURL(/\/new_in\/tea$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tea' })).toBeVisible();

  await page.getByRole('link', { name: /Anxi Tieguanyin/ }).click();
  await expect(page).toHaveURL(/\/product\/tea-tieguanyin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Anxi Tieguanyin' })).toBeVisible();
  await expect(page.locator('.product-price')).toHaveText('HK$168.00');
  await expect(page.getByText('In stock')).toBeVisible();

  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('dialog').getByText('繁體中文').click();
  await expect(page.getByRole('heading', { level: 1, name: '安溪鐵觀音' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant');
  await expect(page.getByText('有貨')).toBeVisible();

  await page.getByRole('button', { name: '貨幣' }).click();
  await page.getByRole('dialog').getByText(/USD/).click();
  await expect(page.locator('.product-price')).toHaveText(usdPrice);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('contentinfo').getByRole('link', { name: '常見問題' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('常見問題');

  await page.goBack();
  await expect(page).toHaveURL(/\/product\/tea-tieguanyin$/);
  await expect(page.getByRole('heading', { level: 1, name: '安溪鐵觀音' })).toBeVisible();
  await expect(page.locator('.product-price')).toHaveText(usdPrice);

  // The choices persist across a reload of a deep link.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: '安溪鐵觀音' })).toBeVisible();
  await expect(page.locator('.product-price')).toHaveText(usdPrice);
});

test('a deep link to a product works on first load and on reload', async ({ page }) => {
  await page.goto('/product/coffee-yirgacheffe');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.stock')).toHaveText('Out of stock');
  await page.reload();
  await expect(page.locator('.stock')).toHaveText('Out of stock');
  await page.goto('/product/no-such-product');
  await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
});

test('every information page opens from the footer', async ({ page }) => {
  await page.goto('/home');
  for (const path of ['about', 'contact_us', 'ship_return_policy', 'got_question', 'faq', 'privacy_policy', 'terms_and_conditions']) {
    await page.goto(`/${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('article.prose p').first()).toBeVisible();
  }
});
