import * as contract from '../../contract/newsletter.ts';
import { newsletterBlock } from '../services/newsletter/block.ts';
import { confirm, subscribe, unsubscribe } from '../services/newsletter/newsletter.ts';
import { implement } from './handler.ts';

export const newsletterHandlers = implement(contract, {
  getNewsletterSubscription: ({ deps: { db } }) => newsletterBlock(db),
  async newsletterSubscribe({ body, deps, clientIp }) {
    await subscribe(deps, { email: body.Email, language: body.Language }, clientIp);
    return {};
  },
  newsletterConfirm: ({ body, deps }) => confirm(deps, body.Token),
  newsletterUnsubscribe: ({ body, deps }) => unsubscribe(deps, body.Token),
});
