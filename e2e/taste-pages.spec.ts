import type { Page } from '@playwright/test';
import { atEveryWidth, expect, LAYOUT_WIDTHS, logIn, resizeTo, scrollDownUntil, shoot, test } from './support.ts';

/**
 * Taste pages (issue 16) in Chromium against the real server and its seed: a seeded taster sees the
 * product's cards, its average profile and similar products, their own match; archives and unarchives a
 * card of theirs from My taste cards. Then the pages at 360 and 390 px and on a desktop, en and zh-Hant.
 */
const SHOTS = process.env.TASTE_SHOTS_DIR ?? '/tmp/taste-pages-shots';
// A seeded taster (server/db/seed/taste-card-data.ts), with the demo member's password.
const TASTER = { email: 'kayan.taster@sipandgather.hk', password: 'SipGather2026' };
const PRODUCT = 'tea-tieguanyin';

/** The taste sections load as the reader scrolls near them: scroll down until they are in. */
async function scrollToTaste(page: Page) {
  const heading = page.getByRole('heading', { name: /Tasting notes|品嚐筆記/ });
  await scrollDownUntil(page, heading);
  await heading.scrollIntoViewIfNeeded();
}

test('a member sees the cards, profile, similar products and their match on a product page, and archives and unarchives a card', async ({ page }) => {
  await page.goto(`/product/${PRODUCT}`);
  // Nothing of the taste sections before the reader goes near them.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await logIn(page, TASTER.email, TASTER.password);
  await scrollToTaste(page);

  const cards = page.getByRole('region', { name: 'Taste cards' });
  await expect(cards.getByRole('button', { name: 'Orchid in a warm gaiwan' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Average five senses' })).toBeVisible();
  await expect(page.getByText(/Average of \d+ taste cards?/)).toBeVisible();
  await expect(page.getByText(/^Your match: \d+%$/)).toBeVisible();
  await expect(page.locator('.taste-match-reasons li').first()).toBeVisible();
  const similar = page.getByRole('region', { name: 'Similar products' });
  await similar.scrollIntoViewIfNeeded();
  await expect(similar.getByRole('link').first()).toHaveAttribute('href', '/product/tea-dancong-milan');
  await expect(similar.getByText(/\d+% alike/).first()).toBeVisible();

  // The whole card, from its title.
  await cards.getByRole('button', { name: 'Orchid in a warm gaiwan' }).click();
  const whole = page.getByRole('dialog', { name: 'Orchid in a warm gaiwan' });
  await expect(whole.getByRole('heading', { name: 'Recipe' })).toBeVisible();
  await expect(whole.getByText('Rinse the leaves for 5 seconds')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(whole).toBeHidden();

  // My taste cards, from the account popup: archive, then unarchive.
  await page.getByRole('button', { name: 'Account and settings' }).click();
  await page.getByRole('dialog', { name: 'Account and settings' }).getByRole('button', { name: 'My taste cards' }).click();
  const list = page.getByRole('dialog', { name: 'My taste cards' });
  const mine = list.locator('article', { has: page.getByRole('button', { name: 'Orchid in a warm gaiwan' }) });
  await expect(mine.getByText('Published')).toBeVisible();
  await mine.getByRole('button', { name: 'Archive' }).click();
  await expect(mine.getByText('Archived')).toBeVisible();
  // Gone from the product page's cards.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(cards.getByRole('button', { name: 'Orchid in a warm gaiwan' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Account and settings' }).click();
  await page.getByRole('dialog', { name: 'Account and settings' }).getByRole('button', { name: 'My taste cards' }).click();
  await mine.getByRole('button', { name: 'Unarchive' }).click();
  await expect(mine.getByText('Published')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(cards.getByRole('button', { name: 'Orchid in a warm gaiwan' })).toBeVisible();
});

for (const locale of ['en', 'zh-Hant'] as const) {
  test(`taste pages at 360 and 390 px and on a desktop, ${locale}: nothing overflows`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.goto('/home');
    await logIn(page, TASTER.email, TASTER.password);
    await page.evaluate((l) => localStorage.setItem('sg.locale', l), locale);
    // Each page and state is loaded once, at the narrowest phone, and looked at at every width by resizing (issue 27).
    await resizeTo(page, LAYOUT_WIDTHS[0]);
    // A part of the page, clipped where it lies at the width being shot.
    const part = async (selector: string, name: string, width: number) => {
      const box = await page.locator(selector).first().evaluate((element) => {
        const r = element.getBoundingClientRect();
        return { x: 0, y: r.top + window.scrollY - 8, width: document.documentElement.clientWidth, height: r.height + 16 };
      });
      await shoot(page, { path: `${SHOTS}/${name}-${locale}-${width}.png`, fullPage: true, clip: box });
    };

    await page.goto(`/product/${PRODUCT}`);
    await scrollToTaste(page);
    const tasteShows = async () => {
      await expect(page.locator('.taste-card-list li').first()).toBeVisible();
      await expect(page.locator('.taste-similar .product-card').first()).toBeVisible();
      await expect(page.locator('.taste-match-score')).toBeVisible();
    };
    await tasteShows();
    await atEveryWidth(page, 'product page', async (width) => {
      await tasteShows();
      await part('.taste-section', 'product-taste', width);
      await part('.taste-similar', 'product-similar', width);
    });

    // A seeded card with its recipe (other specs of the run may have written newer cards, without one, for
    // this drink): 'More taste cards' until it is listed.
    const withRecipe = page.locator('.taste-card-title button', { hasText: 'Orchid in a warm gaiwan' });
    await expect(async () => {
      if ((await withRecipe.count()) === 0) await page.getByRole('button', { name: /More taste cards|更多品鑑卡/ }).click({ timeout: 1_000 });
      await expect(withRecipe).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await withRecipe.click();
    await expect(page.locator('.taste-recipe')).toBeVisible();
    await atEveryWidth(page, 'a whole card', async (width) => {
      await expect(page.locator('.taste-recipe')).toBeVisible();
      // The card from its top, as it opens: the part shots of the width before scrolled inside the popup.
      await page.locator('.taste-card-whole').evaluate((card) => {
        for (let e = card.parentElement; e && e !== document.body; e = e.parentElement) e.scrollTop = 0;
      });
      await shoot(page, { path: `${SHOTS}/card-${locale}-${width}.png` });
      // The card's radar, recipe and steps, scrolled to inside the popup.
      await shoot(page.locator('.taste-recipe').locator('..'), { path: `${SHOTS}/card-recipe-${locale}-${width}.png` });
      await shoot(page.locator('.taste-card-whole .taste-radar'), { path: `${SHOTS}/card-radar-${locale}-${width}.png` });
    });
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: /Account and settings|帳戶及設定/ }).click();
    await page.locator('.account-links button').nth(2).click();
    await expect(page.locator('.taste-card-list li').first()).toBeVisible();
    await atEveryWidth(page, 'my taste cards', async (width) => {
      await expect(page.locator('.taste-card-list li').first()).toBeVisible();
      await shoot(page, { path: `${SHOTS}/my-cards-${locale}-${width}.png` });
    });
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');

    await page.goto('/daily_sip/select_product');
    const dailySipShows = async () => {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('.daily-sip-choice').first()).toBeVisible();
    };
    await dailySipShows();
    await atEveryWidth(page, 'daily sip', async (width) => {
      await dailySipShows();
      await shoot(page, { path: `${SHOTS}/daily-sip-${locale}-${width}.png`, fullPage: true });
    });

    await page.goto('/home');
    await expect(page.locator('.daily-sip-streak')).toBeVisible();
    await atEveryWidth(page, 'member home', async (width) => {
      await expect(page.locator('.daily-sip-streak')).toBeVisible();
      await part('.member-home', 'member-home', width);
    });
  });
}
