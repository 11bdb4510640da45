/**
 * Issue 30: the answers to keep for offline are sealed one per idle time, not all in one long task of a
 * loading page, and none (nor their code) before the page is in; a sign-out between two of them keeps nothing
 * more of the batch.
 */
import type { QueryFunctionContext, QueryKey } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { KeptAnswers } from '../../src/app/kept-answers.ts';
import { keptAnswersPersister } from '../../src/app/kept-answers-persister.ts';
import { createStore } from '../../src/app/store.ts';

function fakeKept() {
  const kept: string[] = [];
  const answers: KeptAnswers = {
    save: async () => undefined,
    read: async () => undefined,
    isKept: () => true,
    keep: async (_key, queryHash) => void kept.push(queryHash),
    copyOf: async () => undefined,
    forgetMember: () => undefined,
  };
  return { answers, kept };
}

/** Idle callbacks run only when the test says so. */
function idleQueue() {
  const queue: IdleRequestCallback[] = [];
  vi.stubGlobal('requestIdleCallback', (work: IdleRequestCallback) => queue.push(work));
  return {
    get length() {
      return queue.length;
    },
    async runOne() {
      queue.shift()!({ didTimeout: false, timeRemaining: () => 50 });
      // What the callback started runs on promises: let them all settle.
      await new Promise((settled) => setTimeout(settled, 0));
    },
  };
}

const fetchOf = (queryHash: string) => {
  const queryKey: QueryKey = [queryHash];
  return [async () => queryHash, {} as QueryFunctionContext, { queryHash, queryKey }] as const;
};

describe('the answers kept for offline', () => {
  it('are sealed one per idle time, and none after the member signs out', async () => {
    const idle = idleQueue();
    const { answers, kept } = fakeKept();
    const { persister, forgetMember } = keptAnswersPersister(async () => answers, createStore<number | null>(null));
    for (const hash of ['a', 'b', 'c']) await persister(...(fetchOf(hash) as unknown as Parameters<typeof persister>));
    expect(kept).toEqual([]);

    await idle.runOne();
    expect(kept).toEqual(['a']);
    expect(idle.length).toBe(1);
    await idle.runOne();
    expect(kept).toEqual(['a', 'b']);

    forgetMember();
    await idle.runOne();
    expect(kept).toEqual(['a', 'b']);
    vi.unstubAllGlobals();
  });

  it('are neither sealed nor their code loaded before the page is in', async () => {
    const idle = idleQueue();
    const { answers, kept } = fakeKept();
    let loads = 0;
    let pageIsIn!: () => void;
    const keepFrom = new Promise<void>((resolve) => (pageIsIn = resolve));
    const { persister } = keptAnswersPersister(async () => (loads++, answers), createStore<number | null>(null), keepFrom);
    for (const hash of ['a', 'b']) await persister(...(fetchOf(hash) as unknown as Parameters<typeof persister>));

    // Idle moments of a page still loading: nothing is done in them.
    await idle.runOne();
    expect(idle.length).toBe(0);
    expect([loads, kept]).toEqual([0, []]);

    pageIsIn();
    await new Promise((settled) => setTimeout(settled, 0));
    expect([loads, kept]).toEqual([1, ['a']]);
    await idle.runOne();
    expect(kept).toEqual(['a', 'b']);
    vi.unstubAllGlobals();
  });
});
