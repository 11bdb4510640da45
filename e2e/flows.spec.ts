import { expect, logIn, test } from './support.ts';

test('the flow atlas draws the bag machine and runs it, by clicking events, to a refused coupon', async ({ page }) => {
  await page.goto('/testing');
  await expect(page.getByRole('heading', { level: 1, name: 'Flow atlas' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Machines' }).getByRole('button', { name: 'bag', exact: true }).click();
  await expect(page).toHaveURL(/\/testing\?machine=bag$/);

  const chart = page.getByRole('img', { name: 'Statechart of bag' });
  await expect(chart).toBeVisible();
  const state = (id: string) => chart.locator(`[data-state="${id}"]`);
  const current = page.getByTestId('current-state');
  await expect(state('bag.loading')).toHaveAttribute('data-active', 'true');

  await page.getByRole('button', { name: 'getShoppingBag → ok #1' }).click();
  await expect(current).toHaveText('idle.ready');
  await expect(state('bag.idle.ready')).toHaveAttribute('data-active', 'true');
  await expect(state('bag.loading')).toHaveAttribute('data-active', 'false');

  await page.getByRole('button', { name: 'APPLY_COUPON {"code":"welcome10"}' }).click();
  await expect(state('bag.applyingCoupon')).toHaveAttribute('data-active', 'true');
  await page.getByRole('button', { name: 'couponApply → 70600' }).click();
  await expect(state('bag.refreshing')).toHaveAttribute('data-active', 'true');
  await page.getByRole('button', { name: 'getShoppingBag → ok #1' }).click();

  // The bag is back on screen with the coupon's refusal kept: highlighted, and in the context.
  await expect(current).toHaveText('idle.ready');
  await expect(state('bag.idle.ready')).toHaveAttribute('data-active', 'true');
  await expect(state('bag.idle')).toHaveAttribute('data-active', 'true');
  await expect(chart.locator('[data-active="true"]')).toHaveCount(3);
  await page.getByText('Context', { exact: true }).click();
  await expect(page.locator('.flow-sim pre')).toContainText('"couponError"');
  await expect(page.locator('.flow-sim pre')).toContainText('"reason": "Expired"');

  // The step history can be rewound to before the coupon.
  await page.getByRole('button', { name: 'Rewind to step 2' }).click();
  await expect(state('bag.idle.ready')).toHaveAttribute('data-active', 'true');
  await expect(page.locator('.flow-sim pre')).not.toContainText('couponError');
});

test('the live inspector shows the bag actor of another page as a product is added', async ({ page, context }) => {
  await page.goto('/home');
  await logIn(page, 'demo@sipandgather.hk', 'SipGather2026');
  await page.goto('/product/tea-tieguanyin');
  const addForm = page.getByRole('form', { name: 'Add to bag' });
  await expect(addForm.getByRole('button', { name: 'Add to bag' })).toBeEnabled();

  const inspector = await context.newPage();
  await inspector.goto('/testing2');
  await expect(inspector.getByRole('heading', { level: 1, name: 'Live inspector' })).toBeVisible();
  // The shop page answers the inspector's hello with its actors.
  const otherPage = inspector.getByRole('table').locator('tr[data-actor="bag"]').filter({ hasNotText: 'this page' });
  await expect(otherPage).toHaveCount(1);
  await expect(otherPage).toContainText('idle');

  await addForm.getByRole('button', { name: 'Add to bag' }).click();

  const log = inspector.getByRole('list', { name: 'Event log' });
  const added = log.locator('li[data-actor="bag"][data-event="ADD"]');
  await expect(added).toHaveCount(1);
  await expect(added).toContainText('adding');
  await expect(log.locator('li[data-actor="bag › addShoppingBag"]').first()).toBeAttached();
  await expect(log.locator('li[data-actor="bag"][data-event="xstate.done.actor.getShoppingBag"]').first()).toBeAttached();

  // The event's snapshot diff.
  await added.locator('summary').click();
  await expect(added.locator('.inspector-diff')).toContainText('value');
  await expect(added.locator('.inspector-diff')).toContainText('"adding"');

  // Filtering by actor keeps only that actor's events.
  await inspector.getByRole('combobox', { name: 'Actor' }).selectOption({ label: `bag (page ${await pageTab(inspector)})` });
  await expect(log.locator(':scope > li:not([data-actor="bag"])')).toHaveCount(0);
  await expect(added).toHaveCount(1);
});

/** The short name the inspector gives the other page. */
async function pageTab(inspector: import('@playwright/test').Page): Promise<string> {
  const cell = inspector.getByRole('table').locator('tr[data-actor="bag"]').filter({ hasNotText: 'this page' }).locator('td').nth(1);
  return ((await cell.textContent()) ?? '').replace(/^page /, '').trim();
}
