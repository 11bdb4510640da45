/**
 * Security headers (issue 14) on the SPA's page, API answers, built files, errors and the sandbox's
 * hosted payment page: a Content-Security-Policy that runs the shop's own scripts only, nosniff,
 * a referrer policy, a permissions policy, and HSTS when the shop is public over HTTPS; a call's JSON
 * answer the API's own: nosniff, no framing, a policy that lets nothing load, HSTS.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import type { Deps, ServerConfig } from '../../server/deps.ts';
import { SANDBOX_PAGES_PATH } from '../../server/services/payments/sandbox.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let spaDir: string;

/** An inline script such as a theme script: the policy must allow exactly it, by hash. */
const INLINE = "document.documentElement.dataset.theme='light'";

beforeAll(async () => {
  t = await createTestApp();
  spaDir = mkdtempSync(path.join(tmpdir(), 'sg-headers-'));
  mkdirSync(path.join(spaDir, 'assets'));
  writeFileSync(
    path.join(spaDir, 'index.html'),
    `<!doctype html><html><head><title>S&amp;G</title><script>${INLINE}</script><script type="module" src="/assets/app-1.js"></script></head><body></body></html>`,
  );
  writeFileSync(path.join(spaDir, 'assets/app-1.js'), 'console.log(1);\n');
});
afterAll(async () => {
  rmSync(spaDir, { recursive: true, force: true });
  await t.close();
});

const appWith = (config: Partial<ServerConfig> = {}, payments: Partial<Deps['payments']> = {}) =>
  createApp({ ...t.deps, config: { ...t.deps.config, ...config }, payments: { ...t.deps.payments, ...payments } }, { spaDir });

/** The policy as directive → sources. */
function directives(policy: string | null): Map<string, string[]> {
  expect(policy).toBeTruthy();
  return new Map(
    policy!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const SAMPLES = ['/home', '/', '/api/no-such-call', '/assets/app-1.js', '/assets/missing.js', '/robots.txt', '/media/art/cup-30-0.svg'];
/** Calls that answer: JSON with headers of its own (apiAnswerHeaders). */
const CALLS = ['/api/getNavigationMenu', '/api/getNewInSection?Currency=HKD'];

describe('every answer', () => {
  it('of a page, a file or an error carries nosniff, the referrer policy, the permissions policy and a CSP with frame-ancestors none', async () => {
    const app = appWith();
    for (const url of SAMPLES) {
      const answer = await app.request(url);
      expect(answer.headers.get('x-content-type-options'), url).toBe('nosniff');
      expect(answer.headers.get('referrer-policy'), url).toBe('strict-origin-when-cross-origin');
      expect(answer.headers.get('x-frame-options'), url).toBe('DENY');
      const permissions = answer.headers.get('permissions-policy') ?? '';
      expect(permissions, url).toContain('camera=(self)');
      expect(permissions, url).toContain('payment=(self)');
      expect(permissions, url).toContain('geolocation=()');
      expect(permissions, url).toContain('microphone=()');
      expect(directives(answer.headers.get('content-security-policy')).get('frame-ancestors'), url).toEqual(["'none'"]);
      // Plain HTTP: no HSTS (a browser would ignore it there anyway).
      expect(answer.headers.get('strict-transport-security'), url).toBeNull();
    }
  });

  it("of a call carries the API's: nosniff, no framing, and a policy under which nothing loads or runs", async () => {
    const app = appWith();
    for (const url of CALLS) {
      const answer = await app.request(url);
      expect(answer.status, url).toBe(200);
      expect(answer.headers.get('content-type'), url).toBe('application/json');
      expect(answer.headers.get('x-content-type-options'), url).toBe('nosniff');
      expect(answer.headers.get('x-frame-options'), url).toBe('DENY');
      const csp = directives(answer.headers.get('content-security-policy'));
      expect([...csp.keys()], url).toEqual(['default-src', 'frame-ancestors']);
      expect(csp.get('default-src'), url).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
      // A document's permissions mean nothing to JSON.
      expect(answer.headers.get('permissions-policy'), url).toBeNull();
      expect(answer.headers.get('strict-transport-security'), url).toBeNull();
    }
  });

  it('API errors and thrown errors carry them too', async () => {
    const answer = await appWith().request('/api/user-signup', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('carry HSTS when the shop is public over HTTPS, and ask for HTTPS subresources', async () => {
    const app = appWith({ publicUrl: 'https://sipandgather.hk' });
    for (const url of ['/home', '/assets/app-1.js']) {
      const answer = await app.request(url);
      expect(answer.headers.get('strict-transport-security'), url).toBe('max-age=31536000; includeSubDomains');
      expect(directives(answer.headers.get('content-security-policy')).has('upgrade-insecure-requests'), url).toBe(true);
    }
    // A call's answer loads nothing, so has nothing to upgrade.
    expect((await app.request(CALLS[0]!)).headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });
});

describe("the SPA page's Content-Security-Policy", () => {
  it("runs the shop's own scripts only: its files and its inline script by hash, nothing inline else, no eval", async () => {
    const csp = directives((await appWith().request('/home')).headers.get('content-security-policy'));
    const hash = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;
    expect(csp.get('script-src')).toEqual(["'self'", hash]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('frame-src')).toEqual(["'none'"]);
    expect(csp.get('worker-src')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'", 'http://shop.test']);
    // The FPS QR is a data: image, a chosen profile picture a blob: one.
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  });

  it("allows Stripe's origins only when Stripe.js is loaded (a publishable key is set)", async () => {
    const without = (await appWith().request('/home')).headers.get('content-security-policy')!;
    expect(without).not.toContain('stripe.com');
    const answer = await appWith({}, { walletKey: 'pk_test_1' }).request('/checkout_product');
    const csp = directives(answer.headers.get('content-security-policy'));
    expect(csp.get('script-src')).toContain('https://js.stripe.com');
    expect(csp.get('frame-src')).toEqual(expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com']));
    expect(csp.get('connect-src')).toContain('https://api.stripe.com');
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(answer.headers.get('permissions-policy')).toContain('payment=(self "https://js.stripe.com")');
  });
});

describe("the sandbox's hosted payment page", () => {
  it('has a policy of its own: its <style> by hash, forms back to the shop, nothing else', async () => {
    const answer = await appWith().request(`${SANDBOX_PAGES_PATH}/no-such-payment`);
    const html = await answer.text();
    const csp = directives(answer.headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'self'", 'http://shop.test']);
    const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`);
    expect(styles.length).toBeGreaterThan(0);
    expect(csp.get('style-src')).toEqual(styles);
    expect(csp.has('script-src')).toBe(false);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
