/**
 * Issue 32: newsletter issues sent from the back office. Staff write a draft (both languages), change it, and send
 * it; the jobs runner mails every confirmed subscriber once, in their language, with the unsubscribe link and
 * headers every newsletter mail carries. Pressed twice, or twice at once (Promise.all: run on PostgreSQL too, with
 * TEST_DATABASE_URL), it is sent once; a batch run again mails no one twice; a mail that fails is retried alone.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffListNewsletterIssues, staffSaveNewsletterIssue, staffSendNewsletterIssue, type StaffNewsletterIssue } from '../../contract/index.ts';
import { auditLog, jobs, mailOutbox, newsletterDeliveries, newsletterIssues, newsletterSubscribers } from '../../server/db/schema.ts';
import { retryDelayMs, scheduleJob } from '../../server/services/jobs/queue.ts';
import { runDueJobs } from '../../server/services/jobs.ts';
import { NEWSLETTER_BATCH_JOB, NEWSLETTER_BATCH_SIZE } from '../../server/services/newsletter/issues.ts';
import { CREATE_NEWSLETTER_ACTION, SEND_NEWSLETTER_ACTION, UPDATE_NEWSLETTER_ACTION } from '../../server/services/staff/newsletter-issues.ts';
import { freshEmail } from '../support/members.ts';
import { auth, refused, shopper, type Shopper } from '../support/shop.ts';
import { grantRole } from '../support/staff.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

let now = SEED_NOW.getTime() + 3_600_000;
let t: TestApp;
let staff: Shopper;

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date(now) } });
  staff = await shopper(t, { address: false });
  await grantRole(t, staff.userId, 'staff');
});
afterAll(() => t?.close());

type Status = 'pending' | 'confirmed' | 'unsubscribed';
/** Subscribers as the sign-up leaves them (created a moment apart, so their order is known). */
async function subscribe(list: [language: 'en' | 'zh', status: Status][]): Promise<string[]> {
  const emails = list.map(() => freshEmail('reader'));
  await t.db.insert(newsletterSubscribers).values(
    list.map(([language, status], i) => ({
      id: randomUUID(),
      email: emails[i]!,
      language,
      status,
      unsubscribeToken: `unsub-${randomUUID()}`,
      createdAt: new Date(now - 86_400_000 + i),
    })),
  );
  return emails;
}

const outbox = (emails: string[]) => t.db.select().from(mailOutbox).where(inArray(mailOutbox.to, emails)).orderBy(asc(mailOutbox.seq));
const auditOf = (action: string, id: string) => t.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.target, `newsletter:${id}`)));
const issueRow = async (id: string) => (await t.db.select().from(newsletterIssues).where(eq(newsletterIssues.id, id)))[0]!;
const words = (tag: string) => ({
  Subject: { en: `Autumn harvest ${tag}`, zh: `秋收 ${tag}` },
  Body: { en: `New oolongs are in.\n\nCome and taste them ${tag}.`, zh: `新烏龍到貨。\n\n歡迎來品嚐 ${tag}。` },
});
const draft = async (tag: string): Promise<StaffNewsletterIssue> => (await t.call(staffSaveNewsletterIssue, words(tag), auth(staff))).Issue;
const send = (IssueID: string, RequestID: string = randomUUID()) => t.call(staffSendNewsletterIssue, { IssueID, RequestID }, auth(staff));
const press = (IssueID: string, RequestID: string) => refused(t, 'staff-send-newsletter-issue', { IssueID, RequestID }, staff);
/** Mailing stops here: no other issue in this file is left sending when a test ends. */
const runJobs = () => runDueJobs(t.deps, new Date(now));

describe('newsletter drafts', () => {
  it('a draft is saved, listed newest first with the audience, changed, and each change is one audit row', async () => {
    const audienceBefore = (await t.call(staffListNewsletterIssues, {}, auth(staff))).Audience;
    await subscribe([['en', 'confirmed'], ['zh', 'confirmed'], ['en', 'pending'], ['zh', 'unsubscribed']]);
    const first = await t.call(staffSaveNewsletterIssue, { Subject: { en: '  Hello  ', zh: '你好' }, Body: { en: 'Hi.', zh: '嗨。' } }, auth(staff));
    expect(first.Issue).toMatchObject({ Status: 'draft', Subject: { en: 'Hello', zh: '你好' }, Recipients: 0, Sent: 0, Skipped: 0 });
    expect(first.Audience).toEqual({ Total: audienceBefore.Total + 2, En: audienceBefore.En + 1, Zh: audienceBefore.Zh + 1 });
    now += 1000;
    const second = await draft('list');

    const page = await t.call(staffListNewsletterIssues, { Size: 1 }, auth(staff));
    expect(page.IssueList.map((i) => i.IssueID)).toEqual([second.IssueID]);
    expect(page.Audience).toEqual(first.Audience);
    const next = await t.call(staffListNewsletterIssues, { Size: 1, LastEvaluatedKey: page.LastEvaluatedKey! }, auth(staff));
    expect(next.IssueList.map((i) => i.IssueID)).toEqual([first.Issue.IssueID]);
    expect((await refused(t, 'staff-list-newsletter-issues', { LastEvaluatedKey: 'nonsense' }, staff)).json).toMatchObject({ field: 'LastEvaluatedKey' });

    const changed = { IssueID: first.Issue.IssueID, Subject: { en: 'Hello again', zh: '你好' }, Body: { en: 'Hi.', zh: '嗨。' } };
    expect((await t.call(staffSaveNewsletterIssue, changed, auth(staff))).Issue.Subject.en).toBe('Hello again');
    await t.call(staffSaveNewsletterIssue, changed, auth(staff));
    expect((await auditOf(CREATE_NEWSLETTER_ACTION, first.Issue.IssueID)).map((r) => r.before)).toEqual([null]);
    const updates = await auditOf(UPDATE_NEWSLETTER_ACTION, first.Issue.IssueID);
    expect(updates.map((r) => [(r.before as { Subject: { en: string } }).Subject.en, (r.after as { Subject: { en: string } }).Subject.en])).toEqual([['Hello', 'Hello again']]);
  });

  it('answers bad input with a 400 naming the field', async () => {
    const ok = words('bad');
    expect((await refused(t, 'staff-save-newsletter-issue', { ...ok, Subject: { en: ' ', zh: 'x' } }, staff)).json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'Subject.en' });
    expect((await refused(t, 'staff-save-newsletter-issue', { ...ok, Body: { en: 'x', zh: '' } }, staff)).json).toMatchObject({ field: 'Body.zh' });
    expect((await refused(t, 'staff-save-newsletter-issue', { ...ok, IssueID: 'issue-none' }, staff)).json).toMatchObject({ ErrorCode: 'ObjectNotFound', field: 'IssueID' });
    expect((await press('issue-none', randomUUID())).json).toMatchObject({ ErrorCode: 'ObjectNotFound', field: 'IssueID' });
    const issue = await draft('bad');
    expect((await press(issue.IssueID, 'short')).json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'RequestID' });
    expect((await issueRow(issue.IssueID)).status).toBe('draft');
  });
});

describe('sending an issue', () => {
  it('mails each confirmed subscriber once in their language with the unsubscribe link; pressed again it sends nothing more', async () => {
    const emails = await subscribe([['en', 'confirmed'], ['zh', 'confirmed'], ['en', 'pending'], ['zh', 'unsubscribed'], ['en', 'confirmed']]);
    const { Audience } = await t.call(staffListNewsletterIssues, {}, auth(staff));
    const issue = await draft('once');
    const requestId = randomUUID();
    const sent = await send(issue.IssueID, requestId);
    expect(sent).toMatchObject({ Repeated: false, Issue: { Status: 'sending', Recipients: Audience.Total, Sent: 0 } });
    // The same press again answers as it stands; another press is refused; the words can no longer change.
    expect(await send(issue.IssueID, requestId)).toMatchObject({ Repeated: true, Issue: { Status: 'sending' } });
    expect((await press(issue.IssueID, randomUUID())).json).toMatchObject({ ErrorCode: 'NewsletterAlreadySent', field: 'IssueID' });
    expect((await refused(t, 'staff-save-newsletter-issue', { IssueID: issue.IssueID, ...words('late') }, staff)).json).toMatchObject({ ErrorCode: 'NewsletterAlreadySent' });
    expect(await outbox(emails)).toEqual([]);

    const run = await runJobs();
    expect(run.newsletterMails).toBe(Audience.Total);
    const mailed = await outbox(emails);
    expect(mailed.map((m) => [m.to, m.subject])).toEqual([
      [emails[0], 'Autumn harvest once'],
      [emails[1], '秋收 once'],
      [emails[4], 'Autumn harvest once'],
    ]);
    const zh = mailed[1]!;
    expect(zh.text).toContain('新烏龍到貨。');
    expect(zh.text).toContain('取消訂閱: http://shop.test/newsletter/unsubscribe?token=');
    expect(zh.html).toContain('<p>歡迎來品嚐 once。</p>');
    expect(zh.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(zh.headers?.['List-Unsubscribe']).toMatch(/^<http:\/\/shop\.test\/api\/newsletter\/unsubscribe\?token=unsub-/);
    expect(await issueRow(issue.IssueID)).toMatchObject({ status: 'sent', sent: Audience.Total, skipped: 0, sentAt: new Date(now) });

    // A batch run again (a retry, a lease that ran out) mails no one twice.
    await scheduleJob(t.db, { kind: NEWSLETTER_BATCH_JOB, key: `${issue.IssueID}:0`, dueAt: new Date(now) }, new Date(now));
    expect((await runJobs()).newsletterMails).toBe(0);
    expect(await outbox(emails)).toHaveLength(3);
    expect(await send(issue.IssueID, requestId)).toMatchObject({ Repeated: true, Issue: { Status: 'sent', Sent: Audience.Total } });

    const audit = await auditOf(SEND_NEWSLETTER_ACTION, issue.IssueID);
    expect(audit.map((r) => [r.before, (r.after as { RequestID: string; Recipients: number }).RequestID, (r.after as { Recipients: number }).Recipients])).toEqual([
      [{ Status: 'draft' }, requestId, Audience.Total],
    ]);
  });

  it('pressed twice at once, or by two people at once, it is sent once', async () => {
    const issue = await draft('double');
    const requestId = randomUUID();
    const answers = await Promise.all([send(issue.IssueID, requestId), send(issue.IssueID, requestId), send(issue.IssueID, requestId)]);
    expect(answers.map((a) => a.Repeated).sort()).toEqual([false, true, true]);
    const { recipients } = await issueRow(issue.IssueID);
    const deliveries = await t.db.select().from(newsletterDeliveries).where(eq(newsletterDeliveries.issueId, issue.IssueID));
    expect(deliveries).toHaveLength(recipients);
    expect(await auditOf(SEND_NEWSLETTER_ACTION, issue.IssueID)).toHaveLength(1);
    await runJobs();

    const other = await draft('two people');
    const presses = await Promise.all([press(other.IssueID, randomUUID()), press(other.IssueID, randomUUID())]);
    expect(presses.map((p) => p.status).sort()).toEqual([200, 400]);
    expect(presses.find((p) => p.status === 400)?.json).toMatchObject({ ErrorCode: 'NewsletterAlreadySent' });
    expect(await auditOf(SEND_NEWSLETTER_ACTION, other.IssueID)).toHaveLength(1);
    await runJobs();
    expect(await issueRow(other.IssueID)).toMatchObject({ status: 'sent', sent: recipients });
  });

  it('leaves out who unsubscribed after it was sent, and retries a failed mail alone', async () => {
    const [gone, failing] = await subscribe([['en', 'confirmed'], ['zh', 'confirmed']]);
    const issue = await draft('retry');
    const { Issue } = await send(issue.IssueID);
    await t.db.update(newsletterSubscribers).set({ status: 'unsubscribed' }).where(eq(newsletterSubscribers.email, gone!));

    const mailer = t.deps.mailer;
    const real = mailer.send.bind(mailer);
    mailer.send = async (mail) => {
      if (mail.to === failing) throw new Error('mailbox unavailable');
      return real(mail);
    };
    try {
      // The batch throws after mailing the rest: the runner counts nothing done and keeps the job for later.
      expect((await runJobs()).newsletterMails).toBe(0);
    } finally {
      mailer.send = real;
    }
    expect(await issueRow(issue.IssueID)).toMatchObject({ status: 'sending', sent: Issue.Recipients - 2, skipped: 1 });
    expect(await outbox([gone!, failing!])).toEqual([]);
    const [job] = await t.db.select().from(jobs).where(eq(jobs.key, `${issue.IssueID}:0`));
    expect(job?.lastError).toContain('1 newsletter mail(s)');

    now += retryDelayMs(job!.attempts);
    expect((await runJobs()).newsletterMails).toBe(1);
    expect((await outbox([failing!])).map((m) => m.subject)).toEqual(['秋收 retry']);
    expect(await outbox([gone!])).toEqual([]);
    expect(await issueRow(issue.IssueID)).toMatchObject({ status: 'sent', sent: Issue.Recipients - 1, skipped: 1 });
  });

  it(`mails ${NEWSLETTER_BATCH_SIZE} subscribers to a job, and an issue with no one to mail is sent at once`, async () => {
    const before = (await t.call(staffListNewsletterIssues, {}, auth(staff))).Audience.Total;
    await subscribe(Array.from({ length: NEWSLETTER_BATCH_SIZE + 5 - (before % NEWSLETTER_BATCH_SIZE) }, () => ['en', 'confirmed'] as const));
    const issue = await draft('batches');
    const { Issue } = await send(issue.IssueID);
    const batches = Math.ceil(Issue.Recipients / NEWSLETTER_BATCH_SIZE);
    expect(batches).toBeGreaterThanOrEqual(2);
    const queued = await t.db.select({ key: jobs.key }).from(jobs).where(eq(jobs.kind, NEWSLETTER_BATCH_JOB));
    expect(queued.map((j) => j.key).sort()).toEqual(Array.from({ length: batches }, (_, b) => `${issue.IssueID}:${b}`).sort());
    expect((await runJobs()).newsletterMails).toBe(Issue.Recipients);
    expect(await issueRow(issue.IssueID)).toMatchObject({ status: 'sent', sent: Issue.Recipients });

    await t.db.update(newsletterSubscribers).set({ status: 'unsubscribed' });
    const empty = await draft('nobody');
    expect((await send(empty.IssueID)).Issue).toMatchObject({ Status: 'sent', Recipients: 0, SentAt: new Date(now).toISOString() });
  });
});
