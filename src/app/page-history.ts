import { createStore, type Store } from './store.ts';

export interface VisitedPage {
  href: string;
  skipFromRedirect: boolean;
}

/** Spec §2 and §9: the last 5 pages are kept. */
export const PAGE_HISTORY_SIZE = 5;

export interface PageHistory extends Store<VisitedPage[]> {
  record(page: VisitedPage): void;
  /** Where to return after sign-in or verification: the most recent page not flagged skip-from-redirect. */
  redirectTarget(): string;
}

export function createPageHistory(storage?: Pick<Storage, 'getItem' | 'setItem'>): PageHistory {
  const KEY = 'sg.pageHistory';
  let initial: VisitedPage[] = [];
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(KEY) ?? '[]');
    if (Array.isArray(parsed)) initial = parsed.filter((p) => typeof p?.href === 'string').slice(-PAGE_HISTORY_SIZE);
  } catch {
    initial = [];
  }
  const store = createStore<VisitedPage[]>(initial);
  return {
    ...store,
    record(page) {
      const last = store.get().at(-1);
      if (last?.href === page.href) return;
      store.set((pages) => [...pages, page].slice(-PAGE_HISTORY_SIZE));
      storage?.setItem(KEY, JSON.stringify(store.get()));
    },
    redirectTarget() {
      return [...store.get()].reverse().find((p) => !p.skipFromRedirect)?.href ?? '/home';
    },
  };
}
