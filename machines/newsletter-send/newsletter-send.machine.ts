import { assign, fromPromise, setup } from 'xstate';
import type {
  CallResult,
  NewsletterSendContext,
  NewsletterSendEvent,
  NewsletterSendInput,
  NewsletterWords,
  SaveIssueInput,
  SaveIssueOutput,
  SendIssueInput,
  SendIssueOutput,
} from './newsletter-send.types.ts';
import { NETWORK_ERROR } from './newsletter-send.types.ts';

export const newsletterSendMachine = setup({
  types: {
    context: {} as NewsletterSendContext,
    events: {} as NewsletterSendEvent,
    input: {} as NewsletterSendInput,
  },
  actors: {
    saveIssue: fromPromise<CallResult<SaveIssueOutput>, SaveIssueInput>(async () => {
      throw new Error('saveIssue not provided');
    }),
    sendIssue: fromPromise<CallResult<SendIssueOutput>, SendIssueInput>(async () => {
      throw new Error('sendIssue not provided');
    }),
  },
  actions: {
    rememberWords: assign((_, params: { words: NewsletterWords; afterSave: 'compose' | 'preview' }) => ({
      words: params.words,
      afterSave: params.afterSave,
      draftSaved: false,
      error: undefined,
    })),
    rememberSaved: assign((_, params: { result: CallResult<SaveIssueOutput> }) =>
      params.result.ok ? { issueID: params.result.data.Issue.IssueID, audience: params.result.data.Audience, draftSaved: true, error: undefined } : {},
    ),
    rememberSent: assign((_, params: { result: CallResult<SendIssueOutput> }) => ({ sent: params.result.ok ? params.result.data : undefined, error: undefined })),
    rememberError: assign((_, params: { result: CallResult<unknown> }) => ({ error: params.result.ok ? undefined : params.result.code })),
    rememberNetworkError: assign({ error: NETWORK_ERROR }),
    clearError: assign({ error: undefined }),
  },
  guards: {
    succeeded: (_, params: { result: CallResult<unknown> }) => params.result.ok,
    savedForPreview: ({ context }, params: { result: CallResult<unknown> }) => params.result.ok && context.afterSave === 'preview',
    /** Nobody to mail: the confirmation says so and sends nothing. */
    hasRecipients: ({ context }) => (context.audience?.Total ?? 0) > 0,
  },
}).createMachine({
  id: 'newsletterSend',
  description:
    'Staff write a newsletter issue in English and Chinese, preview it as subscribers will read it, confirm with the number it goes to, and send it (issue 32). The draft is saved before the preview; the send carries the RequestID made when the composer opened, so a double press or a retry after a lost answer sends it once.',
  context: ({ input }) => ({
    issueID: input.IssueID,
    words: input.Words,
    requestID: input.RequestID,
    afterSave: 'compose',
    draftSaved: false,
  }),
  initial: 'composing',
  states: {
    composing: {
      description: 'The subject and body in both languages are written; staff save the draft, go on to the preview, or close.',
      on: {
        SAVE: { target: 'saving', actions: { type: 'rememberWords', params: ({ event }) => ({ words: event.words, afterSave: 'compose' as const }) } },
        PREVIEW: { target: 'saving', actions: { type: 'rememberWords', params: ({ event }) => ({ words: event.words, afterSave: 'preview' as const }) } },
        CANCEL: { target: 'cancelled' },
      },
    },
    saving: {
      description: 'Saving the draft (staff-save-newsletter-issue): a new issue the first time, the same one after; a second press is not taken while it runs.',
      tags: ['busy'],
      invoke: {
        id: 'saveIssue',
        src: 'saveIssue',
        input: ({ context }) => ({ ...(context.issueID ? { IssueID: context.issueID } : {}), Subject: context.words.Subject, Body: context.words.Body }),
        onDone: [
          {
            guard: { type: 'savedForPreview', params: ({ event }) => ({ result: event.output }) },
            target: 'previewing',
            actions: { type: 'rememberSaved', params: ({ event }) => ({ result: event.output }) },
            description: 'Saved, and the preview was asked for.',
          },
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'composing',
            actions: { type: 'rememberSaved', params: ({ event }) => ({ result: event.output }) },
            description: 'Saved as a draft: staff keep writing.',
          },
          {
            target: 'composing',
            actions: { type: 'rememberError', params: ({ event }) => ({ result: event.output }) },
            description: 'Refused (a word the server would not take, sent meanwhile by someone else): why, in words, with the words kept.',
          },
        ],
        onError: { target: 'composing', actions: 'rememberNetworkError' },
      },
    },
    previewing: {
      description: 'The issue as subscribers will read it, in English and in Chinese; back to the words, on to the confirmation, or close.',
      on: {
        EDIT: { target: 'composing' },
        NEXT: { target: 'confirming' },
        CANCEL: { target: 'cancelled' },
      },
    },
    confirming: {
      description: 'How many subscribers it goes to (and in which language) is shown; staff send it, go back, or close. Nobody to mail: nothing can be sent.',
      on: {
        SEND: { guard: 'hasRecipients', target: 'sending' },
        BACK: { target: 'previewing' },
        EDIT: { target: 'composing' },
        CANCEL: { target: 'cancelled' },
      },
    },
    sending: {
      description: 'Sending it (staff-send-newsletter-issue with the composer’s RequestID): one request; a second press is not taken while it runs.',
      tags: ['busy'],
      invoke: {
        id: 'sendIssue',
        src: 'sendIssue',
        input: ({ context }) => ({ IssueID: context.issueID!, RequestID: context.requestID }),
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'sent',
            actions: { type: 'rememberSent', params: ({ event }) => ({ result: event.output }) },
          },
          {
            target: 'failed',
            actions: { type: 'rememberError', params: ({ event }) => ({ result: event.output }) },
            description: 'Refused: sent already by someone else (NewsletterAlreadySent), gone, or another refusal.',
          },
        ],
        onError: { target: 'failed', actions: 'rememberNetworkError' },
      },
    },
    failed: {
      description: 'Not sent, or no answer came: why, in words; try again (the same RequestID, so a send that did go through is not sent twice) or close.',
      on: {
        RETRY: { target: 'sending', actions: 'clearError' },
        CANCEL: { target: 'cancelled' },
      },
    },
    sent: { type: 'final', description: 'Sent: its mails go out through the jobs runner; how many it goes to is shown.' },
    cancelled: { type: 'final', description: 'Closed without sending: a saved draft stays a draft.' },
  },
});
