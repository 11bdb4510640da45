/**
 * Invitations (issue 31) in Chromium: a newcomer opens a member's invite link, signs up on the spot, is brought
 * back to the invitation and is a Regular Member, invited by the demo member; the page and the account's
 * Membership tab at two phones and a desktop, in English and Chinese.
 */
import { atEveryWidth, expect, logIn, mailedCode, shoot, test, uniqueEmail } from './support.ts';

// The demo member's code (server/db/seed/invite-data.ts), as the README gives it.
const DEMO_CODE = 'MEICHAN8';
const SHOTS = 'test-results/shots/invitations';

// A device of its own: the shop takes only so many sign-ups from one address.
test.use({ extraHTTPHeaders: { 'x-forwarded-for': '198.18.31.7' } });

test('a newcomer opens an invite link, signs up and is a Regular Member', async ({ page, request }) => {
  const email = uniqueEmail('invited');
  await page.goto(`/activate_invitation/${DEMO_CODE.toLowerCase()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'You are invited to Sip & Gather' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign up' }).click();

  const form = page.getByRole('dialog', { name: 'Create an account' });
  await expect(form.getByText('Sign up to accept your invitation and become a Regular Member.')).toBeVisible();
  await form.getByLabel('Given name').fill('Siu Fung');
  await form.getByLabel('Family name').fill('Lee');
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Password', { exact: true }).fill('Oolong2026');
  await form.getByLabel('Confirm password').fill('Oolong2026');
  await form.getByRole('button', { name: 'Create account' }).click();
  const verify = page.getByRole('dialog', { name: 'Verify your e-mail' });
  await verify.getByLabel('Verification code').fill(await mailedCode(request, email));
  await verify.getByRole('button', { name: 'Verify' }).click();

  // Back on the invitation, accepted without another tap.
  await expect(page).toHaveURL(new RegExp(`/activate_invitation/${DEMO_CODE.toLowerCase()}$`));
  await expect(page.getByRole('heading', { name: 'You are a Regular Member' })).toBeVisible();
  await expect(page.getByText('Invited by mei_sips.')).toBeVisible();
  await atEveryWidth(page, 'the accepted invitation', (width) => shoot(page, { path: `${SHOTS}/accepted-en-${width}.png`, fullPage: true }));

  await page.getByRole('button', { name: 'See your membership' }).click();
  const account = page.getByRole('dialog', { name: 'Account and settings' });
  await expect(account.getByRole('tab', { name: 'Membership' })).toHaveAttribute('aria-selected', 'true');
  await expect(account.getByText(/^Invited by mei_sips on /)).toBeVisible();
  const own = account.locator('.invite-code').first();
  await expect(own.getByText(/^Used 0 of 5/)).toBeVisible();
  await expect(own.locator('.invite-code-value')).toHaveText(/^[A-Z2-9]{8}$/);
  await atEveryWidth(page, 'the Membership tab', (width) => shoot(page, { path: `${SHOTS}/membership-en-${width}.png` }));
});

test('the invitation and the Membership tab in Chinese: nothing overflows', async ({ page }) => {
  await page.goto('/home');
  await page.evaluate(() => localStorage.setItem('sg.locale', 'zh-Hant'));
  await page.goto(`/activate_invitation/${DEMO_CODE}`);
  await expect(page.getByRole('heading', { level: 1, name: '您獲邀加入 Sip & Gather' })).toBeVisible();
  await atEveryWidth(page, 'the invitation (zh-Hant)', (width) => shoot(page, { path: `${SHOTS}/visitor-zh-${width}.png`, fullPage: true }));

  await page.evaluate(() => localStorage.setItem('sg.locale', 'en'));
  await page.reload();
  await logIn(page, 'demo@sipandgather.hk', 'SipGather2026');
  // The demo member's own code: refused in place, in words, not through the error popup.
  await page.getByRole('button', { name: 'Become a Regular Member' }).click();
  await expect(page.getByRole('alert')).toHaveText('This is your own invite code: share it with a friend instead.');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.evaluate(() => localStorage.setItem('sg.locale', 'zh-Hant'));
  await page.reload();
  await page.getByRole('button', { name: '帳戶及設定' }).click();
  const account = page.getByRole('dialog', { name: '帳戶及設定' });
  await account.getByRole('tab', { name: '會員計劃' }).click();
  await expect(account.getByText(/由 wingyan_gongfu 邀請加入/)).toBeVisible();
  await expect(account.locator('.invite-code-value').first()).toHaveText(DEMO_CODE);
  await atEveryWidth(page, 'the Membership tab (zh-Hant)', (width) => shoot(page, { path: `${SHOTS}/membership-zh-${width}.png` }));
});
