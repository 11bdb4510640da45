/**
 * Issue 26 item 3: the shop must not mail strangers. Mail to an address a caller typed (e-mail change codes,
 * business enquiry confirmations, newsletter confirmations, sign-up and reset codes) shares one allowance per
 * recipient (mailsPerRecipient: 5 an hour), whoever asks; and the enquiry confirmation says only that an
 * enquiry was received, quoting nothing the sender typed (the team's copy keeps it).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { b2bEnquiry, userUpdateEmail, type CallBodyInput } from '../../contract/index.ts';
import { mailOutbox } from '../../server/db/schema.ts';
import { freshClientAddress, freshEmail, signUpMember } from '../support/members.ts';
import { auth } from '../support/shop.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const HOUR = 3_600_000;
let now = Date.parse('2026-11-21T02:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date(now) } });
});
afterAll(() => t?.close());

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
/** How many mails went to the address (the outbox reader shows the newest 20 only). */
async function delivered(email: string): Promise<number> {
  await t.deps.background.idle();
  return (await t.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.to, email))).length;
}
const post = (name: string, body: unknown, headers: Record<string, string> = {}) =>
  t.raw(`/api/${name}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
const fromNewAddress = () => ({ 'x-forwarded-for': freshClientAddress() });

const TEAM = 'partners@sipandgather.hk';
const MAILS_PER_RECIPIENT = 5;

function enquiry(overrides: Partial<CallBodyInput<typeof b2bEnquiry>> = {}): CallBodyInput<typeof b2bEnquiry> {
  return {
    FullName: 'Cheap Watches Dot Example',
    Email: freshEmail('stranger'),
    CountryCallingCode: '852',
    ContactNumber: '61234567',
    EnquiryType: 'teaCollection',
    Message: `Visit http://spam.example/deal for 90% off! ${'Buy now. '.repeat(200)}`.slice(0, 2000),
    PrivacyConsent: true,
    Language: 'en',
    Website: '',
    ...overrides,
  };
}

describe('mail to a typed address is capped per recipient, across senders', () => {
  it('3 accounts asking e-mail change codes for one address: at most the cap is delivered', async () => {
    const stranger = freshEmail('victim');
    const members = [await signUpMember(t), await signUpMember(t), await signUpMember(t)];
    const statuses: number[] = [];
    for (const member of members) {
      for (let i = 0; i < 10; i += 1) {
        statuses.push((await post('user-update-email', { accessToken: member.accessToken, email: stranger }, auth(member))).status);
      }
    }
    const codes = await delivered(stranger);
    expect(codes, `${codes} of 30 codes delivered`).toBe(MAILS_PER_RECIPIENT);
    expect(statuses.filter((s) => s === 200)).toHaveLength(MAILS_PER_RECIPIENT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - MAILS_PER_RECIPIENT);
    const refused = await post('user-update-email', { accessToken: members[0]!.accessToken, email: stranger }, auth(members[0]!));
    expect(refused.json?.ErrorCode).toBe('LimitError');

    // An hour later the address may be mailed again.
    now += HOUR + 60_000;
    const fresh = await signUpMember(t);
    await t.call(userUpdateEmail, { accessToken: fresh.accessToken, email: stranger }, auth(fresh));
    expect(await delivered(stranger)).toBe(MAILS_PER_RECIPIENT + 1);
  });

  it('enquiries, newsletter sign-ups and code requests together mail one address at most the cap', async () => {
    const stranger = freshEmail('target');
    for (let i = 0; i < 5; i += 1) expect((await post('b2b-enquiry', enquiry({ Email: stranger }), fromNewAddress())).status).toBe(200);
    for (let i = 0; i < 5; i += 1) expect((await post('newsletter-subscribe', { Email: stranger, Language: 'en' }, fromNewAddress())).status).toBe(200);
    const member = await signUpMember(t);
    for (let i = 0; i < 5; i += 1) await post('user-update-email', { accessToken: member.accessToken, email: stranger }, auth(member));
    const mails = await delivered(stranger);
    expect(mails, `${mails} of 15 mails delivered`).toBe(MAILS_PER_RECIPIENT);
    // The enquiries still reached the team, each of them.
    const team = (await outbox(TEAM)).filter((m) => m.text.includes(stranger));
    expect(team).toHaveLength(5);
  });
});

describe('the business enquiry confirmation', () => {
  it('says an enquiry was received and quotes nothing typed; the team’s copy keeps the details', async () => {
    for (const Language of ['en', 'zh'] as const) {
      const body = enquiry({ Language });
      await t.call(b2bEnquiry, body, fromNewAddress());
      const [confirmation, ...more] = await outbox(body.Email);
      expect(more).toEqual([]);
      const whole = `${confirmation!.subject}\n${confirmation!.text}\n${confirmation!.html}`;
      for (const typed of [body.FullName, 'Cheap Watches', 'spam.example', 'Buy now', body.ContactNumber]) {
        expect(whole, `${Language}: ${typed}`).not.toContain(typed);
      }
      if (Language === 'zh') {
        expect(confirmation!.subject).toBe('我們已收到你的商業查詢');
        expect(confirmation!.text).toContain('多謝你對 Sip & Gather 的查詢（茶葉系列）');
        expect(confirmation!.text).toContain('如你並未提交查詢，請忽略此電郵');
      } else {
        expect(confirmation!.subject).toBe('We received your business enquiry');
        expect(confirmation!.text).toContain('Thank you for your enquiry about tea collection at Sip & Gather.');
        expect(confirmation!.text).toContain('If you did not send an enquiry, please ignore this mail.');
      }
      expect(confirmation!.headers['Reply-To']).toBe(TEAM);

      const team = (await outbox(TEAM)).find((m) => m.text.includes(body.Email));
      expect(team?.text).toContain(body.FullName);
      expect(team?.text).toContain('spam.example');
      expect(team?.text).toContain(`+852 ${body.ContactNumber}`);
    }
  });
});
