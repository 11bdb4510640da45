/**
 * Newsletter issues going out (issue 32): once staff send an issue, every confirmed subscriber gets one
 * newsletter_deliveries row, numbered into batches, and each batch is a row of the jobs table
 * ('newsletter.batch', keyed <issue>:<batch>) that the jobs runner mails.
 *
 * Mailed once however often a batch runs: each delivery is marked sent (a conditional queued → sent) before its
 * mail goes, so a batch run again (after a failure, or by another runner once a lease ran out) skips it. A mail the
 * mailer refuses is put back to queued and the batch throws after the rest, to be retried later; a process that
 * dies between the mark and the send leaves that one mail unsent, never sent twice. A subscriber who unsubscribed
 * after the issue was sent is left out ('skipped'). Each subscriber reads it in their language, with the unsubscribe
 * link and RFC 8058 headers every newsletter mail carries (newsletter.ts newsletterMail).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { newsletterDeliveries, newsletterIssues, newsletterSubscribers } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { scheduleJob, type JobRow } from '../jobs/queue.ts';
import { composeMail } from '../mail-compose.ts';
import type { Mail } from '../mail.ts';
import { newsletterMail } from './newsletter.ts';

export const NEWSLETTER_BATCH_JOB = 'newsletter.batch';
/** Mails per job: well inside a job's lease even over a slow SMTP server. */
export const NEWSLETTER_BATCH_SIZE = 100;

type IssueRow = typeof newsletterIssues.$inferSelect;

const batchKey = (issueId: string, batch: number) => `${issueId}:${batch}`;

/**
 * Inside the transaction that starts sending `issueId`: a delivery for every confirmed subscriber (oldest first,
 * NEWSLETTER_BATCH_SIZE to a batch) and a job for each batch, due now. Answers how many subscribers it goes to.
 */
export async function queueIssueDeliveries(db: Db, issueId: string, now: Date): Promise<number> {
  const s = newsletterSubscribers;
  await db.insert(newsletterDeliveries).select(
    db
      .select({
        issueId: sql<string>`${issueId}::text`.as('issue_id'),
        subscriberId: s.id,
        batch: sql<number>`((row_number() over (order by ${s.createdAt}, ${s.id}) - 1) / ${NEWSLETTER_BATCH_SIZE})::integer`.as('batch'),
        status: sql<'queued'>`'queued'::text`.as('status'),
        sentAt: sql<Date | null>`null::timestamptz`.as('sent_at'),
      })
      .from(s)
      .where(eq(s.status, 'confirmed')),
  );
  const [queued] = await db
    .select({ count: sql<number>`count(*)::integer`, batches: sql<number>`coalesce(max(${newsletterDeliveries.batch}) + 1, 0)::integer` })
    .from(newsletterDeliveries)
    .where(eq(newsletterDeliveries.issueId, issueId));
  for (let batch = 0; batch < (queued?.batches ?? 0); batch++) {
    await scheduleJob(db, { kind: NEWSLETTER_BATCH_JOB, key: batchKey(issueId, batch), dueAt: now }, now);
  }
  return queued?.count ?? 0;
}

/** One subscriber's mail of an issue: its subject and paragraphs in their language, the shop's plain style. */
export function issueMail(publicUrl: string, reader: { email: string; language: string; token: string }, issue: IssueRow): Mail {
  const zh = reader.language === 'zh';
  const subject = zh ? issue.subjectZh : issue.subjectEn;
  const paragraphs = (zh ? issue.bodyZh : issue.bodyEn)
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const composed = composeMail(reader.email, subject, paragraphs);
  return newsletterMail(publicUrl, reader, { subject, html: composed.html, text: composed.text });
}

/**
 * The issue's counts from its deliveries; 'sent' once none is queued. The issue row is locked first, so of two
 * batches finishing at once the second counts after the first committed, and the last one to finish sees all.
 */
async function settleIssue(db: Db, issueId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [issue] = await tx.select({ status: newsletterIssues.status }).from(newsletterIssues).where(eq(newsletterIssues.id, issueId)).for('update');
    if (issue?.status !== 'sending') return;
    const d = newsletterDeliveries;
    const [counts] = await tx
      .select({
        sent: sql<number>`count(*) filter (where ${d.status} = 'sent')::integer`,
        skipped: sql<number>`count(*) filter (where ${d.status} = 'skipped')::integer`,
        queued: sql<number>`count(*) filter (where ${d.status} = 'queued')::integer`,
      })
      .from(d)
      .where(eq(d.issueId, issueId));
    const done = (counts?.queued ?? 0) === 0;
    await tx
      .update(newsletterIssues)
      .set({ sent: counts?.sent ?? 0, skipped: counts?.skipped ?? 0, ...(done ? { status: 'sent' as const, sentAt: now } : {}) })
      .where(eq(newsletterIssues.id, issueId));
  });
}

/** The 'newsletter.batch' job: mails the batch's queued deliveries. Answers how many mails went. */
async function sendBatchJob(deps: Deps, job: JobRow, now: Date): Promise<number> {
  const at = job.key.lastIndexOf(':');
  const issueId = job.key.slice(0, at);
  const batch = Number(job.key.slice(at + 1));
  const [issue] = await deps.db.select().from(newsletterIssues).where(eq(newsletterIssues.id, issueId));
  if (!issue || !Number.isInteger(batch)) return 0;
  const d = newsletterDeliveries;
  const s = newsletterSubscribers;
  const readers = await deps.db
    .select({ subscriberId: d.subscriberId, email: s.email, language: s.language, token: s.unsubscribeToken, subscribed: s.status })
    .from(d)
    .innerJoin(s, eq(s.id, d.subscriberId))
    .where(and(eq(d.issueId, issueId), eq(d.batch, batch), eq(d.status, 'queued')))
    .orderBy(asc(s.createdAt), asc(s.id));
  let mailed = 0;
  let failed = 0;
  for (const reader of readers) {
    const queued = and(eq(d.issueId, issueId), eq(d.subscriberId, reader.subscriberId), eq(d.status, 'queued'));
    if (reader.subscribed !== 'confirmed') {
      await deps.db.update(d).set({ status: 'skipped' }).where(queued);
      continue;
    }
    // Claimed before sending: a run of this batch elsewhere, or a later retry, finds it sent and mails nothing.
    const [claimed] = await deps.db.update(d).set({ status: 'sent', sentAt: now }).where(queued).returning({ subscriberId: d.subscriberId });
    if (!claimed) continue;
    try {
      await deps.mailer.send(issueMail(deps.config.publicUrl, reader, issue));
      mailed += 1;
    } catch (err) {
      failed += 1;
      deps.log.warn({ err, issueId, subscriberId: reader.subscriberId }, 'newsletter mail failed; it will be retried');
      await deps.db
        .update(d)
        .set({ status: 'queued', sentAt: null })
        .where(and(eq(d.issueId, issueId), eq(d.subscriberId, reader.subscriberId), eq(d.status, 'sent')));
    }
  }
  await settleIssue(deps.db, issueId, now);
  // The job stays (and runs again after its backoff) while a mail of it is still to go.
  if (failed > 0) throw new Error(`${failed} newsletter mail(s) of ${job.key} failed`);
  return mailed;
}

export const newsletterJobHandlers = { [NEWSLETTER_BATCH_JOB]: sendBatchJob };
