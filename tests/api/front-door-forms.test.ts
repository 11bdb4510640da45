/**
 * The front door's forms (issue 20): business enquiries (validated field by field, stored, mailed to the
 * team and confirmed to the enquirer, limited per address and per e-mail, a honeypot that drops bots
 * quietly), NFC tags (public lookup, unknown and retired tags not found, a member's add showing in their
 * drinks) and the newsletter (double opt-in, RFC 8058 headers, unsubscribe by link and by one-click POST).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUserProductByNFC,
  b2bEnquiry,
  getNFC,
  getNewsletterSubscription,
  listUserProduct,
  newsletterConfirm,
  newsletterSubscribe,
  newsletterUnsubscribe,
  type CallBodyInput,
} from '../../contract/index.ts';
import { b2bEnquiries, newsletterSubscribers, nfcTags } from '../../server/db/schema.ts';
import { NFC_TAGS } from '../../server/db/seed/nfc-data.ts';
import { sendNewsletter } from '../../server/services/newsletter/newsletter.ts';
import { freshClientAddress, freshEmail, signUpMember } from '../support/members.ts';
import { auth } from '../support/shop.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

interface OutboxMail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}
async function outbox(email: string): Promise<OutboxMail[]> {
  const r = await t.raw(`/api/dev/outbox?email=${encodeURIComponent(email)}`);
  return (r.json?.Mails as OutboxMail[] | undefined) ?? [];
}

const post = (name: string, body: unknown, headers: Record<string, string> = {}) =>
  t.raw(`/api/${name}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

const TEAM = 'partners@sipandgather.hk';

function enquiry(overrides: Partial<CallBodyInput<typeof b2bEnquiry>> = {}): CallBodyInput<typeof b2bEnquiry> {
  return {
    FullName: 'Mei Ling Chan',
    Email: freshEmail('buyer'),
    CountryCallingCode: '852',
    ContactNumber: '91234567',
    EnquiryType: 'teaCollection',
    Message: 'We would like oolong for our hotel lounge.',
    PrivacyConsent: true,
    Language: 'en',
    Website: '',
    ...overrides,
  };
}

describe('b2b-enquiry', () => {
  it('refuses a missing or refused consent, a bad e-mail and a bad contact number, naming the field', async () => {
    const ip = { 'x-forwarded-for': freshClientAddress() };
    const { PrivacyConsent: _, ...withoutConsent } = enquiry();
    const missing = await post('b2b-enquiry', withoutConsent, ip);
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ ErrorCode: 'MissingParameter', field: 'PrivacyConsent' });
    const refused = await post('b2b-enquiry', enquiry({ PrivacyConsent: false as unknown as true }), ip);
    expect(refused.json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'PrivacyConsent' });
    const email = await post('b2b-enquiry', enquiry({ Email: 'not-an-address' }), ip);
    expect(email.status).toBe(400);
    expect(email.json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'Email' });
    const phone = await post('b2b-enquiry', enquiry({ ContactNumber: '12ab' }), ip);
    expect(phone.json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'ContactNumber' });
    const type = await post('b2b-enquiry', enquiry({ EnquiryType: 'wholesale' as 'teaCollection' }), ip);
    expect(type.json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'EnquiryType' });
    const name = await post('b2b-enquiry', enquiry({ FullName: '   ' }), ip);
    expect(name.json).toMatchObject({ field: 'FullName' });
    expect(await t.db.select().from(b2bEnquiries)).toHaveLength(0);
  });

  it('stores the enquiry, mails the team (reply to the enquirer) and confirms in the enquirer’s language', async () => {
    const body = enquiry({ Language: 'zh', EnquiryType: 'bespokeGiftSets', FullName: '陳美玲' });
    await t.call(b2bEnquiry, body, { 'x-forwarded-for': freshClientAddress() });
    const [row] = await t.db.select().from(b2bEnquiries).where(eq(b2bEnquiries.email, body.Email));
    expect(row).toMatchObject({ fullName: '陳美玲', enquiryType: 'bespokeGiftSets', countryCallingCode: '852', contactNumber: '91234567', language: 'zh' });
    const team = (await outbox(TEAM)).find((m) => m.text.includes(body.Email));
    expect(team?.subject).toBe('Business enquiry: Bespoke gift sets from 陳美玲');
    expect(team?.text).toContain('+852 91234567');
    expect(team?.headers['Reply-To']).toBe(body.Email);
    const [mine] = await outbox(body.Email);
    expect(mine?.subject).toBe('我們已收到你的商業查詢');
    expect(mine?.text).toContain('訂製禮品套裝');
    expect(mine?.headers['Reply-To']).toBe(TEAM);
  });

  it('answers a filled honeypot as sent, and stores and mails nothing', async () => {
    const before = (await outbox(TEAM)).length;
    const body = enquiry({ Website: 'http://spam.example' });
    const r = await post('b2b-enquiry', body, { 'x-forwarded-for': freshClientAddress() });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ result: true });
    expect(await t.db.select().from(b2bEnquiries).where(eq(b2bEnquiries.email, body.Email))).toHaveLength(0);
    expect(await outbox(body.Email)).toHaveLength(0);
    expect(await outbox(TEAM)).toHaveLength(before);
  });

  it('limits enquiries from one address (10 an hour) and for one e-mail (5 an hour)', async () => {
    const ip = { 'x-forwarded-for': freshClientAddress() };
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) statuses.push((await post('b2b-enquiry', enquiry(), ip)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    const last = await post('b2b-enquiry', enquiry(), ip);
    expect(last.status).toBe(429);
    expect(last.json?.ErrorCode).toBe('LimitError');

    const Email = freshEmail('repeat');
    const perEmail: number[] = [];
    for (let i = 0; i < 7; i += 1) perEmail.push((await post('b2b-enquiry', enquiry({ Email }), { 'x-forwarded-for': freshClientAddress() })).status);
    expect(perEmail).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });
});

describe('NFC tags', () => {
  const [first, second] = NFC_TAGS;
  const retired = NFC_TAGS.find((tag) => tag.retired)!;

  it('shows a tag’s product to anyone, priced in the currency asked for', async () => {
    const hkd = await t.call(getNFC, { ID: first!.id, Currency: 'HKD' });
    expect(hkd.ID).toBe(first!.id);
    expect(hkd.Product).toMatchObject({ ProductID: first!.productId, Currency: 'HKD' });
    expect(hkd.Product.Name.en).toBeTruthy();
    const usd = await t.call(getNFC, { ID: first!.id, Currency: 'USD' });
    expect(usd.Product.Currency).toBe('USD');
    expect(usd.Product.Price).toBeLessThan(hkd.Product.Price);
  });

  it('answers ObjectNotFound for an unknown tag and a retired one, to visitors and members', async () => {
    const member = await signUpMember(t);
    for (const ID of ['nfc_nosuchtag', retired.id]) {
      const look = await post('getNFC', { ID });
      expect(look.status).toBe(400);
      expect(look.json?.ErrorCode).toBe('ObjectNotFound');
      const add = await post('addUserProductByNFC', { ID }, auth(member));
      expect(add.json?.ErrorCode).toBe('ObjectNotFound');
    }
    // A tag retired after it was printed stops answering too.
    await t.db.update(nfcTags).set({ retiredAt: new Date() }).where(eq(nfcTags.id, NFC_TAGS[5]!.id));
    expect((await post('getNFC', { ID: NFC_TAGS[5]!.id })).json?.ErrorCode).toBe('ObjectNotFound');
  });

  it('needs a member to add, and puts the product in the member’s drinks (list-user-product, source nfc)', async () => {
    expect((await post('addUserProductByNFC', { ID: first!.id })).status).toBe(401);
    const member = await signUpMember(t);
    expect((await t.call(listUserProduct, { Currency: 'HKD' }, auth(member))).ProductList).toEqual([]);
    const added = await t.call(addUserProductByNFC, { ID: first!.id }, auth(member));
    expect(added.ProductID).toBe(first!.productId);
    await t.call(addUserProductByNFC, { ID: second!.id }, auth(member));
    const drinks = (await t.call(listUserProduct, { Currency: 'HKD' }, auth(member))).ProductList;
    expect(drinks.map((d) => [d.Product.ProductID, d.Sources])).toEqual([
      [second!.productId, ['nfc']],
      [first!.productId, ['nfc']],
    ]);
    // Tapped again: once in the list, at the front.
    await t.call(addUserProductByNFC, { ID: first!.id }, auth(member));
    const again = (await t.call(listUserProduct, { Currency: 'HKD' }, auth(member))).ProductList;
    expect(again.map((d) => d.Product.ProductID)).toEqual([first!.productId, second!.productId]);
    // Nobody else's drinks change.
    const other = await signUpMember(t);
    expect((await t.call(listUserProduct, { Currency: 'HKD' }, auth(other))).ProductList).toEqual([]);
  });
});

describe('newsletter', () => {
  const tokenIn = (text: string, page: 'confirm' | 'unsubscribe') => decodeURIComponent(text.match(new RegExp(`/newsletter/${page}\\?token=([^\\s"<]+)`))?.[1] ?? '');
  const status = async (email: string) =>
    (await t.db.select({ status: newsletterSubscribers.status }).from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0]?.status;
  const NEWS = { subject: 'Autumn harvest', html: '<!doctype html><html><body><p>New oolongs.</p></body></html>', text: 'New oolongs.' };

  it('answers the newsletter block’s wording in both languages', async () => {
    const block = await t.call(getNewsletterSubscription, {});
    expect(block.Title.en).toBeTruthy();
    expect(block.Title.zh).toBeTruthy();
    expect(block.Button).toEqual({ en: 'Subscribe', zh: '訂閱' });
  });

  it('subscribes only once the mailed link is opened, and answers the same for any address', async () => {
    const email = freshEmail('reader');
    const first = await post('newsletter-subscribe', { Email: email, Language: 'en' }, { 'x-forwarded-for': freshClientAddress() });
    expect(first.json).toEqual({ result: true });
    await t.deps.background.idle();
    expect(await status(email)).toBe('pending');
    // Not subscribed yet: a newsletter does not reach it.
    await sendNewsletter(t.deps, NEWS);
    const [confirmation, ...others] = await outbox(email);
    expect(others).toHaveLength(0);
    expect(confirmation?.subject).toBe('Confirm your Sip & Gather newsletter subscription');
    const token = tokenIn(confirmation!.text, 'confirm');
    expect(token.length).toBeGreaterThan(20);
    expect(await t.call(newsletterConfirm, { Token: token })).toEqual({ Email: email });
    expect(await status(email)).toBe('confirmed');
    // The link is used up.
    expect((await post('newsletter-confirm', { Token: token })).json?.ErrorCode).toBe('ObjectNotFound');
    // Signing up again when subscribed answers the same and mails nothing.
    const again = await post('newsletter-subscribe', { Email: email, Language: 'en' }, { 'x-forwarded-for': freshClientAddress() });
    expect(again.json).toEqual(first.json);
    await t.deps.background.idle();
    expect(await outbox(email)).toHaveLength(1);
    expect(await status(email)).toBe('confirmed');
  });

  it('mails confirmed readers only, each with List-Unsubscribe headers and a link that unsubscribes', async () => {
    const reader = freshEmail('reader');
    const waiting = freshEmail('waiting');
    await t.call(newsletterSubscribe, { Email: reader, Language: 'zh' }, { 'x-forwarded-for': freshClientAddress() });
    await t.call(newsletterSubscribe, { Email: waiting, Language: 'en' }, { 'x-forwarded-for': freshClientAddress() });
    await t.deps.background.idle();
    await t.call(newsletterConfirm, { Token: tokenIn((await outbox(reader))[0]!.text, 'confirm') });
    const sent = await sendNewsletter(t.deps, NEWS);
    expect(sent).toBeGreaterThanOrEqual(1);
    expect(await outbox(waiting)).toHaveLength(1);
    const [news] = await outbox(reader);
    expect(news?.subject).toBe('Autumn harvest');
    expect(news?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(news?.headers['List-Unsubscribe']).toMatch(/^<http:\/\/shop\.test\/api\/newsletter\/unsubscribe\?token=[^>]+>$/);
    expect(news?.text).toContain('取消訂閱: http://shop.test/newsletter/unsubscribe?token=');
    expect(news?.html).toContain('New oolongs.');
    expect(news?.html).toContain('/newsletter/unsubscribe?token=');
    const token = tokenIn(news!.text, 'unsubscribe');
    expect(await t.call(newsletterUnsubscribe, { Token: token })).toEqual({ Email: reader });
    expect(await status(reader)).toBe('unsubscribed');
    // Again: the same answer.
    expect((await t.call(newsletterUnsubscribe, { Token: token })).Email).toBe(reader);
    await sendNewsletter(t.deps, NEWS);
    expect(await outbox(reader)).toHaveLength(2);
    expect((await post('newsletter-unsubscribe', { Token: 'x'.repeat(40) })).json?.ErrorCode).toBe('ObjectNotFound');
  });

  it('unsubscribes by the one-click POST a mail provider sends (RFC 8058)', async () => {
    const reader = freshEmail('oneclick');
    await t.call(newsletterSubscribe, { Email: reader, Language: 'en' }, { 'x-forwarded-for': freshClientAddress() });
    await t.deps.background.idle();
    await t.call(newsletterConfirm, { Token: tokenIn((await outbox(reader))[0]!.text, 'confirm') });
    await sendNewsletter(t.deps, NEWS);
    const target = (await outbox(reader))[0]!.headers['List-Unsubscribe']!.slice(1, -1);
    const url = new URL(target);
    const r = await t.raw(`${url.pathname}${url.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(r.status).toBe(200);
    expect(await status(reader)).toBe('unsubscribed');
    // A GET of that address goes to the page that shows it (and acts only in a browser).
    const get = await t.raw(`${url.pathname}${url.search}`);
    expect(get.status).toBe(303);
    expect(get.headers.get('location')).toMatch(/^\/newsletter\/unsubscribe\?token=/);
  });

  it('a second sign-up after unsubscribing asks for confirmation again; sign-ups are limited', async () => {
    const ip = { 'x-forwarded-for': freshClientAddress() };
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) statuses.push((await post('newsletter-subscribe', { Email: freshEmail('many'), Language: 'en' }, ip)).status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    expect((await post('newsletter-subscribe', { Email: 'nope', Language: 'en' })).json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'Email' });
  });
});
