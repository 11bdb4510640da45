/**
 * Push announcements from the back office (issue 32, staff-send-announcement): news to every device on the
 * global topic, in each member's language (notifications/send.ts pushToGlobalTopic).
 *
 * Sent once per press, however many arrive: the client's RequestID is claimed as a push_notices key
 * ('announcement:<RequestID>', the table's claim-before-sending pattern for notices sent once, with no member),
 * in one transaction with the audit row. A second press with the same RequestID, even at the same moment,
 * finds the key taken (PostgreSQL's unique index makes it wait for the first to commit) and sends nothing.
 * The push goes out after the commit, never inside a transaction; a send that dies half-way is not sent
 * again (at most once: an announcement twice on a phone is worse than one missed).
 */
import { and, eq } from 'drizzle-orm';
import type { Bilingual } from '../../../contract/define.ts';
import { ErrorCode } from '../../../contract/errors.ts';
import { auditLog, pushNotices } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http/errors.ts';
import { isShopPath } from '../notifications/notices.ts';
import { pushToGlobalTopic, type PushDelivery, type PushLanguage } from '../notifications/send.ts';
import type { PushPayload } from '../push.ts';
import { appendAudit } from './audit.ts';

/** The audit log's action for an announcement sent. */
export const SEND_ANNOUNCEMENT_ACTION = 'announcement.send';
/** Where an announcement opens when it names no page. */
export const ANNOUNCEMENT_DEFAULT_LINK = '/home';

export type AnnouncementDeps = Pick<Deps, 'db' | 'clock' | 'push' | 'log'>;

export interface NewAnnouncement {
  requestId: string;
  title: Bilingual;
  body: Bilingual;
  link?: string | undefined;
}

/** What an audit row keeps of an announcement: its words and where it opens. */
interface AnnouncementWords {
  RequestID: string;
  Title: Bilingual;
  Body: Bilingual;
  Link: string;
}

export interface AnnouncementSent {
  AnnouncementID: string;
  SentAt: string;
  Repeated: boolean;
  Delivery: { Sent: number; Gone: number; Failed: number; Refused: number };
}

const noticeKey = (requestId: string) => `announcement:${requestId}`;

/** Field by field: jsonb keeps its own key order, so the stored row is not compared as text. */
const sameWords = (a: AnnouncementWords, b: Partial<AnnouncementWords> | null) =>
  !!b && a.Link === b.Link && a.Title.en === b.Title?.en && a.Title.zh === b.Title?.zh && a.Body.en === b.Body?.en && a.Body.zh === b.Body?.zh;

export function announcementPush(language: PushLanguage, words: AnnouncementWords): PushPayload {
  const zh = language === 'zh-Hant';
  return {
    title: zh ? words.Title.zh : words.Title.en,
    body: zh ? words.Body.zh : words.Body.en,
    url: words.Link,
    lang: zh ? 'zh-Hant-HK' : 'en',
    // A device shows one notification per announcement, whatever happens on the way.
    tag: `announcement-${words.RequestID}`,
  };
}

const toDelivery = (d: PushDelivery) => ({ Sent: d.sent, Gone: d.gone, Failed: d.failed, Refused: d.refused });

/** staff-send-announcement: claims the RequestID with the audit row, then pushes; a repeated RequestID answers the first send. */
export async function sendAnnouncement(deps: AnnouncementDeps, actorUserId: string, a: NewAnnouncement): Promise<AnnouncementSent> {
  const link = a.link ?? ANNOUNCEMENT_DEFAULT_LINK;
  // The contract's check again, with the one the command line uses: a push must never open another site.
  if (!isShopPath(link)) throw new ApiError(400, ErrorCode.InvalidParameter, 'Link must be a path of the shop, such as /new_in', 'Link');
  const words: AnnouncementWords = { RequestID: a.requestId, Title: a.title, Body: a.body, Link: link };
  const key = noticeKey(a.requestId);
  const now = deps.clock.now();

  const claimed = await deps.db.transaction(async (tx) => {
    const [notice] = await tx.insert(pushNotices).values({ key, userId: null, sentAt: now }).onConflictDoNothing().returning({ key: pushNotices.key });
    if (!notice) return false;
    await appendAudit(tx, { at: now, actorUserId, action: SEND_ANNOUNCEMENT_ACTION, target: key, before: null, after: words });
    return true;
  });

  if (!claimed) {
    const [[notice], [first]] = await Promise.all([
      deps.db.select({ sentAt: pushNotices.sentAt }).from(pushNotices).where(eq(pushNotices.key, key)),
      deps.db
        .select({ after: auditLog.after })
        .from(auditLog)
        .where(and(eq(auditLog.action, SEND_ANNOUNCEMENT_ACTION), eq(auditLog.target, key)))
        .limit(1),
    ]);
    if (!sameWords(words, (first?.after ?? null) as Partial<AnnouncementWords> | null)) {
      throw new ApiError(400, ErrorCode.InvalidParameter, 'This RequestID was used for another announcement', 'RequestID');
    }
    return { AnnouncementID: a.requestId, SentAt: (notice?.sentAt ?? now).toISOString(), Repeated: true, Delivery: toDelivery({ sent: 0, gone: 0, failed: 0, refused: 0 }) };
  }

  const delivery = await pushToGlobalTopic(deps, (language) => announcementPush(language, words));
  deps.log.info({ requestId: a.requestId, ...delivery }, 'announcement sent');
  return { AnnouncementID: a.requestId, SentAt: now.toISOString(), Repeated: false, Delivery: toDelivery(delivery) };
}
