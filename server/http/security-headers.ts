/**
 * Security headers on every answer (issue 14).
 *
 * The Content-Security-Policy lets pages run the shop's own scripts only: files from its origin,
 * plus the inline scripts the server itself writes into a page, each by its hash (index.html has
 * none today; `inlineHashes` finds any a later build adds). With Stripe's publishable key set, the
 * SPA loads Stripe.js for wallet payments, so Stripe's script, frame and API origins are allowed
 * too (https://docs.stripe.com/security/guide#content-security-policy); without it, no other origin.
 *
 * Styles: the stylesheets are files, but Radix's dialogs lock the page's scroll with a <style> they
 * write at run time (react-remove-scroll, its content computed from the scroll bar's width) and the
 * flow tools' statecharts carry a <style> of their own, so style-src keeps 'unsafe-inline' on the
 * SPA's pages (styles cannot run code). The sandbox's payment pages instead allow exactly their
 * own <style> by hash (payment-routes.ts). Images: the FPS QR code is a data: URL, a picture
 * chosen for the profile is shown from a blob: URL before it is uploaded.
 *
 * Answers that set a policy of their own (uploaded media, the sandbox's pages) keep it. Dev mode
 * is untouched: there Vite serves the pages (with its HMR scripts) and only proxies /api and /media.
 */
import { createHash } from 'node:crypto';

export interface SecurityOptions {
  /** PUBLIC_URL: HTTPS there turns on HSTS; its origin is where forms may post (payment return addresses are built on it). */
  publicUrl: string;
  /** Stripe.js is loaded (STRIPE_PUBLISHABLE_KEY with Stripe): its origins join the policy. */
  stripe: boolean;
}

const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

/** `'sha256-…'` sources for the inline <script>s (or <style>s) of an HTML page. */
export function inlineHashes(html: string, tag: 'script' | 'style'): string[] {
  const pattern = tag === 'script' ? /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi : /<style\b[^>]*>([\s\S]*?)<\/style>/gi;
  return [...html.matchAll(pattern)].map((m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`);
}

/** The policy of the shop's pages; `scriptHashes` are those of the page's own inline scripts. */
export function contentSecurityPolicy(options: SecurityOptions, { scriptHashes = [] }: { scriptHashes?: string[] } = {}): string {
  const stripe = options.stripe ? STRIPE : { script: [], frame: [], connect: [], img: [] };
  const publicOrigin = originOf(options.publicUrl);
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...scriptHashes, ...stripe.script],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:', ...stripe.img],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...stripe.connect],
    ['frame-src', ...(stripe.frame.length ? stripe.frame : ["'none'"])],
    ['worker-src', "'self'"],
    ['manifest-src', "'self'"],
    ['media-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'", ...(publicOrigin ? [publicOrigin] : [])],
    ['frame-ancestors', "'none'"],
  ];
  if (options.publicUrl.startsWith('https:')) directives.push(['upgrade-insecure-requests']);
  return directives.map((d) => d.join(' ')).join('; ');
}

/**
 * The policy of a page the server writes whole (the sandbox's hosted payment pages): nothing but its
 * own <style>s, by hash, and forms that post back to the shop.
 */
export function serverPagePolicy(html: string, options: SecurityOptions): string {
  const publicOrigin = originOf(options.publicUrl);
  const styles = inlineHashes(html, 'style');
  return [
    "default-src 'none'",
    `style-src ${styles.length ? styles.join(' ') : "'none'"}`,
    // The browser's own request for /favicon.ico is checked against img-src.
    "img-src 'self'",
    `form-action 'self'${publicOrigin ? ` ${publicOrigin}` : ''}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * What the shop may use (spec: camera for scanning, payment for wallets through the Payment Request
 * API, in Stripe's frame too when Stripe is on); every other powerful feature is off for the shop
 * and anything it embeds. Web NFC has no Permissions-Policy feature (browsers allow it to top-level
 * pages only), so it needs no entry; an unknown name would only earn a console warning.
 */
export function permissionsPolicy(options: SecurityOptions): string {
  const payment = options.stripe ? `(self "${STRIPE.script[0]}")` : '(self)';
  return [
    'camera=(self)',
    `payment=${payment}`,
    ...['accelerometer', 'autoplay', 'browsing-topics', 'display-capture', 'geolocation', 'gyroscope', 'hid', 'idle-detection']
      .concat(['local-fonts', 'magnetometer', 'microphone', 'midi', 'serial', 'usb', 'window-management', 'xr-spatial-tracking'])
      .map((feature) => `${feature}=()`),
  ].join(', ');
}

const HSTS = 'max-age=31536000; includeSubDomains';

/** The headers every answer carries, the policy with them (an answer that sets its own policy keeps it). */
export function securityHeaderSet(options: SecurityOptions): { fixed: Record<string, string>; policy: string } {
  const fixed: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': permissionsPolicy(options),
    // Older browsers that do not read frame-ancestors.
    'x-frame-options': 'DENY',
  };
  if (options.publicUrl.startsWith('https:')) fixed['strict-transport-security'] = HSTS;
  return { fixed, policy: contentSecurityPolicy(options) };
}

/**
 * The headers of an API call's JSON answer (its type, length and encoding with them), as OWASP's REST Security Cheat Sheet lists them: nosniff, no framing,
 * HSTS over HTTPS, and a policy under which nothing loads or runs should the answer ever be opened as a document.
 * The pages' permissions policy and their longer policy govern documents and mean nothing to JSON, and they were
 * ~800 of the ~1,100 bytes of headers on every call: bytes the server writes to the socket each time (DESIGN §10).
 */
export function apiAnswerHeaders(options: SecurityOptions) {
  const hsts = options.publicUrl.startsWith('https:');
  // One object literal: spreading header sets together cost getProduct, the busiest call, ~5 µs a call (DESIGN §10).
  return (answer: { length: number; encoding: string | undefined }, requestId: string): Record<string, string> => {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'content-length': String(answer.length),
      vary: 'Accept-Encoding',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-request-id': requestId,
    };
    if (answer.encoding) headers['content-encoding'] = answer.encoding;
    if (hsts) headers['strict-transport-security'] = HSTS;
    return headers;
  };
}

/**
 * The context variable an answer that already carries every header (the security headers, its encoding, the
 * request id) is marked with: the API's calls (http/api.ts) write theirs in one plain object, which Node
 * sends without building web Headers (DESIGN §10: getProduct at 0.6 × a bare server); the middlewares leave
 * it alone.
 */
export const COMPLETE_ANSWER = 'completeAnswer';

/** Sets the security headers on an answer's headers (server/app.ts, on every answer but a COMPLETE_ANSWER). */
export function securityHeaderWriter(options: SecurityOptions): (headers: Headers) => void {
  const { fixed, policy } = securityHeaderSet(options);
  const entries = Object.entries(fixed);
  return (headers) => {
    for (const [name, value] of entries) headers.set(name, value);
    if (!headers.has('content-security-policy')) headers.set('content-security-policy', policy);
  };
}
