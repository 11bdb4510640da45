import type { newsletterSendMachine } from './newsletter-send.machine.ts';
import type { FlowFixtures } from '../../flows/model.ts';

const WORDS = {
  Subject: { en: 'Autumn harvest', zh: '秋收' },
  Body: { en: 'New oolongs are in.\n\nCome and taste them.', zh: '新烏龍到貨。\n\n歡迎來品嚐。' },
};
const ISSUE = { IssueID: 'issue-1', Status: 'draft' as const, ...WORDS, Recipients: 0, Sent: 0, Skipped: 0 };

/** What `npm run paths`, the tests and the flow atlas drive the newsletterSendMachine with. */
export const fixtures: FlowFixtures<typeof newsletterSendMachine> = {
  inputs: [
    { Words: { Subject: { en: '', zh: '' }, Body: { en: '', zh: '' } }, RequestID: 'req-newsletter-0001' },
    { IssueID: 'issue-1', Words: WORDS, RequestID: 'req-newsletter-0002' },
  ],
  describeInput: (input) => (input.IssueID ? `draft ${input.IssueID}` : 'new issue'),
  events: {
    SAVE: [{ type: 'SAVE', words: WORDS }],
    PREVIEW: [{ type: 'PREVIEW', words: WORDS }],
    EDIT: [{ type: 'EDIT' }],
    NEXT: [{ type: 'NEXT' }],
    BACK: [{ type: 'BACK' }],
    SEND: [{ type: 'SEND' }],
    RETRY: [{ type: 'RETRY' }],
    CANCEL: [{ type: 'CANCEL' }],
  },
  actors: {
    saveIssue: {
      done: [
        { ok: true, data: { Issue: ISSUE, Audience: { Total: 3, En: 2, Zh: 1 } } },
        // Nobody is subscribed yet: the confirmation offers no send.
        { ok: true, data: { Issue: ISSUE, Audience: { Total: 0, En: 0, Zh: 0 } } },
        { ok: false, code: 'NewsletterAlreadySent' },
      ],
      error: new Error('network down'),
    },
    sendIssue: {
      done: [
        { ok: true, data: { Issue: { ...ISSUE, Status: 'sending', Recipients: 3 }, Repeated: false } },
        // A retry after a lost answer: the first press had sent it.
        { ok: true, data: { Issue: { ...ISSUE, Status: 'sent', Recipients: 3, Sent: 3, SentAt: '2026-11-30T10:00:00.000Z' }, Repeated: true } },
        { ok: false, code: 'NewsletterAlreadySent' },
      ],
      error: new Error('network down'),
    },
  },
  abstraction: ({ context }) => ({
    saved: context.issueID !== undefined,
    afterSave: context.afterSave,
    someone: (context.audience?.Total ?? 0) > 0,
    error: context.error,
    sent: context.sent !== undefined,
  }),
};
