/**
 * Newsletter issues in the back office (issue 32, machines/newsletter-send): staff write an issue in both languages
 * (empty words are said, not sent), save the draft, preview it in English and Chinese, see how many subscribers it
 * goes to, and send it with a double press whose answer is lost: Try again sends the same RequestID, and the issue is
 * sent once. The jobs runner then mails each subscriber in their language.
 */
import { randomUUID } from 'node:crypto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, newsletterIssues, newsletterSubscribers } from '../../server/db/schema.ts';
import { runDueJobs } from '../../server/services/jobs.ts';
import { SEND_NEWSLETTER_ACTION } from '../../server/services/staff/newsletter-issues.ts';
import { signIn } from '../support/event-bookings.ts';
import { renderApp } from '../support/render-app.tsx';
import { shopper, type Shopper } from '../support/shop.ts';
import { grantRole } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let server: TestApp;
let staff: Shopper;
const readers = ['reader.en@example.com', 'reader.zh@example.com'];
const calls = { save: 0, send: [] as string[] };

beforeAll(async () => {
  server = await createTestApp();
  staff = await shopper(server, { address: false });
  await grantRole(server, staff.userId, 'staff');
  await server.db.insert(newsletterSubscribers).values(
    readers.map((email, i) => ({
      id: randomUUID(),
      email,
      language: i === 0 ? 'en' : 'zh',
      status: 'confirmed' as const,
      unsubscribeToken: `unsub-${randomUUID()}`,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
    })),
  );
});
afterAll(() => server.close());

async function openContent() {
  const view = await renderApp(server, '/home', {
    wrapFetch: (fetch) => async (input, init) => {
      const url = String(input);
      if (url.endsWith('/api/staff-save-newsletter-issue')) calls.save++;
      if (!url.endsWith('/api/staff-send-newsletter-issue')) return fetch(input, init);
      calls.send.push(String(init?.body));
      const answer = await fetch(input, init);
      // The first send reaches the server, but its answer is lost on the way back.
      if (calls.send.length === 1) throw new TypeError('Failed to fetch');
      return answer;
    },
  });
  await signIn(view, staff);
  await view.router.navigate({ to: '/admin/{-$section}', params: { section: 'content' } });
  return view;
}

describe('newsletter issues in the back office', () => {
  it('writes, previews in both languages, confirms with the count and sends once despite a double press and a lost answer', async () => {
    await openContent();
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Newsletter issues, newest first' });
    expect(await screen.findByText('Subscribers now: 2 (1 read English, 1 read Chinese).')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Write an issue' }));
    const dialog = await screen.findByRole('dialog', { name: 'New newsletter issue' });
    expect(within(dialog).getByText('Step 1 of 3: Write')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText('Enter the English subject (at most 150 characters).')).toBeTruthy();
    expect(within(dialog).getByText('Enter the Chinese text (at most 20,000 characters).')).toBeTruthy();
    expect(calls.save).toBe(0);

    await user.type(within(dialog).getByLabelText('Subject in English'), 'Autumn harvest');
    await user.type(within(dialog).getByLabelText('Subject in Chinese'), '秋收');
    await user.type(within(dialog).getByLabelText('Text in English'), 'New oolongs are in.{Enter}{Enter}Come and taste them.');
    await user.type(within(dialog).getByLabelText('Text in Chinese'), '新烏龍到貨。{Enter}{Enter}歡迎來品嚐。');
    await user.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    expect(await within(dialog).findByText('Draft saved.')).toBeTruthy();
    expect(calls.save).toBe(1);

    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const english = await within(dialog).findByRole('article', { name: 'In English' });
    expect(within(english).getByRole('heading', { name: 'Autumn harvest' })).toBeTruthy();
    expect(within(english).getByText('Come and taste them.')).toBeTruthy();
    const chinese = within(dialog).getByRole('article', { name: 'In Chinese' });
    expect(within(chinese).getByRole('heading', { name: '秋收' })).toBeTruthy();
    expect(within(chinese).getByText('新烏龍到貨。')).toBeTruthy();
    // Saved again before the preview, as the same issue.
    expect(calls.save).toBe(2);
    expect(await server.db.select().from(newsletterIssues)).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText(/It goes to 2 subscribers\. In English: 1\. In Chinese: 1\./)).toBeTruthy();
    await user.dblClick(within(dialog).getByRole('button', { name: 'Send to 2 subscribers' }));
    expect(await within(dialog).findByText('That did not get through. Check your connection and try again.')).toBeTruthy();
    expect(calls.send).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('Sent. Its mails go out to 2 subscribers now.')).toBeTruthy();
    expect(calls.send).toHaveLength(2);
    expect(calls.send[1]).toBe(calls.send[0]);
    const [issue] = await server.db.select().from(newsletterIssues);
    expect(issue).toMatchObject({ status: 'sending', recipients: 2 });
    expect(await server.db.select().from(auditLog).where(eq(auditLog.action, SEND_NEWSLETTER_ACTION))).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Sending: 0 of 2 mailed')).toBeTruthy();

    await runDueJobs(server.deps);
    const mails = await server.db.select().from(mailOutbox).where(inArray(mailOutbox.to, readers));
    expect(mails.map((m) => [m.to, m.subject]).sort()).toEqual([
      ['reader.en@example.com', 'Autumn harvest'],
      ['reader.zh@example.com', '秋收'],
    ]);
  });
});
