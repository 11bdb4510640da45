import type { APIRequestContext, Page } from '@playwright/test';
import { atEveryWidth, expect, freshMember, LAYOUT_WIDTHS, resizeTo, shoot, test } from './support.ts';

/**
 * The landing and the member home in Chromium against the real server (issue 20): a visitor's landing at
 * phone size with every block's real data (the blocks below the first screen load as the reader scrolls
 * to them); a member's home with the guide, their next tasting and drinks picked for them; screenshots at
 * 360, 390 and 1280 px in English and Chinese, with nothing wider than the screen.
 */

const EVENT = 'evt-gongfu-oolong';
const SHOTS = process.env.LANDING_SHOTS_DIR ?? '/tmp/landing-shots';

async function call(request: APIRequestContext, name: string, data: object, idToken?: string) {
  const answer = await request.post(`/api/${name}`, { data, headers: idToken ? { authorization: `Bearer ${idToken}` } : {} });
  expect(answer.ok(), `${name}: ${await answer.text()}`).toBe(true);
  return answer.json();
}

async function get(request: APIRequestContext, name: string) {
  const answer = await request.get(`/api/${name}`);
  expect(answer.ok(), name).toBe(true);
  return answer.json();
}

/** Scrolls down the page a screen at a time to its end (blocks and pictures load as they come near), then back to the top. */
async function readToTheEnd(page: Page) {
  for (let i = 0; i < 60; i++) {
    // A step, then two frames: the browser sees what came near (lazy pictures, blocks) before the next.
    const atEnd = await page.evaluate(async () => {
      window.scrollBy(0, window.innerHeight * 0.8);
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    if (atEnd) {
      // The last blocks may still be coming in.
      await page.waitForLoadState('networkidle');
      const still = await page.evaluate(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2);
      if (still) break;
    }
  }
  // Every picture passed on the way down is in (those further along a sideways row wait for a swipe).
  // A picture scrolled past before the browser saw it come near is brought back into view until it is in.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const missing = [...document.images].filter((image) => {
          const box = image.getBoundingClientRect();
          return !image.complete && box.left < window.innerWidth && box.right > 0;
        });
        missing[0]?.scrollIntoView({ block: 'center' });
        return missing.map((image) => image.currentSrc || image.src);
      }),
    )
    .toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** A paid seat at the event's first session on sale (FPS, paid through the sandbox bank); the session. */
async function paidSeat(request: APIRequestContext, idToken: string) {
  const { eventDetail } = await call(request, 'getEventDetail', { EventID: EVENT, Currency: 'HKD' });
  const session = eventDetail.Variances.find((v: { SaleStatus: string; SpacesLeft: number }) => v.SaleStatus === 'OnSale' && v.SpacesLeft >= 1);
  const start = await call(
    request,
    'newEventCheckOut',
    { Language: 'en', Currency: 'HKD', VarianceID: session.VarianceID, NumberOfSeat: 1, GuestInfo: [], PaymentMethod: 'FPS' },
    idToken,
  );
  expect((await request.post(`/api/payments/sandbox/fps/${start.PaymentID}/pay`)).ok()).toBe(true);
  await expect
    .poll(async () => (await call(request, 'get-event-order', { orderID: start.OrderID }, idToken)).Order.PaymentStatus, { timeout: 15_000 })
    .toBe('Paid');
  return { varianceID: session.VarianceID as string, title: eventDetail.Title.en as string };
}

test('a visitor’s landing on a phone shows every block with the shop’s data', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const [big, newIn, survey, title, posts, plans, footer, events] = await Promise.all([
    get(request, 'getBigPromotionBanner'),
    get(request, 'getNewInSection?Currency=HKD'),
    get(request, 'getSurveyLanding'),
    get(request, 'getInspirationTitle'),
    call(request, 'list-inspiration', { Size: 8 }),
    call(request, 'getSubscriptionPlan', { Currency: 'HKD' }),
    get(request, 'getFooterContent'),
    call(request, 'getUpcomingEvents', { Currency: 'HKD', Size: 8 }),
  ]);
  await page.goto('/home');
  // The first screen: the big promotion banner, at once.
  const banner = page.locator('.banner-rail .banner').first();
  await expect(banner).toContainText(big.BannerList[0].Title.en);
  await expect(banner).toBeInViewport();
  await expect(banner.locator('img')).toHaveAttribute('fetchpriority', 'high');
  // Below it, nothing of the later blocks is fetched before the reader scrolls.
  await expect(page.getByRole('heading', { name: title.Title.en })).toHaveCount(0);

  await readToTheEnd(page);
  await expect(page.getByRole('heading', { level: 2, name: newIn.Title.en })).toBeAttached();
  await expect(page.getByText(newIn.ProductList[0].Name.en).first()).toBeAttached();

  const surveyBlock = page.locator('section.survey-landing');
  await expect(surveyBlock.getByRole('heading', { name: survey.Title.en })).toBeAttached();
  await expect(page.locator('#upcoming-tastings .event-card')).toHaveCount(events.EventList.length);

  const inspiration = page.locator('section', { has: page.getByRole('heading', { level: 2, name: title.Title.en }) });
  const links = inspiration.getByRole('link');
  await expect(links).toHaveCount(8);
  for (const [i, post] of posts.InspirationList.entries()) await expect(links.nth(i)).toHaveAttribute('href', `/inspiration/${post.InspirationID}`);

  const quarterly = plans.PlanList.find((p: { Duration: string }) => p.Duration === 'quarter');
  const svip = page.locator('article.membership-card.svip');
  await expect(svip).toContainText(quarterly.Name.en);
  await expect(svip.locator('.svip-box-price')).toContainText(`HK$${(quarterly.Price / 100).toLocaleString('en')}`);
  await expect(svip.getByRole('link', { name: 'Become an SVIP' })).toHaveAttribute('href', '/subscription');

  await expect(page.getByRole('heading', { level: 2, name: 'Best sellers' })).toBeAttached();
  // The newsletter sign-up: the footer's, once.
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await expect(page.locator('.newsletter-signup')).toHaveCount(1);
  await expect(page.getByRole('contentinfo').getByRole('link', { name: footer.Columns[0].Links[0].Label.en })).toBeAttached();

  // "See upcoming tastings" brings the tastings into view, on the same page.
  await surveyBlock.getByRole('link', { name: survey.Button.Label.en }).click();
  await expect(page.locator('#upcoming-tastings .event-card').first()).toBeInViewport();
  await expect(page).toHaveURL(/\/home$/);

  // A post opens from the row.
  await links.first().click();
  await expect(page).toHaveURL(new RegExp(`/inspiration/${posts.InspirationList[0].InspirationID}$`));
});

test('a member’s home shows their guide, their next tasting and drinks picked for their taste', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const member = await freshMember(page, request, 'landing-member');
  await call(
    request,
    'new-create-taste-card',
    { ProductID: 'tea-tieguanyin', Title: 'Orchid morning', FiveSenses: { Sweetness: 4, Sourness: 1, Bitterness: 2, Saltiness: 1, Umami: 2 }, TasteNote: ['note-honey', 'note-muscat', 'note-peach'] },
    member.idToken,
  );
  const seat = await paidSeat(request, member.idToken);
  await page.reload();

  await expect(page.getByRole('heading', { name: 'Welcome back, Ka Yan' })).toBeVisible();
  const guide = page.getByRole('list', { name: 'Your member guide' });
  await expect(guide.locator('li[data-done="true"]')).toHaveCount(3);
  await expect(page.getByText('3 of 5 done')).toBeVisible();
  await expect(guide.getByRole('link', { name: 'Become an SVIP: a tasting box every 3 months' })).toHaveAttribute('href', '/subscription');

  const next = page.getByTestId('next-tasting');
  await expect(next).toContainText(seat.title);
  await expect(next).toHaveAttribute('href', `/event_record/${EVENT}/${seat.varianceID}`);

  const picks = page.getByRole('list', { name: 'Picked for your taste' });
  await expect(picks.locator('.product-card').first()).toBeVisible();
  await expect(picks.locator('.match-badge').first()).toHaveText(/^\d+% match$/);

  // "Follow someone" leads to the inspiration row further down.
  await guide.getByRole('link', { name: 'Follow someone whose posts you like' }).click();
  await expect(page.locator('#home-inspiration .inspiration-tile').first()).toBeInViewport();

  await next.click();
  await expect(page).toHaveURL(new RegExp(`/event_record/${EVENT}/${seat.varianceID}$`));
});

for (const locale of ['en', 'zh-Hant'] as const) {
  test(`screenshots of the landing and the member home at 360, 390 and 1280 px, ${locale}: nothing overflows`, async ({ page, request }) => {
    test.setTimeout(240_000);
    await page.goto('/home');
    await page.evaluate((l) => localStorage.setItem('sg.locale', l), locale);
    // The page loaded and read once, at the first width, then looked at at every width by resizing (issue 27).
    const fitsAndShoot = async (name: string, firstContent: string) => {
      await resizeTo(page, LAYOUT_WIDTHS[0]);
      await page.goto('/home');
      // A member's landing renders as the reader comes near it (below their own home): read down, then look.
      await expect(page.locator(firstContent).first()).toBeVisible();
      await readToTheEnd(page);
      await expect(page.locator('.banner-rail .banner').first()).toBeVisible();
      await atEveryWidth(page, `${name} ${locale}`, async (width) => {
        await expect(page.locator('.banner-rail .banner').first()).toBeVisible();
        // Pictures load as the reader comes near them, and a wider window brings more of each row near: read down again.
        if (width !== LAYOUT_WIDTHS[0]) {
          await readToTheEnd(page);
          const layout = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
          expect(layout.scrollWidth, `${name} ${locale} at ${width} px, read to the end`).toBeLessThanOrEqual(layout.innerWidth);
        }
        await shoot(page, { path: `${SHOTS}/${name}-${locale}-${width}.png`, fullPage: true });
      });
    };
    await fitsAndShoot('landing', '.banner-rail .banner');
    // Signing in (support.ts) reads the English words.
    await page.evaluate(() => localStorage.setItem('sg.locale', 'en'));
    const member = await freshMember(page, request, `landing-shots-${locale}`);
    await call(
      request,
      'new-create-taste-card',
      { ProductID: 'tea-tieguanyin', Title: 'Orchid morning', FiveSenses: { Sweetness: 4, Sourness: 1, Bitterness: 2, Saltiness: 1, Umami: 2 }, TasteNote: ['note-honey', 'note-muscat', 'note-peach'] },
      member.idToken,
    );
    await paidSeat(request, member.idToken);
    await page.evaluate((l) => localStorage.setItem('sg.locale', l), locale);
    await fitsAndShoot('member-home', '#member-home-title');
  });
}
