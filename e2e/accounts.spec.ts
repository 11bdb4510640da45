import { expect, latestMailId, logIn, mailedCode, signOut, test, uniqueEmail } from './support.ts';

const PASSWORD = 'Oolong2026';

test('a newcomer signs up, verifies, answers the entry survey on the way to a member page, signs out and in again', async ({ page, request }) => {
  const email = uniqueEmail('newcomer');
  await page.goto('/home');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'New here? Create an account' }).click();

  const form = page.getByRole('dialog', { name: 'Create an account' });
  // Bad input gets words next to the field, and nothing is lost.
  await form.getByLabel('E-mail').fill('not-an-email');
  await form.getByLabel('Password', { exact: true }).fill('short');
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(form.getByText('Invalid email format')).toBeVisible();
  await expect(form.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(form.getByText('This field is required').first()).toBeVisible();

  await form.getByLabel('Given name').fill('Ka Yan');
  await form.getByLabel('Family name').fill('Wong');
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm password').fill('Oolong2027');
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(form.getByText('Two passwords are not same')).toBeVisible();
  await form.getByLabel('Confirm password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Create account' }).click();

  const verify = page.getByRole('dialog', { name: 'Verify your e-mail' });
  await expect(verify).toBeVisible();
  await verify.getByLabel('Verification code').fill(await mailedCode(request, email));
  await verify.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('button', { name: 'Account and settings' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Welcome, Ka Yan/ })).toBeVisible();

  // A paid-member-check page sends the new member through the entry survey first.
  await page.goto('/search_boxset');
  await expect(page).toHaveURL(/\/entry_survey\?returnTo=/);
  await page.getByRole('checkbox', { name: 'Tea' }).check();
  await page.getByRole('radio', { name: 'Every day' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/search_boxset$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sensory box sets' })).toBeVisible();
  // Answered once: the gate lets the member straight through now.
  await page.goto('/home');
  await page.goto('/search_boxset');
  await expect(page).toHaveURL(/\/search_boxset$/);

  await signOut(page);
  await logIn(page, email, PASSWORD);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Account and settings' })).toBeVisible();
});

test('a visitor is told when the e-mail or password is wrong, identically', async ({ page }) => {
  await page.goto('/home');
  await page.getByRole('button', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel('E-mail').fill('demo@sipandgather.hk');
  await dialog.getByLabel('Password').fill('WrongPassword1');
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Incorrect email or password');
  await dialog.getByLabel('E-mail').fill('nobody@example.com');
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Incorrect email or password');
});

test('a member who forgot the password resets it with the mailed code', async ({ page, request }) => {
  const email = uniqueEmail('forgetful');
  await request.post('/api/user-signup', { data: { email, password: PASSWORD, given_name: 'Siu Ming', family_name: 'Lee' } });
  await request.post('/api/user-confirm-signup', { data: { email, confirmationCode: await mailedCode(request, email) } });
  const before = await latestMailId(request, email);

  await page.goto('/home');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Forgot password?' }).click();
  const forgot = page.getByRole('dialog', { name: 'Forgot password' });
  await forgot.getByLabel('E-mail').fill(email);
  await forgot.getByRole('button', { name: 'Send code' }).click();

  const reset = page.getByRole('dialog', { name: 'Choose a new password' });
  await reset.getByLabel('Code').fill(await mailedCode(request, email, before));
  await reset.getByLabel('New password').fill('Jasmine2026');
  await reset.getByLabel('Confirm password').fill('Jasmine2026');
  await reset.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('dialog', { name: 'Password changed' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Password changed' }).getByRole('button', { name: 'Log in' }).click();

  const login = page.getByRole('dialog', { name: 'Log in' });
  await login.getByLabel('E-mail').fill(email);
  await login.getByLabel('Password').fill(PASSWORD);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(login.getByRole('alert')).toHaveText('Incorrect email or password');
  await login.getByLabel('Password').fill('Jasmine2026');
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Account and settings' })).toBeVisible();
});

test('a member stays signed in after the id token expires', async ({ page, request }) => {
  await page.goto('/home');
  await logIn(page, 'demo@sipandgather.hk', 'SipGather2026');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('sg.tokens') ?? '{}'));
  // Wait until the server itself refuses the id token (the e2e server issues 20-second tokens).
  await expect
    .poll(
      async () =>
        (await request.post('/api/user-get-info', { data: { accessToken: stored.accessToken }, headers: { authorization: `Bearer ${stored.idToken}` } })).status(),
      { timeout: 40_000, intervals: [1_000] },
    )
    .toBe(401);
  await page.reload();
  await expect(page.getByRole('heading', { name: /^Welcome( back)?, / })).toBeVisible();
  const refreshed = await page.evaluate(() => JSON.parse(localStorage.getItem('sg.tokens') ?? '{}'));
  expect(refreshed.idToken).not.toBe(stored.idToken);
  await page.goto('/search_boxset');
  await expect(page.getByRole('heading', { level: 1, name: 'Sensory box sets' })).toBeVisible();
});

test('a login-required page sends a visitor home with the login popup, and back after signing in', async ({ page }) => {
  await page.goto('/entry_survey');
  await expect(page).toHaveURL(/\/home\?login=true/);
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await expect(dialog).toBeVisible();
});
