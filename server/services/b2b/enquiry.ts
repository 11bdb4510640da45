/**
 * Business enquiries (issue 20; spec §3 B2B enquiry, §7 b2b-enquiry): stored, mailed to the shop's team
 * (B2B_ENQUIRY_EMAIL) and confirmed to the enquirer in their language, quoting nothing they typed. Counted per
 * client address and per e-mail (formsPerAddress / formsPerEmail), the confirmation also per recipient
 * (mailsPerRecipient); a form whose honeypot is filled is answered as sent and dropped.
 */
import { randomUUID } from 'node:crypto';
import type { CallBody, EnquiryType, b2bEnquiry } from '../../../contract/index.ts';
import { b2bEnquiries } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { takeAttempts } from '../limits.ts';
import { composeMail } from '../mail-compose.ts';

export type Enquiry = CallBody<typeof b2bEnquiry>;

export const DEFAULT_B2B_ENQUIRY_EMAIL = 'partners@sipandgather.hk';

/** The enquiry types in the mails: chosen from this list, never typed, so the confirmation may name one. */
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
    // The typed address is mailed within the per-recipient allowance shared with every mail to typed
    // addresses; past it the enquiry still reaches the team, only the confirmation is left out.
    if (await deps.limits.mailsPerRecipient.attempt(enquiry.Email)) {
      await deps.mailer.send(confirmationMail(enquiry.Email, enquiry, team));
    } else {
      deps.log.info({ id }, 'b2b enquiry confirmation not sent: the recipient has had enough mail this hour');
    }
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

/**
 * The enquirer's copy, in their language. It goes to an address anyone can type, so it says only that an
 * enquiry (of the type chosen from our list) was received and quotes nothing typed in the form (name,
 * message, number): otherwise the form would carry anyone's words to anyone from the shop's domain. The
 * team's copy keeps the details.
 */
function confirmationMail(to: string, enquiry: Pick<Enquiry, 'EnquiryType' | 'Language'>, team: string) {
  const type = TYPE_NAMES[enquiry.EnquiryType];
  const headers = { 'Reply-To': team };
  if (enquiry.Language === 'zh') {
    return composeMail(to, '我們已收到你的商業查詢', [
      '你好：',
      `多謝你對 Sip & Gather 的查詢（${type.zh}）。我們的企業團隊會於 ${REPLY_WITHIN_WORKING_DAYS} 個工作天內與你聯絡。`,
      '如需補充資料，直接回覆此電郵即可。如你並未提交查詢，請忽略此電郵。',
    ], { headers });
  }
  return composeMail(to, 'We received your business enquiry', [
    'Hello,',
    `Thank you for your enquiry about ${type.en.toLowerCase()} at Sip & Gather. Our business team will contact you within ${REPLY_WITHIN_WORKING_DAYS} working days.`,
    'To add anything, simply reply to this mail. If you did not send an enquiry, please ignore this mail.',
  ], { headers });
}
