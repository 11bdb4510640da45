/**
 * src/app/page-is-in.ts: the service worker's registration waits until the page is in (main.tsx). A page
 * that goes quiet is in after PAGE_QUIET_MS; a visit that keeps fetching, over one page or many, is in
 * VISIT_IN_LATEST_MS after its first page, at a moment no call is pending (issue 30: the walk's customer
 * never got the worker).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_QUIET_MS, VISIT_IN_LATEST_MS, whenPageIsIn, type PageActivity } from '../../src/app/page-is-in.ts';

function fakePage(storage: Map<string, string>) {
  const listeners = new Set<() => void>();
  let pending = 0;
  const page: PageActivity = {
    storage: { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => void storage.set(k, v) },
    now: () => Date.now(),
    loaded: () => true,
    watch(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    pendingCount: () => pending,
    atIdle: (work) => work(),
  };
  const changed = () => listeners.forEach((l) => l());
  return {
    page,
    /** A file or answer arriving. */
    arrival: changed,
    callStarts: () => ((pending += 1), changed()),
    callEnds: () => ((pending -= 1), changed()),
    watching: () => listeners.size,
  };
}

/** A page fetching something every second, for `ms`. */
function busyFor(page: ReturnType<typeof fakePage>, ms: number) {
  for (let t = 0; t < ms; t += 1000) {
    page.arrival();
    vi.advanceTimersByTime(1000);
  }
}

describe('whenPageIsIn', () => {
  beforeEach(() => void vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => void vi.useRealTimers());

  it('runs the work once the page has fetched nothing for PAGE_QUIET_MS, and stops watching', () => {
    const page = fakePage(new Map());
    const work = vi.fn();
    whenPageIsIn(work, page.page);
    vi.advanceTimersByTime(PAGE_QUIET_MS - 100);
    page.arrival();
    vi.advanceTimersByTime(PAGE_QUIET_MS - 100);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(work).toHaveBeenCalledTimes(1);
    expect(page.watching()).toBe(0);
  });

  it('on a page that never goes quiet, runs it VISIT_IN_LATEST_MS after the visit’s first page, when no call is pending', () => {
    const page = fakePage(new Map());
    const work = vi.fn();
    whenPageIsIn(work, page.page);
    page.callStarts();
    busyFor(page, VISIT_IN_LATEST_MS + 2000);
    expect(work).not.toHaveBeenCalled();
    page.callEnds();
    vi.advanceTimersByTime(0);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('counts the visit from its first page: a later page that never goes quiet is in by then', () => {
    const visit = new Map<string, string>();
    const firstPage = fakePage(visit);
    whenPageIsIn(vi.fn(), firstPage.page);
    busyFor(firstPage, 15_000);
    // A new page of the same tab (the address typed, a link opened): its fetching never pauses either.
    const nextPage = fakePage(visit);
    const work = vi.fn();
    whenPageIsIn(work, nextPage.page);
    busyFor(nextPage, VISIT_IN_LATEST_MS - 15_000 - 1000);
    expect(work).not.toHaveBeenCalled();
    busyFor(nextPage, 2000);
    expect(work).toHaveBeenCalledTimes(1);
  });
});
