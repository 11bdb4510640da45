/**
 * Newsletter issues in the back office (issue 32): drafts written and changed, then sent once. Each change is one
 * audit row in the change's own transaction. Sending is a conditional change draft → sending: of two presses at
 * once (PostgreSQL makes the second wait for the first's row), only one finds a draft, queues the deliveries and
 * schedules their batches (newsletter/issues.ts) in the same transaction; the other answers from the row.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Bilingual } from '../../../contract/define.ts';
import { ErrorCode } from '../../../contract/errors.ts';
import type { NewsletterAudience, StaffNewsletterIssue } from '../../../contract/staff-newsletter.ts';
import type { Db } from '../../db/client.ts';
import { newsletterIssues, newsletterSubscribers } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http/errors.ts';
import { queueIssueDeliveries } from '../newsletter/issues.ts';
import { appendAudit } from './audit.ts';

export const CREATE_NEWSLETTER_ACTION = 'newsletter.create';
export const UPDATE_NEWSLETTER_ACTION = 'newsletter.update';
export const SEND_NEWSLETTER_ACTION = 'newsletter.send';

type IssueRow = typeof newsletterIssues.$inferSelect;
type IssueDeps = Pick<Deps, 'db' | 'clock'>;

const targetOf = (id: string) => `newsletter:${id}`;

const toStaffIssue = (r: IssueRow): StaffNewsletterIssue => ({
  IssueID: r.id,
  Subject: { en: r.subjectEn, zh: r.subjectZh },
  Body: { en: r.bodyEn, zh: r.bodyZh },
  Status: r.status,
  CreatedAt: r.createdAt.toISOString(),
  UpdatedAt: r.updatedAt.toISOString(),
  ...(r.sendingAt ? { SendingAt: r.sendingAt.toISOString() } : {}),
  ...(r.sentAt ? { SentAt: r.sentAt.toISOString() } : {}),
  Recipients: r.recipients,
  Sent: r.sent,
  Skipped: r.skipped,
});

/** What an audit row keeps of an issue's words. */
const wordsOf = (r: IssueRow) => ({ Subject: { en: r.subjectEn, zh: r.subjectZh }, Body: { en: r.bodyEn, zh: r.bodyZh } });

const notFound = () => new ApiError(400, ErrorCode.ObjectNotFound, 'No such newsletter issue', 'IssueID');
const alreadySent = () => new ApiError(400, ErrorCode.NewsletterAlreadySent, 'This newsletter issue is being sent or was sent', 'IssueID');

/** The confirmed subscribers now: who a send would mail. */
export async function newsletterAudience(db: Db): Promise<NewsletterAudience> {
  const rows = await db
    .select({ language: newsletterSubscribers.language, count: sql<number>`count(*)::integer` })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.status, 'confirmed'))
    .groupBy(newsletterSubscribers.language);
  const of = (language: string) => rows.find((r) => r.language === language)?.count ?? 0;
  return { Total: rows.reduce((sum, r) => sum + r.count, 0), En: of('en'), Zh: of('zh') };
}

/** The paging key: the last row's creation time and id, opaque to the client. */
const encodeKey = (r: IssueRow) => Buffer.from(JSON.stringify([r.createdAt.toISOString(), r.id])).toString('base64url');

function decodeKey(key: string): { at: Date; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(key, 'base64url').toString('utf8')) as unknown[];
    const date = new Date(String(at));
    if (typeof at === 'string' && typeof id === 'string' && !Number.isNaN(date.getTime())) return { at: date, id };
  } catch {
    // Not ours: answered below.
  }
  throw new ApiError(400, ErrorCode.InvalidParameter, 'LastEvaluatedKey is invalid', 'LastEvaluatedKey');
}

/** staff-list-newsletter-issues: newest first, a page at a time, with the audience now. */
export async function listNewsletterIssues(
  db: Db,
  query: { size: number; lastEvaluatedKey?: string | undefined },
): Promise<{ IssueList: StaffNewsletterIssue[]; LastEvaluatedKey?: string; Audience: NewsletterAudience }> {
  const i = newsletterIssues;
  const after = query.lastEvaluatedKey ? decodeKey(query.lastEvaluatedKey) : undefined;
  const rows = await db
    .select()
    .from(i)
    .where(after ? or(lt(i.createdAt, after.at), and(eq(i.createdAt, after.at), lt(i.id, after.id))) : undefined)
    .orderBy(desc(i.createdAt), desc(i.id))
    .limit(query.size + 1);
  const page = rows.slice(0, query.size);
  return {
    IssueList: page.map(toStaffIssue),
    ...(rows.length > query.size ? { LastEvaluatedKey: encodeKey(page.at(-1)!) } : {}),
    Audience: await newsletterAudience(db),
  };
}

/** staff-save-newsletter-issue: a new draft, or a draft's words changed; one audit row when anything changed. */
export async function saveNewsletterIssue(
  deps: IssueDeps,
  actorUserId: string,
  input: { issueId?: string | undefined; subject: Bilingual; body: Bilingual },
): Promise<{ Issue: StaffNewsletterIssue; Audience: NewsletterAudience }> {
  const now = deps.clock.now();
  const fields = { subjectEn: input.subject.en, subjectZh: input.subject.zh, bodyEn: input.body.en, bodyZh: input.body.zh };
  const issue = await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    if (input.issueId === undefined) {
      const [created] = await tx
        .insert(newsletterIssues)
        .values({ id: `issue-${randomBytes(8).toString('hex')}`, ...fields, createdAt: now, updatedAt: now })
        .returning();
      await appendAudit(db, { at: now, actorUserId, action: CREATE_NEWSLETTER_ACTION, target: targetOf(created!.id), before: null, after: wordsOf(created!) });
      return created!;
    }
    // Locked: a send of this issue at the same moment either waits for these words or has taken the draft already.
    const [before] = await tx.select().from(newsletterIssues).where(eq(newsletterIssues.id, input.issueId)).for('update');
    if (!before) throw notFound();
    if (before.status !== 'draft') throw alreadySent();
    const changed = (Object.keys(fields) as (keyof typeof fields)[]).some((key) => fields[key] !== before[key]);
    if (!changed) return before;
    const [after] = await tx.update(newsletterIssues).set({ ...fields, updatedAt: now }).where(eq(newsletterIssues.id, before.id)).returning();
    await appendAudit(db, { at: now, actorUserId, action: UPDATE_NEWSLETTER_ACTION, target: targetOf(before.id), before: wordsOf(before), after: wordsOf(after!) });
    return after!;
  });
  return { Issue: toStaffIssue(issue), Audience: await newsletterAudience(deps.db) };
}

/** staff-send-newsletter-issue: starts sending a draft once; the same RequestID again answers as it stands. */
export async function sendNewsletterIssue(
  deps: IssueDeps,
  actorUserId: string,
  input: { issueId: string; requestId: string },
): Promise<{ Issue: StaffNewsletterIssue; Repeated: boolean }> {
  const now = deps.clock.now();
  const started = await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const [claimed] = await tx
      .update(newsletterIssues)
      .set({ status: 'sending', sendRequestId: input.requestId, sendingAt: now })
      .where(and(eq(newsletterIssues.id, input.issueId), eq(newsletterIssues.status, 'draft')))
      .returning();
    if (!claimed) return undefined;
    const recipients = await queueIssueDeliveries(db, claimed.id, now);
    // No one to mail: nothing for the runner to finish, so it is sent now.
    const [after] = await tx
      .update(newsletterIssues)
      .set(recipients === 0 ? { recipients, status: 'sent', sentAt: now } : { recipients })
      .where(eq(newsletterIssues.id, claimed.id))
      .returning();
    await appendAudit(db, {
      at: now,
      actorUserId,
      action: SEND_NEWSLETTER_ACTION,
      target: targetOf(claimed.id),
      before: { Status: 'draft' },
      after: { Status: after!.status, RequestID: input.requestId, Recipients: recipients, ...wordsOf(after!) },
    });
    return after!;
  });
  if (started) return { Issue: toStaffIssue(started), Repeated: false };
  const [row] = await deps.db.select().from(newsletterIssues).where(eq(newsletterIssues.id, input.issueId));
  if (!row) throw notFound();
  if (row.sendRequestId === input.requestId) return { Issue: toStaffIssue(row), Repeated: true };
  throw alreadySent();
}
