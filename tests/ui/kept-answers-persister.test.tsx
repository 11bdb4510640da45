/**
 * Issue 30: the answers to keep for offline are sealed one per idle time, not all in one long task of a
 * loading page; a sign-out between two of them keeps nothing more of the batch.
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
});
