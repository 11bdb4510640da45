/**
 * The SPA's settings travel as meta tags in the index.html the server serves: whether the flow tools
 * (/testing, /testing2) are on, and the Stripe publishable key wallet payments need.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { readConfig } from '../../server/config.ts';
import type { Deps, ServerConfig } from '../../server/deps.ts';
import { readPaymentConfig } from '../../server/services/payments/provider.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const META = '<meta name="sg-flow-tools" content="on" />';
let server: TestApp;
let spaDir: string;

beforeAll(async () => {
  server = await createTestApp();
  spaDir = mkdtempSync(path.join(tmpdir(), 'sg-spa-'));
  writeFileSync(path.join(spaDir, 'index.html'), '<!doctype html><html><head><title>S&amp;G</title></head><body></body></html>');
});
afterAll(async () => {
  rmSync(spaDir, { recursive: true, force: true });
  await server.close();
});

const appWith = (config: Partial<ServerConfig>, payments: Partial<Deps['payments']> = {}) =>
  createApp({ ...server.deps, config: { ...server.deps.config, ...config }, payments: { ...server.deps.payments, ...payments } }, { spaDir });

async function page(config: Partial<ServerConfig>, url: string, payments: Partial<Deps['payments']> = {}) {
  const response = await appWith(config, payments).request(url);
  return { status: response.status, html: await response.text() };
}

describe('the flow tools flag', () => {
  it('is on outside production, on every path that answers index.html (/index.html itself redirects to /home)', async () => {
    for (const url of ['/', '/testing', '/testing2?x=1', '/home']) {
      const { status, html } = await page({ production: false }, url);
      expect(status, url).toBe(200);
      expect(html, url).toContain(META);
    }
  });

  it('is off in production unless configured', async () => {
    expect((await page({ production: true }, '/testing')).html).not.toContain(META);
    expect((await page({ production: true }, '/')).html).not.toContain('sg-flow-tools');
    expect((await page({ production: true, flowTools: true }, '/testing')).html).toContain(META);
    expect((await page({ production: false, flowTools: false }, '/testing2')).html).not.toContain(META);
  });

  it('reads FLOW_TOOLS, defaulting to on when NODE_ENV is not production', () => {
    expect(readConfig({ NODE_ENV: 'production' }).flowTools).toBe(false);
    expect(readConfig({ NODE_ENV: 'production', FLOW_TOOLS: '1' }).flowTools).toBe(true);
    expect(readConfig({ NODE_ENV: 'test' }).flowTools).toBe(true);
    expect(readConfig({}).flowTools).toBe(true);
    expect(readConfig({ NODE_ENV: 'development', FLOW_TOOLS: '0' }).flowTools).toBe(false);
  });
});

describe('the wallet key', () => {
  it('is absent with the sandbox: the SPA then says wallets are not supported', async () => {
    expect((await page({}, '/checkout_product')).html).not.toContain('sg-stripe-key');
  });

  it('carries the Stripe publishable key, escaped, when Stripe is configured with one', async () => {
    const { html } = await page({ production: true }, '/checkout_product', { walletKey: 'pk_test_51"><script>' });
    expect(html).toContain('<meta name="sg-stripe-key" content="pk_test_51&quot;>&lt;script>" />');
    expect(html).not.toContain('sg-flow-tools');
  });

  it('reads STRIPE_PUBLISHABLE_KEY only along with Stripe itself', () => {
    const defaults = { publicUrl: 'https://shop.test', randomSecret: () => 'x' };
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };
    expect(readPaymentConfig({ ...stripe, STRIPE_PUBLISHABLE_KEY: 'pk_test_1' }, defaults).stripe?.publishableKey).toBe('pk_test_1');
    expect(readPaymentConfig(stripe, defaults).stripe?.publishableKey).toBeUndefined();
    expect(readPaymentConfig({ STRIPE_PUBLISHABLE_KEY: 'pk_test_1' }, defaults).stripe).toBeUndefined();
  });
});
