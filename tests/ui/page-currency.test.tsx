/**
 * A first visit's SPA takes the visitor's default currency from the page when the server wrote it
 * (`<meta name="sg-currency">`, server/http/page-head.ts) instead of asking getCurrency before it can
 * load the page's data (issue 14, Fast); without it, it asks.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAppServices } from '../../src/app/services.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
});
afterAll(() => server.close());
afterEach(() => document.head.querySelectorAll('meta[name="sg-currency"]').forEach((m) => m.remove()));

function servicesCounting() {
  const calls: string[] = [];
  const services = createAppServices({
    fetch: async (input, init) => {
      calls.push(new URL(String(input), 'http://shop.test').pathname);
      return server.app.fetch(new Request(new URL(String(input), 'http://shop.test'), init));
    },
  });
  return { services, calls };
}

const writeCurrency = (content: string) => {
  const meta = document.createElement('meta');
  meta.name = 'sg-currency';
  meta.content = content;
  document.head.append(meta);
};

describe("the visitor's default currency", () => {
  it('is read from the page when the server wrote it, without a request', async () => {
    writeCurrency('USD');
    const { services, calls } = servicesCounting();
    expect(await services.preferences.resolveCurrency()).toBe('USD');
    expect(services.preferences.get().currency).toBe('USD');
    expect(calls).toEqual([]);
  });

  it('is asked of the server when the page does not say it, or says something else', async () => {
    for (const written of [undefined, 'EUR']) {
      if (written) writeCurrency(written);
      const { services, calls } = servicesCounting();
      expect(['HKD', 'USD']).toContain(await services.preferences.resolveCurrency());
      expect(calls).toEqual(['/api/getCurrency']);
    }
  });
});
