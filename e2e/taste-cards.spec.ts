import type { APIRequestContext, Page } from '@playwright/test';
import { atEveryWidth, expect, freshMember, LAYOUT_WIDTHS, resizeTo, scrollDownUntil, shoot, test } from './support.ts';

/**
 * Writing a taste card in Chromium on a phone against the real server (issue 16): from a product page's
 * "Write a taste card" through every step (five senses with the keyboard, notes and an aroma from the
 * wheel's search, a word of one's own, the recipe with units and a step, title and a photo with its
 * preview, review) to the success page with the card; the card on the drink's page (read afresh though
 * the page was seen before writing); archived from the member's "My taste cards", after which the
 * public read answers not found and the drink's page no longer shows it. Then the steps at 360 and
 * 390 px and on a desktop, in English and Chinese: nothing overflows.
 */

const PRODUCT = 'tea-tieguanyin';
const SHOTS = process.env.TASTE_SHOTS_DIR ?? '/tmp/taste-flow-shots';
// A 2×2 PNG: the photo the member adds.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGNkYPj/n4GBgYGJgYGBAQAcAwH/0fG6KQAAAABJRU5ErkJggg==', 'base64');

async function call(request: APIRequestContext, name: string, data: object, idToken?: string) {
  return request.post(`/api/${name}`, { data, headers: idToken ? { authorization: `Bearer ${idToken}` } : {} });
}

async function pickWord(page: Page, picker: string, searchLabel: string, keyword: string, name: string) {
  const group = page.getByRole('group', { name: picker });
  await group.getByLabel(searchLabel).fill(keyword);
  await group.getByRole('list', { name: 'Matches' }).getByRole('button', { name, exact: true }).click();
  await group.getByLabel(searchLabel).fill('');
}

/** Nothing wider than the page. */
async function expectNoOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a member writes a taste card for a product from its page, sees it there and in their list, and archives it', async ({ page, request }) => {
  await freshMember(page, request, 'taste-writer');
  await page.goto(`/product/${PRODUCT}`);
  // The product's own button (a member without cards is also offered one where their match would be, once it loads).
  await page.getByRole('link', { name: 'Write a taste card' }).first().click();

  await expect(page).toHaveURL(/\/taste_card\/steps/);
  await expect(page.getByRole('heading', { level: 1, name: 'Five senses' })).toBeVisible();
  await expect(page.getByText('Step 1 of 5')).toBeVisible();
  const sweetness = page.getByRole('slider', { name: 'Sweetness' });
  await sweetness.focus();
  await page.keyboard.press('ArrowRight');
  await expect(sweetness).toHaveAttribute('aria-valuetext', '4 · Strong');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Notes and aromas' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Select at least 3 items')).toBeVisible();
  await pickWord(page, 'Taste notes', 'Find a taste note', 'jasm', 'Jasmine');
  await pickWord(page, 'Taste notes', 'Find a taste note', 'honey', 'Honey');
  await pickWord(page, 'Taste notes', 'Find a taste note', 'orch', 'Orchid');
  await page.getByLabel('A note of your own').fill('Wet stone');
  await page.getByLabel('A note of your own').press('Enter');
  await expect(page.getByRole('button', { name: 'Remove Wet stone' })).toBeVisible();
  await pickWord(page, 'Aromas', 'Find an aroma', 'orch', 'Orchid');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Recipe' })).toBeVisible();
  await page.getByLabel('Water (ml)').fill('150');
  await page.getByLabel('Amount (g)').fill('7');
  await page.getByLabel('Temperature (°C)').fill('95');
  await page.getByLabel('Brewing time').fill('45');
  await page.getByLabel('Unit').selectOption('sec');
  await page.getByRole('button', { name: 'Add a step' }).click();
  await page.getByRole('textbox', { name: 'Step 1', exact: true }).fill('Rinse the leaves once');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Title and photo' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Card title' }).fill('Orchid and honey, second steep');
  await page.getByLabel('Add a photo').setInputFiles({ name: 'cup.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Your photo' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Review' })).toBeVisible();
  await expect(page.getByText('With your photo')).toBeVisible();
  await page.getByRole('button', { name: 'Save and publish' }).click();

  await expect(page).toHaveURL(/\/taste_card\/success\?cardID=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your taste card is published' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Orchid and honey, second steep' })).toBeVisible();
  await shoot(page, { path: `${SHOTS}/success-phone-en.png`, fullPage: true });
  const cardID = new URL(page.url()).searchParams.get('cardID')!;

  const published = await call(request, 'new-get-public-taste-card', { CardID: cardID });
  expect(published.ok()).toBe(true);
  const { Card } = await published.json();
  expect(Card).toMatchObject({ Status: 'Published', ProductID: PRODUCT, ProductImageType: 'photo', CustomTasteNote: ['Wet stone'] });
  expect(Card.TasteNote.map((n: { Name: { en: string } }) => n.Name.en)).toEqual(['Jasmine', 'Honey', 'Orchid']);

  // On the drink's page, among its taste cards.
  await page.getByRole('link', { name: "See the drink's page" }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${PRODUCT}$`));
  const tasteHeading = page.getByRole('heading', { name: 'Tasting notes' });
  await scrollDownUntil(page, tasteHeading);
  const cards = page.getByRole('region', { name: 'Taste cards' });
  await expect(cards.getByRole('button', { name: 'Orchid and honey, second steep' })).toBeVisible();

  // In the member's list, where it is archived: gone from public reads and from the drink's page.
  await page.getByRole('button', { name: 'Account and settings' }).click();
  await page.getByRole('dialog', { name: 'Account and settings' }).getByRole('button', { name: 'My taste cards' }).click();
  const list = page.getByRole('dialog', { name: 'My taste cards' });
  const mine = list.locator('article', { has: page.getByRole('button', { name: 'Orchid and honey, second steep' }) });
  await expect(mine.getByText('Published')).toBeVisible();
  await mine.getByRole('button', { name: 'Archive' }).click();
  await expect(mine.getByText('Archived')).toBeVisible();
  expect((await call(request, 'new-get-public-taste-card', { CardID: cardID })).ok()).toBe(false);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(cards.getByRole('button', { name: 'Orchid and honey, second steep' })).toHaveCount(0);
});

test('the steps at 360 and 390 px and on a desktop, in English and Chinese: nothing overflows', async ({ page, request }) => {
  // Thirty full-page screenshots on two shared cores.
  test.setTimeout(240_000);
  // Each load starts afresh: no draft from the locale before.
  await page.addInitScript(() => {
    for (const key of Object.keys(localStorage)) if (key.startsWith('sg_taste_card_draft')) localStorage.removeItem(key);
  });
  await freshMember(page, request, 'taste-shots');
  for (const locale of ['en', 'zh-Hant'] as const) {
    await page.evaluate((l) => localStorage.setItem('sg.locale', l), locale);
    // The steps are walked once, at the narrowest phone, and each is looked at at every width by resizing (issue 27).
    await resizeTo(page, LAYOUT_WIDTHS[0]);
    await page.goto(`/new_tastecard/${PRODUCT}`);
    await expect(page).toHaveURL(/\/taste_card\/steps/);
    const next = page.getByRole('button', { name: locale === 'en' ? 'Next' : '下一步' });
    for (const step of ['senses', 'notes', 'recipe', 'details', 'review']) {
      await expect(page.locator('.taste-step-title')).toBeVisible();
      if (step === 'notes') {
        // Three notes so the step lets the member on.
        const chosen = await page.locator('.taste-chosen button').count();
        if (chosen < 3) {
          const words = page.getByRole('group').first().locator('.taste-words button[aria-pressed="false"]');
          for (let i = chosen; i < 3; i++) await words.first().click();
        }
      }
      if (step === 'recipe' && (await page.locator('.taste-step-row').count()) === 0) {
        await page.locator('.taste-steps-list > button').click();
        await page.locator('.taste-step-row textarea').fill(locale === 'en' ? 'Warm the pot and rinse the leaves' : '溫壺，洗茶');
      }
      if (step === 'details') await page.locator('.taste-details input').first().fill(locale === 'en' ? 'Orchid and honey' : '蘭香蜜韻');
      await atEveryWidth(page, `${step}, ${locale}`, async (width) => {
        await expect(page.locator('.taste-step-title')).toBeVisible();
        await expectNoOverflow(page);
        await shoot(page, { path: `${SHOTS}/${step}-${width}-${locale}.png`, fullPage: true });
      });
      if (step !== 'review') await next.click();
    }
  }
});
