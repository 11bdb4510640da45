/**
 * The newsletter (issue 20): sign-up with double opt-in (a mailed link confirms; nothing is sent before),
 * and a one-click unsubscribe from every newsletter mail: a visible link, and the List-Unsubscribe and
 * List-Unsubscribe-Post headers of RFC 8058, whose POST mail providers send on the reader's behalf.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt } from 'drizzle-orm';
import { newsletterSubscribers } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { takeAttempts } from '../limits.ts';
import { composeMail, escapeHtml as escape } from '../mail-compose.ts';
import type { Mail } from '../mail.ts';
import { newOpaqueToken, sha256 } from '../tokens.ts';

type Language = 'en' | 'zh';
/** How long a confirmation link works. */
export const CONFIRM_TTL_MS = 7 * 86_400_000;

const confirmUrl = (publicUrl: string, token: string) => `${publicUrl}/newsletter/confirm?token=${encodeURIComponent(token)}`;
/** The page a reader opens from the mail's visible link. */
export const unsubscribePageUrl = (publicUrl: string, token: string) => `${publicUrl}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
/** Where mail providers POST List-Unsubscribe=One-Click (RFC 8058). */
export const oneClickUrl = (publicUrl: string, token: string) => `${publicUrl}/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;

type SubscribeDeps = Pick<Deps, 'db' | 'clock' | 'limits' | 'mailer' | 'background' | 'config'>;

/**
 * Asks for the newsletter. Counted per client address and per address asked for (the mail also per recipient,
 * mailsPerRecipient); the rest happens after the answer, so an address that is subscribed already takes as
 * long as one never seen. A new or unsubscribed address (or one still waiting) is mailed a fresh
 * confirmation link; a confirmed one is left as it is.
 */
export async function subscribe(deps: SubscribeDeps, request: { email: string; language: Language }, clientIp: string | undefined) {
  await takeAttempts(deps, [
    ['formsPerAddress', `newsletter:${clientIp ?? 'unknown'}`],
    ['formsPerEmail', `newsletter:${request.email}`],
  ]);
  deps.background.run('newsletter sign-up', async () => {
    // A typed address: mailed within the per-recipient allowance every mail to typed addresses shares. Past
    // it nothing changes and nothing is sent (the answer went out already, the same for every address).
    if (!(await deps.limits.mailsPerRecipient.attempt(request.email))) return;
    const now = deps.clock.now();
    const token = newOpaqueToken();
    const pending = {
      status: 'pending' as const,
      language: request.language,
      confirmTokenHash: sha256(token),
      confirmExpiresAt: new Date(now.getTime() + CONFIRM_TTL_MS),
      unsubscribedAt: null,
    };
    const [row] = await deps.db
      .insert(newsletterSubscribers)
      .values({ id: randomUUID(), email: request.email, unsubscribeToken: newOpaqueToken(), createdAt: now, ...pending })
      .onConflictDoNothing()
      .returning({ id: newsletterSubscribers.id });
    if (!row) {
      const updated = await deps.db
        .update(newsletterSubscribers)
        .set(pending)
        .where(and(eq(newsletterSubscribers.email, request.email), eq(newsletterSubscribers.status, 'pending')))
        .returning({ id: newsletterSubscribers.id });
      const back = updated.length
        ? updated
        : await deps.db
            .update(newsletterSubscribers)
            .set(pending)
            .where(and(eq(newsletterSubscribers.email, request.email), eq(newsletterSubscribers.status, 'unsubscribed')))
            .returning({ id: newsletterSubscribers.id });
      // Confirmed already: nothing to ask, and nothing mailed.
      if (!back.length) return deps.limits.mailsPerRecipient.refund(request.email);
    }
    await deps.mailer.send(confirmationMail(request.email, request.language, confirmUrl(deps.config.publicUrl, token)));
  });
}

function confirmationMail(to: string, language: Language, link: string): Mail {
  return language === 'zh'
    ? composeMail(to, '確認訂閱 Sip & Gather 電子報', [
        '多謝你訂閱 Sip & Gather 電子報。請開啟以下連結確認訂閱：',
        { label: '確認訂閱', url: link },
        '連結於 7 天後失效。如非本人要求，請忽略此電郵，我們不會再寄出任何郵件。',
      ])
    : composeMail(to, 'Confirm your Sip & Gather newsletter subscription', [
        'Thank you for signing up for the Sip & Gather newsletter. Please open this link to confirm:',
        { label: 'Confirm subscription', url: link },
        'The link works for 7 days. If you did not ask for this, ignore this mail: nothing more will be sent.',
      ]);
}

/** Opens a confirmation link: the address is subscribed. Unknown, used or expired: ObjectNotFound. */
export async function confirm(deps: Pick<Deps, 'db' | 'clock'>, token: string) {
  const now = deps.clock.now();
  const [row] = await deps.db
    .update(newsletterSubscribers)
    .set({ status: 'confirmed', confirmedAt: now, confirmTokenHash: null, confirmExpiresAt: null })
    .where(
      and(
        eq(newsletterSubscribers.confirmTokenHash, sha256(token)),
        eq(newsletterSubscribers.status, 'pending'),
        gt(newsletterSubscribers.confirmExpiresAt, now),
      ),
    )
    .returning({ email: newsletterSubscribers.email });
  if (!row) throw notFound('Confirmation link');
  return { Email: row.email };
}

/** An unsubscribe link (the page or the one-click POST): no more newsletters. Twice is the same as once. */
export async function unsubscribe(deps: Pick<Deps, 'db' | 'clock'>, token: string) {
  const [row] = await deps.db
    .select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email, status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.unsubscribeToken, token));
  if (!row) throw notFound('Subscription');
  if (row.status !== 'unsubscribed') {
    await deps.db
      .update(newsletterSubscribers)
      .set({ status: 'unsubscribed', unsubscribedAt: deps.clock.now(), confirmTokenHash: null, confirmExpiresAt: null })
      .where(eq(newsletterSubscribers.id, row.id));
  }
  return { Email: row.email };
}

export interface Newsletter {
  subject: string;
  html: string;
  text: string;
}

/**
 * Mails a newsletter to every confirmed subscriber, each with their own unsubscribe link (at the foot, in
 * their language) and the RFC 8058 headers. Answers how many were sent.
 */
export async function sendNewsletter(deps: Pick<Deps, 'db' | 'mailer' | 'config'>, newsletter: Newsletter): Promise<number> {
  const readers = await deps.db
    .select({ email: newsletterSubscribers.email, language: newsletterSubscribers.language, token: newsletterSubscribers.unsubscribeToken })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.status, 'confirmed'))
    .orderBy(asc(newsletterSubscribers.createdAt));
  for (const reader of readers) await deps.mailer.send(newsletterMail(deps.config.publicUrl, reader, newsletter));
  return readers.length;
}

export function newsletterMail(publicUrl: string, reader: { email: string; language: string; token: string }, n: Newsletter): Mail {
  const page = unsubscribePageUrl(publicUrl, reader.token);
  const zh = reader.language === 'zh';
  const why = zh ? '你收到此電郵，是因為你訂閱了 Sip & Gather 電子報。' : 'You receive this because you subscribed to the Sip & Gather newsletter.';
  const label = zh ? '取消訂閱' : 'Unsubscribe';
  const footerHtml = `<hr><p style="color:#6b645a;font-size:13px">${escape(why)} <a href="${escape(page)}">${label}</a></p>`;
  const html = /<\/body>/i.test(n.html) ? n.html.replace(/<\/body>/i, `${footerHtml}</body>`) : `${n.html}${footerHtml}`;
  return {
    to: reader.email,
    subject: n.subject,
    text: `${n.text}\n\n—\n${why}\n${label}: ${page}\n`,
    html,
    headers: {
      'List-Unsubscribe': `<${oneClickUrl(publicUrl, reader.token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
