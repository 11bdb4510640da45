import type { Browser, Page } from '@playwright/test';
import { tinyPng } from '../tests/support/images.ts';
import { expect, freshMember, shoot, test } from './support.ts';

/**
 * Inspiration in Chromium against the real server (issue 19): a member publishes a post with two photos and a
 * product; a second member likes it, comments and follows its author; the first sees the like, the comment and
 * the follower; archiving the post hides it from a visitor (its page and the list's search).
 */

const TITLE = `Balcony oolong ${Date.now()}`;

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  return context.newPage();
}

test('a member publishes a post; another likes, comments and follows; archived, a visitor no longer finds it', async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await freshMember(page, request, 'insp-author');

  // The author writes the post: two photos, a product, a title and a tag.
  await page.goto('/new_inspiration');
  await expect(page.getByRole('heading', { level: 1, name: 'New post' })).toBeVisible();
  await page.getByLabel('Choose pictures or videos').setInputFiles([
    { name: 'cup.png', mimeType: 'image/png', buffer: tinyPng([200, 120, 40, 255]) },
    { name: 'pot.png', mimeType: 'image/png', buffer: tinyPng([40, 120, 200, 255]) },
  ]);
  await expect(page.getByText('2 of 2 uploaded')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('searchbox', { name: 'Search the shop' }).fill('oolong');
  await page.getByRole('searchbox', { name: 'Search the shop' }).press('Enter');
  await page.getByRole('list', { name: 'Search results' }).getByRole('button', { name: /^Add / }).first().click();
  await expect(page.getByRole('list', { name: 'Products in the post' }).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: 'Title' }).fill(TITLE);
  await page.getByRole('textbox', { name: 'Description' }).fill('Second steep, <b>as typed</b>.');
  await page.getByRole('textbox', { name: 'Tags' }).fill('gongfu');
  await page.getByRole('textbox', { name: 'Tags' }).press('Enter');
  await page.getByRole('button', { name: 'Publish' }).click();

  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page).toHaveURL(/\/inspiration\/[^/]+$/);
  const postUrl = new URL(page.url()).pathname;
  await expect(page.getByText('Second steep, <b>as typed</b>.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show picture 2' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'In this post' })).toBeVisible();
  const authorPath = await page.locator('.post-author-link').getAttribute('href');
  expect(authorPath).toMatch(/^\/user\//);

  // A second member likes it, comments and follows the author.
  const reader = await newPage(browser);
  await freshMember(reader, request, 'insp-reader');
  await reader.goto(postUrl);
  await expect(reader.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  const like = reader.getByRole('button', { name: 'Like', exact: true });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveText('1');
  await reader.getByLabel('Write a comment').fill('Lovely light on that balcony');
  await reader.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(reader.getByText('Lovely light on that balcony')).toBeVisible();
  await reader.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(reader.getByRole('button', { name: 'Following' })).toBeVisible();
  // Once the follow is sent, the author's page counts it.
  await expect(async () => {
    await reader.goto(authorPath!);
    await expect(reader.getByText('1 follower')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });

  // The author sees the like, the comment and the follower.
  await page.goto(postUrl);
  await expect(page.getByRole('button', { name: 'Like', exact: true })).toHaveText('1');
  await expect(page.getByText('Lovely light on that balcony')).toBeVisible();
  await page.goto(authorPath!);
  await expect(page.getByText('1 follower')).toBeVisible();
  await page.getByRole('tab', { name: 'Followers' }).click();
  await expect(page.locator('.follow-item')).toHaveCount(1);

  // Archived: the author still sees it; a visitor does not, on its page or in the list.
  await page.goto(postUrl);
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit post' })).toBeVisible();
  await page.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText('Archived: only you can see it.')).toBeVisible();

  const visitor = await newPage(browser);
  await visitor.goto(postUrl);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Post not found' })).toBeVisible();
  await visitor.goto(`/inspiration?q=${encodeURIComponent(TITLE)}`);
  await expect(visitor.getByText('No posts match. Try another word or fewer filters.')).toBeVisible();
});

test('the editor asks before leaving with changes, keeps the draft and offers it back; the question fits 360 px in en and zh-Hant', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 780 });
  await freshMember(page, request, 'insp-draft');
  const fits = async (name: string) => {
    await page.evaluate(() => document.fonts.ready);
    const layout = await page.evaluate(() => {
      const dialog = document.querySelector('[role=alertdialog]')!.getBoundingClientRect();
      const buttons = [...document.querySelectorAll('[role=alertdialog] button')].map((b) => b.scrollWidth - b.clientWidth);
      return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, left: dialog.left, right: dialog.right, clipped: Math.max(...buttons) };
    });
    expect(layout.scrollWidth, name).toBeLessThanOrEqual(layout.innerWidth);
    expect(layout.left, name).toBeGreaterThanOrEqual(0);
    expect(layout.right, name).toBeLessThanOrEqual(layout.innerWidth);
    expect(layout.clipped, `${name}: a button's words overflow it`).toBeLessThanOrEqual(0);
    await shoot(page, { path: testInfo.outputPath(`${name}.png`) });
  };

  await page.goto('/new_inspiration');
  await expect(page.getByRole('heading', { level: 1, name: 'New post' })).toBeVisible();
  await page.getByLabel('Choose pictures or videos').setInputFiles([{ name: 'cup.png', mimeType: 'image/png', buffer: tinyPng([200, 120, 40, 255]) }]);
  await expect(page.getByText('1 of 1 uploaded')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: 'Title' }).fill('Draft on the balcony');

  // A link in the shop: the question first; keeping on writing stays.
  await page.locator('a.brand').click();
  const question = page.getByRole('alertdialog', { name: 'Leave your post?' });
  await expect(question).toBeVisible();
  await fits('leave-question-en-360');
  await question.getByRole('button', { name: 'Keep writing' }).click();
  await expect(question).toBeHidden();
  await expect(page).toHaveURL(/\/edit_inspiration$/);
  await page.locator('a.brand').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Leave and keep the draft' }).click();
  await expect(page).toHaveURL(/\/home$/);

  // Back on a new post, in Chinese: the draft is offered and continues as it was.
  await page.evaluate(() => localStorage.setItem('sg.locale', 'zh-Hant'));
  await page.goto('/new_inspiration');
  const offer = page.getByRole('region', { name: '繼續你的草稿？' });
  await expect(offer).toBeVisible();
  await expect(offer.getByText('Draft on the balcony')).toBeVisible();
  await offer.getByRole('button', { name: '繼續草稿' }).click();
  await expect(page.getByText('Draft on the balcony')).toBeHidden();
  await page.getByRole('button', { name: '下一步' }).click();
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.locator('.editor-panel input[maxlength="100"]')).toHaveValue('Draft on the balcony');
  await page.locator('.editor-panel input[maxlength="100"]').fill('Draft on the balcony, second steep');
  await page.locator('a.brand').click();
  await expect(page.getByRole('alertdialog', { name: '離開你的貼文？' })).toBeVisible();
  await fits('leave-question-zh-Hant-360');
  await page.getByRole('alertdialog').getByRole('button', { name: '繼續填寫' }).click();

  // Closing the tab with changes: the browser's own question.
  const unload = new Promise<string>((resolve) => page.once('dialog', (dialog) => (resolve(dialog.type()), void dialog.accept())));
  await page.close({ runBeforeUnload: true });
  expect(await unload).toBe('beforeunload');
});
