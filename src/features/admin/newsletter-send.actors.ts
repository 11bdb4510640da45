/** The newsletter send flow's machine with its real actors, named after the calls they make (DESIGN §5). */
import { fromPromise } from 'xstate';
import { staffSaveNewsletterIssue, staffSendNewsletterIssue } from '../../../contract/index.ts';
import { newsletterSendMachine } from '../../../machines/newsletter-send/newsletter-send.machine.ts';
import type { SaveIssueOutput, SendIssueOutput } from '../../../machines/newsletter-send/newsletter-send.types.ts';
import { asCallResult } from '../../api/call-result.ts';
import type { AppServices } from '../../app/services.ts';
import { NEWSLETTER_KEY } from './content-queries.ts';

/** The issues' list is read afresh once an issue is saved or sent. */
export function createNewsletterSendFlow({ api, queryClient }: AppServices) {
  return newsletterSendMachine.provide({
    actors: {
      saveIssue: fromPromise(async ({ input }) => {
        const result = await asCallResult(api.call(staffSaveNewsletterIssue, input).then((r): SaveIssueOutput => r));
        if (result.ok) await queryClient.invalidateQueries({ queryKey: NEWSLETTER_KEY });
        return result;
      }),
      sendIssue: fromPromise(async ({ input }) => {
        const result = await asCallResult(api.call(staffSendNewsletterIssue, input).then((r): SendIssueOutput => r));
        if (result.ok) await queryClient.invalidateQueries({ queryKey: NEWSLETTER_KEY });
        return result;
      }),
    },
  });
}
