/**
 * The business enquiry form and the NFC tag page (issue 20) against the real server app: the form checks
 * each field in words (spec §5 wording), keeps everything typed through a failed send and sends it on the
 * retry, then says what happens next; the tag page shows the product to anyone, adds it to a member's drinks,
 * lets a visitor log in first (the login popup says why) and adds it then; an unknown tag is said in words.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listUserProduct } from '../../contract/index.ts';
import { b2bEnquiries } from '../../server/db/schema.ts';
import { NFC_TAGS } from '../../server/db/seed/nfc-data.ts';
import { MEMBER_PASSWORD, freshEmail, signUpMember } from '../support/members.ts';
import { renderApp } from '../support/render-app.tsx';
import { auth } from '../support/shop.ts';
import { signIn } from '../support/event-bookings.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
});
afterAll(() => server.close());

describe('the business enquiry form', () => {
  it('says what is wrong field by field, and sends nothing until it is right', async () => {
    const user = userEvent.setup();
    await renderApp(server, '/b2b_enquiry');
    await user.click(await screen.findByRole('button', { name: 'Send enquiry' }));
    const name = screen.getByLabelText('Full name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(name);
    expect(screen.getAllByText('This field is required').length).toBeGreaterThanOrEqual(4);
    expect(screen.getByText('Please agree to the privacy policy to send your enquiry')).toBeTruthy();

    // Corrected or not, each field says what is wrong with it as it is typed.
    await user.type(screen.getByLabelText('E-mail'), 'mei@nowhere');
    await user.type(screen.getByLabelText('Contact number'), '12ab');
    expect(screen.getByText('Invalid email format')).toBeTruthy();
    expect(screen.getByText('Incorrect contact number format')).toBeTruthy();
    // The privacy policy is a link of its own.
    expect(screen.getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe('/privacy_policy');
    expect(await server.db.select().from(b2bEnquiries)).toHaveLength(0);
  });

  it('keeps everything typed when the send fails, sends it on the retry, then says what happens next', async () => {
    const user = userEvent.setup();
    let failNext = true;
    await renderApp(server, '/b2b_enquiry', {
      wrapFetch: (fetch) => async (input, init) => {
        if (failNext && String(input).includes('/api/b2b-enquiry')) {
          failNext = false;
          throw new TypeError('Failed to fetch');
        }
        return fetch(input, init);
      },
    });
    const email = freshEmail('hotel');
    await user.type(await screen.findByLabelText('Full name'), 'Mei Ling Chan');
    await user.type(screen.getByLabelText('E-mail'), email);
    await user.type(screen.getByLabelText('Contact number'), '9123 4567');
    await user.selectOptions(screen.getByLabelText('Enquiry type'), 'Curated box sets');
    await user.type(screen.getByLabelText('Message (optional)'), 'Forty boxes for December.');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));

    expect(await screen.findByText(/Your enquiry could not be sent: the shop did not answer/)).toBeTruthy();
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('Mei Ling Chan');
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe(email);
    expect((screen.getByLabelText('Contact number') as HTMLInputElement).value).toBe('9123 4567');
    expect((screen.getByLabelText('Enquiry type') as HTMLSelectElement).value).toBe('curatedBoxSets');
    expect((screen.getByLabelText('Message (optional)') as HTMLTextAreaElement).value).toBe('Forty boxes for December.');
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    expect(await server.db.select().from(b2bEnquiries).where(eq(b2bEnquiries.email, email))).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Thank you, your enquiry is sent' })).toBeTruthy();
    expect(screen.getByText(email)).toBeTruthy();
    expect(screen.getByText(/within 2 working days/)).toBeTruthy();
    const [row] = await server.db.select().from(b2bEnquiries).where(eq(b2bEnquiries.email, email));
    expect(row).toMatchObject({ fullName: 'Mei Ling Chan', contactNumber: '91234567', countryCallingCode: '852', enquiryType: 'curatedBoxSets', message: 'Forty boxes for December.', language: 'en' });
  });

  it('in Chinese: the labels, the spec’s messages and the confirmation language', async () => {
    const user = userEvent.setup();
    await renderApp(server, '/b2b_enquiry', { locale: 'zh-Hant' });
    expect(await screen.findByRole('heading', { level: 1, name: '商業查詢' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '送出查詢' }));
    expect(screen.getByText('請同意私隱政策以送出查詢')).toBeTruthy();
    const email = freshEmail('zh');
    await user.type(screen.getByLabelText('全名'), '陳美玲');
    await user.type(screen.getByLabelText('電郵'), email);
    await user.type(screen.getByLabelText('聯絡電話'), '91234567');
    await user.selectOptions(screen.getByLabelText('查詢類別'), '茶葉系列');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: '送出查詢' }));
    expect(await screen.findByRole('heading', { name: '多謝，你的查詢已送出' })).toBeTruthy();
    const [row] = await server.db.select().from(b2bEnquiries).where(eq(b2bEnquiries.email, email));
    expect(row?.language).toBe('zh');
  });
});

describe('the NFC tag page', () => {
  const [tag] = NFC_TAGS;

  it('lets a visitor log in from it (the popup says why) and adds the drink for them', async () => {
    const user = userEvent.setup();
    const member = await signUpMember(server);
    await renderApp(server, `/nfc/${tag!.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Anxi Tieguanyin' })).toBeTruthy();
    expect(screen.getByText(/^From HK\$/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the product' }).getAttribute('href')).toBe(`/product/${tag!.productId}`);
    // Without Web NFC (jsdom, most browsers), no scanning is offered.
    expect(screen.queryByRole('button', { name: 'Scan a tag' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add to my drinks' }));
    const login = await screen.findByRole('dialog', { name: 'Log in' });
    expect(within(login).getByText('Log in to add Anxi Tieguanyin to your drinks.')).toBeTruthy();
    await user.type(within(login).getByLabelText('E-mail'), member.email);
    await user.type(within(login).getByLabelText('Password'), MEMBER_PASSWORD);
    await user.click(within(login).getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Added to your drinks.')).toBeTruthy();
    const drinks = (await server.call(listUserProduct, { Currency: 'HKD' }, auth(member))).ProductList;
    expect(drinks.map((d) => [d.Product.ProductID, d.Sources])).toEqual([[tag!.productId, ['nfc']]]);
  });

  it('adds at once for a member', async () => {
    const user = userEvent.setup();
    const member = await signUpMember(server);
    const view = await renderApp(server, `/nfc/${NFC_TAGS[1]!.id}`);
    await signIn(view, member);
    await user.click(await screen.findByRole('button', { name: 'Add to my drinks' }));
    expect(await screen.findByText('Added to your drinks.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Write a taste card' }).getAttribute('href')).toBe(`/new_tastecard/${NFC_TAGS[1]!.productId}`);
    const drinks = (await server.call(listUserProduct, { Currency: 'HKD' }, auth(member))).ProductList;
    expect(drinks.map((d) => d.Product.ProductID)).toEqual([NFC_TAGS[1]!.productId]);
  });

  it('says an unknown or retired tag is not found', async () => {
    await renderApp(server, '/nfc/nfc_nosuchtag');
    expect(await screen.findByRole('heading', { name: 'Tag not found' })).toBeTruthy();
    expect(screen.getByText(/This tag is not one we know, or it has been replaced/)).toBeTruthy();
    const retired = NFC_TAGS.find((t) => t.retired)!;
    await renderApp(server, `/nfc/${retired.id}`, { locale: 'zh-Hant' });
    expect(await screen.findByRole('heading', { name: '找不到標籤' })).toBeTruthy();
  });

  it('offers to scan a tag where the browser reads them (Web NFC), and opens the tag read', async () => {
    const user = userEvent.setup();
    let reader: EventTarget | undefined;
    class FakeReader extends EventTarget {
      constructor() {
        super();
        reader = this;
      }
      async scan() {}
    }
    (window as unknown as { NDEFReader?: unknown }).NDEFReader = FakeReader;
    try {
      const view = await renderApp(server, `/nfc/${tag!.id}`);
      await user.click(await screen.findByRole('button', { name: 'Scan a tag' }));
      expect(await screen.findByText(/Hold the top of your phone/)).toBeTruthy();
      const reading = Object.assign(new Event('reading'), {
        message: { records: [{ recordType: 'url', data: new DataView(new TextEncoder().encode(`https://sipandgather.hk/nfc/${NFC_TAGS[2]!.id}`).buffer) }] },
      });
      reader!.dispatchEvent(reading);
      await waitFor(() => expect(view.router.state.location.pathname).toBe(`/nfc/${NFC_TAGS[2]!.id}`));
      expect(await screen.findByRole('heading', { level: 1, name: 'Wuyi Da Hong Pao' })).toBeTruthy();
    } finally {
      delete (window as unknown as { NDEFReader?: unknown }).NDEFReader;
    }
  });
});
