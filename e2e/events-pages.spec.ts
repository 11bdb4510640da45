import type { APIRequestContext, Page } from '@playwright/test';
import jsQR from 'jsqr';
import { atEveryWidth, expect, freshMember, LAYOUT_WIDTHS, logIn, mailedCode, resizeTo, signOut, shoot, test, tokensAnew, uniqueEmail } from './support.ts';

/**
 * The event pages in Chromium against the real server (issue 15): a member's booking with its tickets,
 * a guest who signs in from their ticket's link and activates it, the event then in the guest's own
 * "My events"; a second activation of the same ticket answers "already activated". Then the event page,
 * the event record, a ticket page and the home page's events at 360 and 390 px and on a desktop, in
 * English and Chinese: nothing overflows.
 */

const EVENT = 'evt-gongfu-oolong';
const PASSWORD = 'Oolong2026';
const SHOTS = process.env.EVENT_SHOTS_DIR ?? '/tmp/event-pages-shots';

type Tokens = { email: string; idToken: string };

/** POSTs a call; its JSON answer (the call must succeed). */
async function call(request: APIRequestContext, name: string, data: object, idToken?: string, address?: string) {
  const headers: Record<string, string> = { ...(idToken ? { authorization: `Bearer ${idToken}` } : {}), ...(address ? { 'x-forwarded-for': address } : {}) };
  const answer = await request.post(`/api/${name}`, { data, headers });
  expect(answer.ok(), `${name}: ${await answer.text()}`).toBe(true);
  return answer.json();
}

/** A verified member past the entry survey, made through the API and not signed in on any page. */
async function apiMember(request: APIRequestContext, label: string): Promise<Tokens> {
  const email = uniqueEmail(label);
  const address = `198.19.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;
  await call(request, 'user-signup', { email, password: PASSWORD, given_name: 'Wing Sze', family_name: 'Ho' }, undefined, address);
  const tokens = await call(request, 'user-confirm-signup', { email, confirmationCode: await mailedCode(request, email) }, undefined, address);
  await call(
    request,
    'submitPreSurvey',
    { Survey: { SurveyID: 'pre-2026', Answers: [{ QuestionID: 'drinks', OptionIDs: ['tea'] }, { QuestionID: 'frequency', OptionIDs: ['daily'] }] } },
    tokens.idToken,
  );
  return { email, idToken: tokens.idToken };
}

/** Books seats of the event's first session on sale by FPS and pays through the sandbox bank; the session's id. */
async function paidBooking(request: APIRequestContext, idToken: string, seats: number, guests: Array<{ Name: string; Contact: string }>) {
  const { eventDetail } = await call(request, 'getEventDetail', { EventID: EVENT, Currency: 'HKD' });
  const session = eventDetail.Variances.find((v: { SaleStatus: string; SpacesLeft: number }) => v.SaleStatus === 'OnSale' && v.SpacesLeft >= seats);
  const start = await call(
    request,
    'newEventCheckOut',
    { Language: 'en', Currency: 'HKD', VarianceID: session.VarianceID, NumberOfSeat: seats, GuestInfo: guests, PaymentMethod: 'FPS' },
    idToken,
  );
  expect((await request.post(`/api/payments/sandbox/fps/${start.PaymentID}/pay`)).ok()).toBe(true);
  // The bank's notification arrives on its own.
  await expect
    .poll(async () => (await call(request, 'get-event-order', { orderID: start.OrderID }, idToken)).Order.PaymentStatus, { timeout: 15_000 })
    .toBe('Paid');
  const { Order } = await call(request, 'get-event-order', { orderID: start.OrderID }, idToken);
  guestTicketIDs.set(session.VarianceID, Order.TicketList.find((t: { IsOwner: boolean }) => !t.IsOwner).TicketID);
  return session.VarianceID as string;
}

/** A guest ticket of each booking made here, by session. */
const guestTicketIDs = new Map<string, string>();

/** What a phone's camera reads from a picture on the page (drawn on a canvas, decoded with jsQR). */
async function readQr(page: Page, selector: string) {
  const pixels = await page.locator(selector).evaluate(async (element) => {
    const image = element as HTMLImageElement;
    await image.decode();
    const size = 480;
    const canvas = new OffscreenCanvas(size, size);
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size, size);
    context.imageSmoothingEnabled = false;
    context.drawImage(image, 40, 40, size - 80, size - 80);
    const { data, width, height } = context.getImageData(0, 0, size, size);
    return { data: Array.from(data), width, height };
  });
  return jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height)?.data;
}

test('a guest signs in from their ticket link and activates it; the event is then in their My events; a second activation is refused', async ({ page, request }) => {
  const booker = await freshMember(page, request, 'booker');
  const varianceID = await paidBooking(request, booker.idToken, 2, [{ Name: 'Ho Wing Sze', Contact: '+852 5123 4567' }]);

  await page.goto(`/event_record/${EVENT}/${varianceID}`);
  await expect(page.getByRole('heading', { name: 'Tickets' })).toBeVisible();
  const guestCard = page.locator('li.ticket-card', { hasText: 'Ho Wing Sze' });
  await expect(guestCard.getByText('Not activated yet')).toBeVisible();
  const qr = guestCard.getByRole('img', { name: /QR code of the ticket/ });
  const link = (await qr.getAttribute('data-ticket-link'))!;
  expect(link).toMatch(/\/activate_ticket\/[^/]+$/);
  // The QR code a guest's phone scans is the ticket's link.
  expect(await readQr(page, `li.ticket-card:has-text("Ho Wing Sze") img.ticket-qr`)).toBe(link);

  // The guest: a member of their own, signing in from the ticket page.
  await signOut(page);
  const guest = await apiMember(request, 'guest');
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Ho Wing Sze')).toBeVisible();
  await page.getByRole('button', { name: 'Log in to activate' }).click();
  const login = page.getByRole('dialog', { name: 'Log in' });
  await expect(login.getByText('Log in or sign up to activate your ticket.')).toBeVisible();
  await login.getByLabel('E-mail').fill(guest.email);
  await login.getByLabel('Password').fill(PASSWORD);
  await login.getByRole('button', { name: 'Log in' }).click();

  await expect(page).toHaveURL(new RegExp(`/event_record/${EVENT}/${varianceID}$`));
  await expect(page.getByRole('heading', { name: 'Your ticket' })).toBeVisible();
  await expect(page.getByText('Activated', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Account and settings' }).click();
  await page.getByRole('dialog', { name: 'Account and settings' }).getByRole('button', { name: 'My events' }).click();
  const myEvents = page.getByRole('dialog', { name: 'My events' });
  const row = myEvents.getByRole('listitem').filter({ hasText: 'Guest ticket' });
  await expect(row.getByRole('link', { name: /Gongfu Oolong Tasting/ })).toBeVisible();
  // Back to the account popup beneath, and out.
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Account and settings' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Log in' }).first()).toBeVisible();

  // Someone else with the same link: already activated, in words, and refused by the server too.
  const third = await apiMember(request, 'third');
  const ticketID = new URL(link).pathname.split('/').pop()!;
  const refused = await request.post('/api/activate-ticket', { data: { TicketID: ticketID }, headers: { authorization: `Bearer ${third.idToken}` } });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).ErrorCode).toBe('TicketAlreadyActivated');
  await page.goto(new URL(link).pathname);
  await logIn(page, third.email, PASSWORD);
  await expect(page.getByText('This ticket has already been activated.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Activate ticket' })).toHaveCount(0);
});

for (const locale of ['en', 'zh-Hant'] as const) {
  test(`the event page, the event record, a ticket page and the home page's events at 360 and 390 px and on a desktop, ${locale}: nothing overflows`, async ({ page, request }) => {
    test.setTimeout(240_000);
    const booker = await freshMember(page, request, `shots-${locale}`);
    // (Signed in in English, as freshMember does; then the page in the language of the test.)
    await page.evaluate((l) => localStorage.setItem('sg.locale', l), locale);
    // Tokens anew: the sign-up's live 20 seconds, which signing in on a busy machine outlived (Unauthorized).
    const { idToken } = await tokensAnew(request, booker.email);
    const varianceID = await paidBooking(request, idToken, 3, [{ Name: locale === 'en' ? 'Chan Tai Man' : '陳大文', Contact: '+852 9123 4567' }]);
    // Each page loaded once, at the first width, then looked at at every width by resizing (issue 27).
    await resizeTo(page, LAYOUT_WIDTHS[0]);
    for (const [name, path] of [
      ['event', `/event/${EVENT}`],
      ['record', `/event_record/${EVENT}/${varianceID}`],
      ['ticket', `/activate_ticket/${guestTicketIDs.get(varianceID)}`],
      ['home', '/home'],
    ] as const) {
      // What the page shows, asserted at every width.
      const shown = async () => {
        if (name !== 'home') await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        if (name === 'record') await expect(page.locator('img.ticket-qr').first()).toBeVisible();
        if (name === 'event') await expect(page.getByRole('radiogroup')).toBeVisible();
        if (name === 'ticket') await expect(page.locator('.activate-body').getByRole('button').first()).toBeVisible();
        if (name === 'home') await expect(page.locator('.event-rail')).toBeVisible();
      };
      await page.goto(path);
      if (name === 'home') {
        // The landing's upcoming tastings load as the reader comes near them: read down until they are in.
        await expect(async () => {
          await page.evaluate(() => window.scrollBy(0, window.innerHeight * 0.8));
          await expect(page.locator('.event-rail')).toBeVisible({ timeout: 1_000 });
        }).toPass();
      }
      await shown();
      await atEveryWidth(page, `${path} ${locale}`, async (width) => {
        await shown();
        if (name === 'home') await page.locator('.event-rail').scrollIntoViewIfNeeded();
        if (name !== 'home') await shoot(page, { path: `${SHOTS}/${name}-${locale}-${width}.png`, fullPage: true });
        // The parts that matter, each at a size one can look at.
        const parts = { event: ['.event-info', '.event-columns'], record: ['.record-head', '.ticket-list', '.event-orders'], ticket: ['.activate-card'], home: ['.event-rail'] }[name];
        for (const [i, part] of parts.entries()) {
          // Cut from the whole page, where the sticky bars sit at the top and not over the part.
          const box = await page.locator(part).evaluate((element) => {
            const r = element.getBoundingClientRect();
            return { x: 0, y: r.top + window.scrollY - 8, width: document.documentElement.clientWidth, height: r.height + 16 };
          });
          await shoot(page, { path: `${SHOTS}/${name}-${locale}-${width}-part${i + 1}.png`, fullPage: true, clip: box });
        }
      });
    }
  });
}
