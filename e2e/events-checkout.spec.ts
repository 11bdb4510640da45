import type { APIRequestContext, Page } from '@playwright/test';
import { chooseMethod, chooseNewCard } from './checkout-support.ts';
import { atEveryWidth, expect, LAYOUT_WIDTHS, mailedCode, resizeTo, shoot, test, uniqueEmail } from './support.ts';

/**
 * The event checkout in Chromium against the real server (issue 15): a visitor opens an event, presses
 * Join, signs in from the login popup and comes back to the checkout with the session and seats, buys
 * 3 seats with two named guests by card, sees the confirmation and the tickets on the event record. An
 * FPS booking shows the QR and completes on the bank's (the sandbox's) notification. A session in its SVIP
 * early-access window is shown to a member who is not an SVIP as not open to them yet (issue 18). Then the
 * checkout at 360 and 390 px and on a desktop, in English and Chinese: nothing overflows.
 */

const EVENT = 'evt-gongfu-oolong';
const PASSWORD = 'Oolong2026';
const SHOTS = process.env.EVENT_CHECKOUT_SHOTS_DIR ?? '/tmp/event-join-shots';

async function call(request: APIRequestContext, name: string, data: object, idToken?: string, address?: string) {
  const headers: Record<string, string> = { ...(idToken ? { authorization: `Bearer ${idToken}` } : {}), ...(address ? { 'x-forwarded-for': address } : {}) };
  const answer = await request.post(`/api/${name}`, { data, headers });
  expect(answer.ok(), `${name}: ${await answer.text()}`).toBe(true);
  return answer.json();
}

/** A verified member past the entry survey, made through the API and not signed in on any page. */
async function apiMember(request: APIRequestContext, label: string) {
  const email = uniqueEmail(label);
  const address = `198.19.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;
  await call(request, 'user-signup', { email, password: PASSWORD, given_name: 'Ka Yan', family_name: 'Wong' }, undefined, address);
  const tokens = await call(request, 'user-confirm-signup', { email, confirmationCode: await mailedCode(request, email) }, undefined, address);
  await call(
    request,
    'submitPreSurvey',
    { Survey: { SurveyID: 'pre-2026', Answers: [{ QuestionID: 'drinks', OptionIDs: ['tea'] }, { QuestionID: 'frequency', OptionIDs: ['daily'] }] } },
    tokens.idToken,
  );
  return { email, idToken: tokens.idToken as string };
}

async function signIn(page: Page, email: string) {
  await page.goto('/home');
  await page.getByRole('button', { name: 'Log in' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Account and settings' })).toBeVisible();
}

/** The event's first session on sale with room for `seats`. */
async function sessionWithRoom(request: APIRequestContext, seats: number) {
  const { eventDetail } = await call(request, 'getEventDetail', { EventID: EVENT, Currency: 'HKD' });
  return eventDetail.Variances.find((v: { SaleStatus: string; SpacesLeft: number }) => v.SaleStatus === 'OnSale' && v.SpacesLeft >= seats) as {
    VarianceID: string;
    Date: string;
  };
}


async function guest(page: Page, n: number, name: string, contact: string) {
  const form = page.getByRole('group', { name: `Guest ${n}` });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Contact number').fill(contact);
}

test('a visitor joins from the event page, signs in, books 3 seats with two named guests by card, and sees the tickets', async ({ page, request }) => {
  const member = await apiMember(request, 'joiner');
  const session = await sessionWithRoom(request, 3);

  await page.goto(`/event/${EVENT}`);
  await expect(page.getByRole('heading', { level: 1, name: /Gongfu Oolong Tasting/ })).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(session.Date) }).check();
  await page.getByRole('spinbutton', { name: 'Number of seats' }).fill('3');
  await page.getByRole('button', { name: 'Join', exact: true }).click();

  // The login popup, then back to the checkout with the session and the seats.
  const login = page.getByRole('dialog', { name: 'Log in' });
  await login.getByLabel('E-mail').fill(member.email);
  await login.getByLabel('Password').fill(PASSWORD);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout_event\\?.*varianceID=${session.VarianceID}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Join the event' })).toBeVisible();
  await expect(page.getByRole('spinbutton', { name: 'Number of seats' })).toHaveValue('3');
  await expect(page.getByText('Your seat and 2 guests.')).toBeVisible();
  await page.getByRole('button', { name: 'Continue to guests' }).click();

  await guest(page, 1, 'Chan Tai Man', '+852 9123 4567');
  await guest(page, 2, 'Lee Mei Ling', '6123 4567');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText('3 seats');

  // A new card, saved and chosen, then Place order.
  await chooseNewCard(page);
  await page.getByRole('button', { name: /^Place order/ }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'You are booked in' })).toBeVisible();
  await expect(page.getByText('Chan Tai Man')).toBeVisible();
  await expect(page.getByText('Lee Mei Ling')).toBeVisible();
  await shoot(page, { path: `${SHOTS}/confirm-en-phone.png`, fullPage: true });
  await page.getByRole('link', { name: 'See your tickets' }).click();
  await expect(page).toHaveURL(new RegExp(`/event_record/${EVENT}/${session.VarianceID}`));
  await expect(page.getByRole('heading', { name: 'Tickets' })).toBeVisible();
  await expect(page.locator('img.ticket-qr')).toHaveCount(3);
  await expect(page.getByText('Chan Tai Man').first()).toBeVisible();
});

test('FPS: the booking shows the QR and completes on the bank’s notification', async ({ page, request }) => {
  const member = await apiMember(request, 'fps-joiner');
  const session = await sessionWithRoom(request, 1);
  await signIn(page, member.email);
  await page.goto(`/checkout_event?eventID=${EVENT}&varianceID=${session.VarianceID}&seats=1`);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
  await chooseMethod(page, /FPS/);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/newEventCheckOut'));
  await page.getByRole('button', { name: /^Place order/ }).click();
  const { PaymentID, OrderID } = await (await answer).json();
  const popup = page.getByRole('dialog', { name: 'Pay with FPS' });
  await expect(popup.getByRole('img', { name: /^FPS QR code for order / })).toBeVisible();
  await expect(popup.getByRole('timer')).toContainText(/^(10:00|09:5\d)/);

  // The bank's notification (the sandbox's stand-in); no click on the page.
  expect((await request.post(`/api/payments/sandbox/fps/${PaymentID}/pay`)).ok()).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'You are booked in' })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(new RegExp(`/order_event_confirm/${OrderID}`));
});

for (const locale of ['en', 'zh-Hant'] as const) {
  test(`a session in its SVIP early-access window, at 360 px, ${locale}: a member who is not an SVIP sees why it cannot be chosen yet`, async ({
    page,
    request,
  }) => {
    const member = await apiMember(request, `join-svip-${locale}`);
    await signIn(page, member.email);
    await page.evaluate((l) => localStorage.setItem('sg.locale', l), locale);
    await page.setViewportSize({ width: 360, height: 780 });
    // The seed's SVIP session of the pu'er vertical (evs-puer-vertical-2), as a link naming it would open the checkout.
    await page.goto('/checkout_event?eventID=evt-puer-vertical&varianceID=evs-puer-vertical-2&seats=1');
    const [heading, badge] = locale === 'en' ? ['Choose a session', 'SVIP early access'] : ['選擇場次', 'SVIP 優先預訂'];
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    const option = page.locator('label.checkout-choice', { hasText: badge });
    await expect(option.getByRole('radio')).toBeDisabled();
    await expect(option.locator('.session-svip-opens')).toBeVisible();
    await expect(option.locator('a.session-svip-link')).toHaveAttribute('href', '/subscription');
    if (locale === 'en') {
      await expect(option).toContainText('Opens to everyone on');
      await expect(option.getByRole('link', { name: 'SVIP members can book now — see the box sets' })).toBeVisible();
    }
    await page.evaluate(() => document.fonts.ready);
    const layout = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(layout.scrollWidth).toBeLessThanOrEqual(360);
    await shoot(page, { path: `${SHOTS}/session-svip-${locale}-360.png`, fullPage: true });
  });

  test(`the event checkout at 360 and 390 px and on a desktop, ${locale}: nothing overflows`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const member = await apiMember(request, `join-shots-${locale}`);
    const session = await sessionWithRoom(request, 3);
    await signIn(page, member.email);
    await page.evaluate((l) => localStorage.setItem('sg.locale', l), locale);
    // Each step walked once at the first width, and looked at at every width by resizing (issue 27).
    await resizeTo(page, LAYOUT_WIDTHS[0]);
    await page.goto(`/checkout_event?eventID=${EVENT}&varianceID=${session.VarianceID}&seats=3`);
    // Each step, and what it shows (asserted again at every width).
    const steps: Array<[string, () => Promise<void>, () => Promise<void>]> = [
      ['seats', async () => {}, () => expect(page.getByRole('spinbutton')).toBeVisible()],
      ['guests', async () => page.locator('.checkout-main .button.primary').click(), () => expect(page.locator('fieldset.event-guest').first()).toBeVisible()],
      [
        'guests-error',
        async () => {
          await page.locator('fieldset.event-guest input').first().fill(locale === 'en' ? 'Chan Tai Man' : '陳大文');
          await page.locator('fieldset.event-guest input[type=tel]').first().fill('call me');
          await page.locator('.event-guests button[type=submit]').click();
        },
        () => expect(page.locator('.field-error').first()).toBeVisible(),
      ],
      [
        'payment',
        async () => {
          await page.locator('fieldset.event-guest input[type=tel]').first().fill('+852 9123 4567');
          await page.locator('.event-guests button[type=submit]').click();
        },
        () => expect(page.locator('.checkout-summary')).toBeVisible(),
      ],
    ];
    for (const [name, step, shows] of steps) {
      await step();
      await shows();
      await atEveryWidth(page, name, async (width) => {
        await shows();
        // A row's button keeps its words on one line beside what it changes ("更換信用卡" broke over two at 360 px).
        const wrapped = await page.evaluate(() =>
          [...document.querySelectorAll('.checkout-row > .button')]
            .filter((button) => {
              const words = document.createRange();
              words.selectNodeContents(button);
              return new Set([...words.getClientRects()].map((line) => Math.round(line.top))).size > 1;
            })
            .map((button) => button.textContent),
        );
        expect(wrapped, `${name} at ${width} px: buttons broken over lines`).toEqual([]);
        await shoot(page, { path: `${SHOTS}/${name}-${locale}-${width}.png`, fullPage: true });
      });
    }
  });
}
