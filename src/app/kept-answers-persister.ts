/**
 * Issue 29 (6): the React Query persister every query's fetch passes through (services.ts). It is all the first
 * load carries of the answers kept for offline: what is kept, and how, loads with the first answer to keep
 * (kept-answers.ts).
 *
 * - The shop answered: the answer is kept once the browser is idle, so keeping is never on the way to the screen:
 *   all the answers of a while in one idle task, the latest of each query, and no deadline that would bring the
 *   work back into a page still loading (issue 30).
 * - The shop could not be reached at all (`fetch` itself failed, which it reports as a TypeError; an error answer
 *   is an ApiError and an aborted fetch an AbortError): the kept copy answers instead, and `shownSince` tells the
 *   page when it was saved (the oldest on screen), until a kept query is answered by the shop again.
 */
import type { QueryKey, QueryPersister } from '@tanstack/react-query';
import type { KeptAnswers } from './kept-answers.ts';
import type { Store } from './store.ts';

const whenIdle = (work: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(work) : setTimeout(work, 0));

export interface KeptAnswersPersister {
  persister: QueryPersister;
  /** The session ended: the member's copies go. */
  forgetMember(): void;
}

export function keptAnswersPersister(load: () => Promise<KeptAnswers | undefined>, shownSince: Store<number | null>): KeptAnswersPersister {
  let loaded: Promise<KeptAnswers | undefined> | undefined;
  const kept = () => (loaded ??= load().catch(() => undefined));
  // Answers to keep at the next idle time, by query hash.
  const waiting = new Map<string, { queryKey: QueryKey; data: unknown }>();
  // Counts the member's sign-outs: a batch begun before one keeps nothing more.
  let signOuts = 0;
  const keepWaiting = async () => {
    const began = signOuts;
    const answers = await kept();
    const batch = [...waiting];
    waiting.clear();
    for (const [index, [queryHash, { queryKey, data }]] of batch.entries()) {
      if (!answers?.isKept(queryKey)) continue;
      if (shownSince.get() !== null) shownSince.set(null);
      // One answer per idle time: sealing and writing them all at once made one long task of a loading page (issue 30).
      if (index > 0) await new Promise<void>((resolve) => whenIdle(resolve));
      if (signOuts !== began) return;
      await answers.keep(queryKey, queryHash, data).catch(() => undefined);
    }
  };
  const persister: QueryPersister = async (queryFn, context, query) => {
    try {
      const data = await queryFn(context);
      if (waiting.size === 0) whenIdle(() => void keepWaiting().catch(() => undefined));
      waiting.set(query.queryHash, { queryKey: query.queryKey, data });
      return data;
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      const copy = await kept()
        .then((answers) => answers?.copyOf(query.queryKey, query.queryHash))
        .catch(() => undefined);
      if (!copy) throw error;
      shownSince.set((since) => (since === null ? copy.savedAt : Math.min(since, copy.savedAt)));
      return copy.data;
    }
  };
  return {
    persister,
    forgetMember: () => {
      // What was still waiting may be the member's: none of it is kept (a public page's answer is kept on its next fetch).
      waiting.clear();
      signOuts++;
      void kept().then((answers) => answers?.forgetMember());
    },
  };
}
