/** How long the page must have fetched nothing (no call pending, no file or answer arriving) to count as in. */
export const PAGE_QUIET_MS = 3000;
/**
 * A visit that never pauses that long (a customer tapping on, or opening one link after another, each a new
 * page) counts as in once this long after its first page, at the first moment no call is pending: waiting
 * for quiet alone, such a visit never got the offline shop (the walk's customer did not, issue 30).
 */
export const VISIT_IN_LATEST_MS = 20_000;
/** When this tab's visit began (its first page), kept across its pages. */
const VISIT_START_KEY = 'sg.visitStartedAt';

/** What `whenPageIsIn` watches. */
export interface PageActivity {
  /** The tab's storage for this visit (sessionStorage). */
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  now(): number;
  /** Whether the page has loaded (document.readyState is complete). */
  loaded(): boolean;
  /** Calls `listener` on each change the page's fetching makes: load, a file or answer arriving, a call starting or ending. */
  watch(listener: () => void): () => void;
  pendingCount(): number;
  /** Runs `work` when the browser is idle. */
  atIdle(work: () => void): void;
}

function visitStart(page: PageActivity): number {
  try {
    const kept = Number(page.storage.getItem(VISIT_START_KEY));
    if (kept > 0 && kept <= page.now()) return kept;
    page.storage.setItem(VISIT_START_KEY, String(page.now()));
  } catch {
    // Storage refused (a private mode): the visit is taken as starting with this page.
  }
  return page.now();
}

/**
 * Runs `work` once, at an idle time, once the page has loaded and then fetched nothing for PAGE_QUIET_MS, or
 * no later than VISIT_IN_LATEST_MS after the visit's first page, when no call is pending.
 */
export function whenPageIsIn(work: () => void, page: PageActivity) {
  const latestAt = visitStart(page) + VISIT_IN_LATEST_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const restart = () => {
    clearTimeout(timer);
    if (!page.loaded() || page.pendingCount() > 0) return;
    timer = setTimeout(done, Math.max(0, Math.min(PAGE_QUIET_MS, latestAt - page.now())));
  };
  const unwatch = page.watch(restart);
  function done() {
    unwatch();
    page.atIdle(work);
  }
  restart();
}

/** The browser's page, for whenPageIsIn: the API client's pending calls, and files and answers as they arrive. */
export function browserPageActivity(api: { pendingCount(): number; subscribePending(listener: () => void): () => void }): PageActivity {
  return {
    storage: sessionStorage,
    now: () => Date.now(),
    loaded: () => document.readyState === 'complete',
    watch(listener) {
      const arrivals = new PerformanceObserver(listener);
      arrivals.observe({ type: 'resource' });
      const unsubscribe = api.subscribePending(listener);
      window.addEventListener('load', listener, { once: true });
      return () => {
        arrivals.disconnect();
        unsubscribe();
        window.removeEventListener('load', listener);
      };
    },
    pendingCount: () => api.pendingCount(),
    atIdle: (work) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(() => work()) : work()),
  };
}
