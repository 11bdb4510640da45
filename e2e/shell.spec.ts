import { expect, test } from './support.ts';

/**
 * Issue 14, Fast: the first paint does not wait for JavaScript. The server writes the page's title and
 * a static first paint (top bar, heading, the largest picture, skeletons) into the HTML; React replaces
 * it on its first render.
 */
test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a product page shows its title, the top bar, its name and its picture', async ({ page }) => {
    const answer = await page.goto('/product/tea-tieguanyin');
    expect(answer?.status()).toBe(200);
    await expect(page).toHaveTitle('Anxi Tieguanyin · Sip & Gather');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sip & Gather home' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Anxi Tieguanyin' })).toBeVisible();
    const picture = page.getByRole('img', { name: 'Anxi Tieguanyin' });
    await expect(picture).toBeVisible();
    // Loaded and laid out at its size (no script involved).
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const box = (await picture.boundingBox())!;
    expect(box.width).toBeGreaterThan(200);
    expect(Math.abs(box.width - box.height)).toBeLessThan(2);
  });

  test('the home page shows the first big banner with its title', async ({ page }) => {
    await page.goto('/home');
    await expect(page).toHaveTitle('Tea, coffee, incense and spirits · Sip & Gather');
    await expect(page.getByText('Autumn Oolong Festival')).toBeVisible();
    await expect.poll(() => page.locator('#root img').first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });

  test('a product that does not exist answers 404 with the not-found page', async ({ page }) => {
    const answer = await page.goto('/product/no-such-tea');
    expect(answer?.status()).toBe(404);
    await expect(page).toHaveTitle('Page not found · Sip & Gather');
    await expect(page.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible();
  });
});

test('with JavaScript, the SPA replaces the first paint with the page itself', async ({ page }) => {
  await page.goto('/product/tea-tieguanyin');
  // The top bar's buttons come with the SPA only.
  await expect(page.getByRole('banner').getByRole('button', { name: 'Search' })).toBeVisible();
  await expect(page.locator('.app.shell')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Anxi Tieguanyin' })).toHaveCount(1);
  await expect(page).toHaveTitle('Anxi Tieguanyin · Sip & Gather');

  // The SPA's not-found page on a 404 answer.
  const answer = await page.goto('/product/no-such-tea');
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole('link', { name: 'Browse new arrivals' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found · Sip & Gather');
});
