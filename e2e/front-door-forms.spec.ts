import type { APIRequestContext, Page } from '@playwright/test';
import { atEveryWidth, expect, LAYOUT_WIDTHS, mailedCode, resizeTo, shoot, test, tokensAnew, uniqueEmail } from './support.ts';

/**
 * The front door's forms in Chromium against the real server (issue 20): a business enquiry sent from the
 * form, with its confirmation in the enquirer's outbox and the team's copy; an NFC tag's page adding its
 * product to a member's drinks, the member signing in from the page. Then both pages at 360 and 390 px and
 * on a desktop, in English and Chinese (empty, with errors, sent; a tag found and unknown): nothing overflows.
 */

const PASSWORD = 'Oolong2026';
const TAG = { id: 'nfc_g2trzncetv', productId: 'tea-tieguanyin', name: 'Anxi Tieguanyin' };
const SHOTS = process.env.FRONT_DOOR_SHOTS_DIR ?? '/tmp/front-door-shots';

async function call(request: APIRequestContext, name: string, data: object, idToken?: string, address?: string) {
  const headers: Record<string, string> = { ...(idToken ? { authorization: `Bearer ${idToken}` } : {}), ...(address ? { 'x-forwarded-for': address } : {}) };
  const answer = await request.post(`/api/${name}`, { data, headers });
  expect(answer.ok(), `${name}: ${await answer.text()}`).toBe(true);
  return answer.json();
}

const clientAddress = () => `198.19.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;

/** A verified member past the entry survey, made through the API and not signed in on any page. */
async function apiMember(request: APIRequestContext, label: string) {
  const email = uniqueEmail(label);
  const address = clientAddress();
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

async function outbox(request: APIRequestContext, email: string): Promise<Array<{ subject: string; text: string; headers: Record<string, string> }>> {
  return (await (await request.get(`/api/dev/outbox?email=${encodeURIComponent(email)}`)).json()).Mails ?? [];
}

async function fillEnquiry(page: Page, email: string, zh = false) {
  await page.getByLabel(zh ? '全名' : 'Full name').fill(zh ? '陳美玲' : 'Mei Ling Chan');
  await page.getByLabel(zh ? '電郵' : 'E-mail', { exact: true }).fill(email);
  await page.getByLabel(zh ? '聯絡電話' : 'Contact number').fill('9123 4567');
  await page.getByLabel(zh ? '查詢類別' : 'Enquiry type').selectOption({ label: zh ? '精選禮盒' : 'Curated box sets' });
  await page.getByLabel(zh ? '訊息（選填）' : 'Message (optional)').fill(zh ? '十二月需要四十盒。' : 'Forty boxes for December, for our hotel guests.');
  await page.getByRole('checkbox').check();
}

test('a business enquiry sent from the form: the enquirer’s confirmation and the team’s copy are in the outbox', async ({ page, request }) => {
  const email = uniqueEmail('hotel-buyer');
  await page.goto('/b2b_enquiry');
  await expect(page.getByRole('heading', { level: 1, name: 'Business enquiries' })).toBeVisible();
  await fillEnquiry(page, email);
  await page.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you, your enquiry is sent' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  await expect.poll(async () => (await outbox(request, email))[0]?.subject).toBe('We received your business enquiry');
  const [mine] = await outbox(request, email);
  expect(mine!.text).toContain('curated box sets');
  // It quotes nothing the sender typed (issue 26, 3): not the phone number, not the name.
  expect(mine!.text).not.toContain('91234567');
  expect(mine!.text).not.toContain('Mei Ling Chan');
  const team = (await outbox(request, 'partners@sipandgather.hk')).find((m) => m.text.includes(email));
  expect(team?.subject).toBe('Business enquiry: Curated box sets from Mei Ling Chan');
  expect(team?.headers['Reply-To']).toBe(email);
});

test('an NFC tag’s page adds its product to a member’s drinks, the member signing in from the page', async ({ page, request }) => {
  const member = await apiMember(request, 'nfc-taster');
  await page.goto(`/nfc/${TAG.id}`);
  await expect(page.getByRole('heading', { level: 1, name: TAG.name })).toBeVisible();
  await expect(page.getByText(/^From HK\$/)).toBeVisible();
  // Chromium on a desktop: no Web NFC, so no scanning is offered.
  const webNfc = await page.evaluate(() => 'NDEFReader' in window);
  await expect(page.getByRole('button', { name: 'Scan a tag' })).toHaveCount(webNfc ? 1 : 0);

  await page.getByRole('button', { name: 'Add to my drinks' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await expect(dialog.getByText(`Log in to add ${TAG.name} to your drinks.`)).toBeVisible();
  await dialog.getByLabel('E-mail').fill(member.email);
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Added to your drinks.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/nfc/${TAG.id}$`));

  const { ProductList } = await call(request, 'list-user-product', { Currency: 'HKD' }, (await tokensAnew(request, member.email, PASSWORD)).idToken);
  expect(ProductList.map((d: { Product: { ProductID: string }; Sources: string[] }) => [d.Product.ProductID, d.Sources])).toEqual([[TAG.productId, ['nfc']]]);
});

/** The page as it stands, once it shows `shows`, at every layout width: nothing overflows, and a shot of it at each. */
async function fitsAndShoot(page: Page, name: string, shows: () => Promise<void>) {
  await shows();
  await atEveryWidth(page, name, async (width) => {
    await shows();
    await shoot(page, { path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  });
}

for (const locale of ['en', 'zh-Hant'] as const) {
  test(`the enquiry form and the tag page at 360 and 390 px and on a desktop, ${locale}: nothing overflows`, async ({ page }) => {
    const zh = locale === 'zh-Hant';
    await page.goto('/home');
    await page.evaluate((l) => localStorage.setItem('sg.locale', l), locale);
    // Each page and state is loaded once, at the narrowest phone, and looked at at every width by resizing (issue 27).
    await resizeTo(page, LAYOUT_WIDTHS[0]);
    await page.goto('/b2b_enquiry');
    await fitsAndShoot(page, `b2b-empty-${locale}`, () => expect(page.getByRole('heading', { level: 1, name: zh ? '商業查詢' : 'Business enquiries' })).toBeVisible());
    await page.getByLabel(zh ? '電郵' : 'E-mail', { exact: true }).fill('mei@nowhere');
    await page.getByRole('button', { name: zh ? '送出查詢' : 'Send enquiry' }).click();
    await fitsAndShoot(page, `b2b-errors-${locale}`, () =>
      expect(page.getByText(zh ? '請同意私隱政策以送出查詢' : 'Please agree to the privacy policy to send your enquiry')).toBeVisible(),
    );
    await fillEnquiry(page, uniqueEmail(`shots-${locale}`), zh);
    await page.getByRole('button', { name: zh ? '送出查詢' : 'Send enquiry' }).click();
    await fitsAndShoot(page, `b2b-sent-${locale}`, () => expect(page.getByRole('heading', { name: zh ? '多謝，你的查詢已送出' : 'Thank you, your enquiry is sent' })).toBeVisible());

    await page.goto(`/nfc/${TAG.id}`);
    await fitsAndShoot(page, `nfc-found-${locale}`, async () => {
      await expect(page.getByRole('heading', { level: 1, name: zh ? '安溪鐵觀音' : TAG.name })).toBeVisible();
      await expect(page.locator('.nfc-picture img')).toHaveJSProperty('complete', true);
    });
    await page.goto('/nfc/nfc_nosuchtag');
    await fitsAndShoot(page, `nfc-unknown-${locale}`, () => expect(page.getByRole('heading', { name: zh ? '找不到標籤' : 'Tag not found' })).toBeVisible());
  });
}
