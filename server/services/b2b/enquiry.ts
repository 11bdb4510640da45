/**
 * Business enquiries (issue 20; spec §3 B2B enquiry, §7 b2b-enquiry): stored, mailed to the shop's team
 * (B2B_ENQUIRY_EMAIL) and confirmed to the enquirer in their language. Counted per client address and per
 * e-mail (formsPerAddress / formsPerEmail); a form whose honeypot is filled is answered as sent and dropped.
 */
import { randomUUID } from 'node:crypto';
import type { CallBody, EnquiryType, b2bEnquiry } from '../../../contract/index.ts';
import { b2bEnquiries } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { takeAttempts } from '../limits.ts';
import { composeMail } from '../mail-compose.ts';

export type Enquiry = CallBody<typeof b2bEnquiry>;

export const DEFAULT_B2B_ENQUIRY_EMAIL = 'partners@sipandgather.hk';

const TYPE_NAMES: Record<EnquiryType, { en: string; zh: string }> = {
  teaCollection: { en: 'Tea collection', zh: '茶葉系列' },
  coffeeCollection: { en: 'Coffee collection', zh: '咖啡系列' },
  incenseCollection: { en: 'Incense collection', zh: '香品系列' },
  curatedBoxSets: { en: 'Curated box sets', zh: '精選禮盒' },
  bespokeGiftSets: { en: 'Bespoke gift sets', zh: '訂製禮品套裝' },
  businessPartnerships: { en: 'Business partnerships', zh: '商業合作' },
};

/** How many working days the team takes to answer (said in the confirmation and on the success screen). */
export const REPLY_WITHIN_WORKING_DAYS = 2;

export async function receiveEnquiry(deps: Pick<Deps, 'db' | 'clock' | 'limits' | 'mailer' | 'background' | 'log' | 'config'>, enquiry: Enquiry, clientIp: string | undefined) {
  if (enquiry.Website.trim() !== '') {
    // A person never sees the field; a form that fills it is a script. It is told nothing.
    deps.log.info({ clientIp }, 'b2b enquiry dropped: honeypot filled');
    return;
  }
  await takeAttempts(deps, [
    ['formsPerAddress', `b2b:${clientIp ?? 'unknown'}`],
    ['formsPerEmail', `b2b:${enquiry.Email}`],
  ]);
  const now = deps.clock.now();
  const id = randomUUID();
  await deps.db.insert(b2bEnquiries).values({
    id,
    fullName: enquiry.FullName,
    email: enquiry.Email,
    countryCallingCode: enquiry.CountryCallingCode,
    contactNumber: enquiry.ContactNumber,
    enquiryType: enquiry.EnquiryType,
    message: enquiry.Message,
    language: enquiry.Language,
    consentedAt: now,
    createdAt: now,
  });
  const team = deps.config.b2bEnquiryEmail ?? DEFAULT_B2B_ENQUIRY_EMAIL;
  // Stored: the mails go out after the answer (a slow mail server does not hold the enquirer up).
  deps.background.run('b2b enquiry mails', async () => {
    await deps.mailer.send(teamMail(team, id, enquiry));
    await deps.mailer.send(confirmationMail(enquiry, team));
  });
}

function teamMail(to: string, id: string, e: Enquiry) {
  const type = TYPE_NAMES[e.EnquiryType].en;
  return composeMail(
    to,
    `Business enquiry: ${type} from ${e.FullName}`,
    [
      `A business enquiry came in through the website (reference ${id}).`,
      `Name: ${e.FullName}`,
      `E-mail: ${e.Email}`,
      `Contact number: +${e.CountryCallingCode} ${e.ContactNumber}`,
      `Enquiry type: ${type}`,
      `Language: ${e.Language === 'zh' ? 'Chinese (Traditional)' : 'English'}`,
      `Message: ${e.Message || '(none)'}`,
      'Reply to this mail to answer the enquirer.',
    ],
    { headers: { 'Reply-To': e.Email } },
  );
}

/** The enquirer's copy, in their language; a reply goes to the team. */
function confirmationMail(e: Enquiry, team: string) {
  const type = TYPE_NAMES[e.EnquiryType];
  const headers = { 'Reply-To': team };
  if (e.Language === 'zh') {
    return composeMail(e.Email, '我們已收到你的商業查詢', [
      `${e.FullName}，你好：`,
      `多謝你對 Sip & Gather 的查詢（${type.zh}）。我們的企業團隊會於 ${REPLY_WITHIN_WORKING_DAYS} 個工作天內以電郵或電話（+${e.CountryCallingCode} ${e.ContactNumber}）與你聯絡。`,
      ...(e.Message ? [`你的訊息：${e.Message}`] : []),
      '如需補充資料，直接回覆此電郵即可。',
    ], { headers });
  }
  return composeMail(e.Email, 'We received your business enquiry', [
    `Dear ${e.FullName},`,
    `Thank you for your enquiry about ${type.en.toLowerCase()} at Sip & Gather. Our business team will contact you by e-mail or phone (+${e.CountryCallingCode} ${e.ContactNumber}) within ${REPLY_WITHIN_WORKING_DAYS} working days.`,
    ...(e.Message ? [`Your message: ${e.Message}`] : []),
    'To add anything, simply reply to this mail.',
  ], { headers });
}
