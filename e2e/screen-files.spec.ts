import { expect, test } from './support.ts';

/**
 * Issue 30: a first visit's page names its screen's files (the server's #sg-screen-files), and index.html's loader
 * asks for them once the page has painted, at low priority, as modules the SPA then finds loaded. The loader is an
 * inline script: the suite's Content-Security-Policy check (support.ts) fails the test if the page refuses it.
 */
test('a first visit asks for its screen’s files once the page has painted', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await page.goto('/product/tea-tieguanyin');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  const named = await page.evaluate(() => JSON.parse(document.getElementById('sg-screen-files')?.textContent ?? 'null') as { js: string[]; css: string[] } | null);
  expect(named?.js.length, 'the product page names its screen’s files').toBeGreaterThan(0);
  for (const file of named!.js) {
    await expect(page.locator(`head link[rel="modulepreload"][fetchpriority="low"][href="${file}"]`)).toHaveCount(1);
    expect(asked).toContain(file);
  }
  for (const file of named!.css) await expect(page.locator(`head link[rel="preload"][as="style"][href="${file}"]`)).toHaveCount(1);
});
