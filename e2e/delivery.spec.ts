import { expect, test } from './support.ts';

test('the shop loads compressed, under its Content-Security-Policy, and a refused script fails a test', async ({ page, cspViolations }) => {
  const scripts: { url: string; encoding: string | undefined; length: number }[] = [];
  page.on('response', (response) => {
    const headers = response.headers();
    if (/\/assets\/.+\.js$/.test(response.url())) {
      scripts.push({ url: response.url(), encoding: headers['content-encoding'], length: Number(headers['content-length']) });
    }
  });
  const answer = await page.goto('/home');
  const headers = answer!.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['content-encoding']).toBe('br');

  // The shop's own scripts ran (the page is drawn), sent as brotli (all but files under 1 KB, not worth it).
  await expect(page.getByRole('heading', { name: 'Shop by type' })).toBeVisible();
  expect(scripts.some((script) => /\/assets\/app-/.test(script.url) && script.encoding === 'br')).toBe(true);
  for (const script of scripts) if (script.encoding !== 'br') expect(script.length, script.url).toBeLessThan(1024);

  // A script the shop did not write is refused, and the suite's guard hears it.
  await page.evaluate(() => {
    const injected = document.createElement('script');
    injected.textContent = 'window.injected = true';
    document.head.append(injected);
  });
  await expect.poll(() => cspViolations.join('\n')).toContain('script-src');
  expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
  // Expected here: cleared, so that this test passes; in any other test it fails it.
  cspViolations.length = 0;

  // A chunk that is not there fails as a chunk, not as the shop's page.
  const missing = await page.request.get('/assets/no-such-chunk.js');
  expect(missing.status()).toBe(404);
});
