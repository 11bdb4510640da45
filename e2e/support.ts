import { expect, test as base, type APIRequestContext, type Locator, type Page } from '@playwright/test';

export { expect };

/**
 * The suite's `test` (specs import it from here): the shop's Content-Security-Policy is on, as in
 * production, and any violation in any page of the test (pages it opens and frames included) fails
 * it, with what was refused and where. Violations are heard twice over: the document's
 * `securitypolicyviolation` event, and the console messages the browser writes for them (which also
 * cover what no page script can hear, such as a refused frame).
 */
export const test = base.extend<{ cspViolations: string[]; browserErrors: string[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.exposeBinding('__sgCspViolation', ({ frame }, text: string) => {
        violations.push(`${frame.url()}: ${text}`);
      });
      await context.addInitScript(() => {
        window.addEventListener(
          'securitypolicyviolation',
          (e) => {
            const report = (window as unknown as { __sgCspViolation?: (text: string) => void }).__sgCspViolation;
            report?.(`${e.effectiveDirective} refused ${e.blockedURI || 'inline'} at ${e.sourceFile || '?'}:${e.lineNumber} ${e.sample}`.trim());
          },
          true,
        );
      });
      const onConsole = (message: { text(): string }) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
      };
      context.on('console', onConsole);
      await use(violations);
      context.off('console', onConsole);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  /**
   * The browser's errors (console errors, uncaught exceptions) in the test's pages, printed and attached when the
   * test fails: a part of a page that failed quietly (a slot's boundary hides it) says why there.
   */
  browserErrors: [
    async ({ context }, use, testInfo) => {
      const errors: string[] = [];
      const onConsole = (message: { type(): string; text(): string }) => {
        if (message.type() === 'error') errors.push(`console: ${message.text()}`);
      };
      const watch = (page: Page) => page.on('pageerror', (error) => errors.push(`pageerror: ${error.stack ?? error.message}`));
      context.on('console', onConsole);
      context.on('page', watch);
      for (const page of context.pages()) watch(page);
      await use(errors);
      context.off('console', onConsole);
      context.off('page', watch);
      if (testInfo.status !== testInfo.expectedStatus && errors.length > 0) {
        await testInfo.attach('browser errors', { body: errors.join('\n\n'), contentType: 'text/plain' });
        console.log(`Browser errors in "${testInfo.title}":\n${errors.join('\n')}`);
      }
    },
    { auto: true },
  ],
});

/** The newest 6-digit code mailed to an address, read from the server's outbox as a member reads their inbox. */
export async function mailedCode(request: APIRequestContext, email: string, after?: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const answer = await (await request.get(`/api/dev/outbox?email=${encodeURIComponent(email)}`)).json();
      const text: string = answer.Mails?.[0]?.text ?? '';
      code = text.match(/\b(\d{6})\b/)?.[1] ?? '';
      return code !== '' && answer.Mails[0].id !== after ? code : '';
    })
    .not.toBe('');
  return code;
}

export async function latestMailId(request: APIRequestContext, email: string): Promise<string | undefined> {
  const answer = await (await request.get(`/api/dev/outbox?email=${encodeURIComponent(email)}`)).json();
  return answer.Mails?.[0]?.id;
}

export const uniqueEmail = (label: string) => `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

/**
 * A client address of its own for each member made through the API (198.18.0.0/15, set aside for tests),
 * sent as X-Forwarded-For (the e2e server trusts one proxy): a person signs up from their own device, and
 * the shop takes only so many sign-ups from one address.
 */
const uniqueClientAddress = () => `198.19.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;

/**
 * A member's tokens anew, through user-login: this configuration's id and access tokens last 20 seconds (to
 * exercise the page's refresh), which a call late in a long test on a busy machine would otherwise outlive.
 */
export async function tokensAnew(request: APIRequestContext, email: string, password = 'Oolong2026'): Promise<{ idToken: string; accessToken: string }> {
  const answer = await request.post('/api/user-login', { data: { email, password }, headers: { 'x-forwarded-for': uniqueClientAddress() } });
  expect(answer.ok(), `user-login: ${await answer.text()}`).toBe(true);
  const tokens = await answer.json();
  return { idToken: tokens.idToken, accessToken: tokens.accessToken };
}

export async function logIn(page: Page, email: string, password: string) {
  await page.getByRole('button', { name: 'Log in' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Account and settings' })).toBeVisible();
}

/**
 * Scrolls down as a reader does, most of a screen at a time (from the top again once at the bottom), until
 * `target` shows: parts below the first screen load only as the reader comes near them (src/ui/use-near.ts),
 * so a jump straight to the bottom passes them by.
 */
export async function scrollDownUntil(page: Page, target: Locator) {
  await expect(async () => {
    await page.evaluate(() => {
      const atBottom = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
      if (atBottom) window.scrollTo(0, 0);
      else window.scrollBy(0, Math.round(window.innerHeight * 0.75));
    });
    await expect(target).toBeVisible({ timeout: 1_000 });
  }).toPass();
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account and settings' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Log in' }).first()).toBeVisible();
}

/**
 * A fresh member who has verified their e-mail and answered the entry survey, made through the API
 * (the sign-up screens have their own spec); signs them in on the page.
 */
export async function freshMember(
  page: Page,
  request: APIRequestContext,
  label: string,
): Promise<{ email: string; idToken: string; accessToken: string }> {
  const email = uniqueEmail(label);
  const password = 'Oolong2026';
  const address = uniqueClientAddress();
  const post = async (call: string, data: object, idToken?: string) => {
    const headers: Record<string, string> = { 'x-forwarded-for': address, ...(idToken ? { authorization: `Bearer ${idToken}` } : {}) };
    const answer = await request.post(`/api/${call}`, { data, headers });
    expect(answer.ok(), `${call}: ${await answer.text()}`).toBe(true);
    return answer.json();
  };
  await post('user-signup', { email, password, given_name: 'Ka Yan', family_name: 'Wong' });
  const tokens = await post('user-confirm-signup', { email, confirmationCode: await mailedCode(request, email) });
  await post(
    'submitPreSurvey',
    {
      Survey: {
        SurveyID: 'pre-2026',
        Answers: [
          { QuestionID: 'drinks', OptionIDs: ['tea'] },
          { QuestionID: 'frequency', OptionIDs: ['daily'] },
        ],
      },
    },
    tokens.idToken,
  );
  await page.goto('/home');
  await logIn(page, email, password);
  // Tokens issued now, not at sign-up: they last 20 s here, and the page's log-in alone took longer on a busy
  // machine, so the caller's first call was refused (Unauthorized).
  return { email, ...(await tokensAnew(request, email, password)) };
}

/**
 * Screenshots are for a person to open and judge, so they are written only when asked for
 * (`E2E_SHOTS=1 npm run test:e2e`, or `npm run shots`): a full-page capture costs a second or more,
 * and the suite took minutes writing images nobody opened. What the tests assert about a screen
 * (nothing overflows, what is visible) is asserted either way; a part of a page that would have been
 * captured must still be visible.
 */
export const SHOTS_WANTED = process.env.E2E_SHOTS === '1';

export async function shoot(target: Page, options: Parameters<Page['screenshot']>[0]): Promise<void>;
export async function shoot(target: Locator, options: Parameters<Locator['screenshot']>[0]): Promise<void>;
export async function shoot(target: Page | Locator, options: Parameters<Page['screenshot']>[0] & Parameters<Locator['screenshot']>[0]) {
  const isPage = 'goto' in target;
  if (!isPage) await expect(target).toBeVisible();
  if (SHOTS_WANTED) await target.screenshot(options);
}

/** The widths every layout test looks at: two phones and a desktop. */
export const LAYOUT_WIDTHS = [360, 390, 1280] as const;

export async function resizeTo(page: Page, width: number) {
  await page.setViewportSize({ width, height: width > 900 ? 900 : 780 });
}

/**
 * Looks at the page as it stands at every layout width, resizing instead of loading it again, and asserts
 * nothing overflows at each (then `each` for what else the width must show). The layout tests, which loaded
 * every page again at each width, were a third of the browser suite's time (issue 27). A page that lays out right
 * only when loaded, not when resized, is a bug a turned phone meets, and this finds it. Ends at the first width.
 */
export async function atEveryWidth(page: Page, what: string, each?: (width: number) => Promise<void>) {
  for (const width of LAYOUT_WIDTHS) {
    await resizeTo(page, width);
    // Fonts, then two frames: the first lays the new width out, the second runs after a scrolled page has settled
    // its scroll position (it moved one frame late, and a 1280 px screenshot came out 42 px off).
    await page.evaluate(
      () => document.fonts.ready.then(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())))),
    );
    const layout = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(layout.innerWidth, `${what}: the window at ${width} px`).toBe(width);
    expect(layout.scrollWidth, `${what} at ${width} px`).toBeLessThanOrEqual(width);
    await each?.(width);
  }
  await resizeTo(page, LAYOUT_WIDTHS[0]);
}
