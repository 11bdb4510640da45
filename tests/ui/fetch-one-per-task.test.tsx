/** The browser's requests start one per task (src/app/fetch-one-per-task.ts, issue 30). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchOnePerTask } from '../../src/app/fetch-one-per-task.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('fetchOnePerTask', () => {
  it('starts each request in a task of its own, in order, and answers with fetch’s answer', async () => {
    const started: string[] = [];
    const fetch = vi.fn((input: RequestInfo | URL) => {
      started.push(String(input));
      return Promise.resolve(new Response(String(input)));
    });
    const oneByOne = fetchOnePerTask(fetch as typeof globalThis.fetch);
    const answers = ['/api/a', '/api/b', '/api/c'].map((url) => oneByOne(url));
    expect(started).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(started).toEqual(['/api/a']);
    vi.advanceTimersToNextTimer();
    expect(started).toEqual(['/api/a', '/api/b']);
    vi.advanceTimersToNextTimer();
    expect(started).toEqual(['/api/a', '/api/b', '/api/c']);
    expect(await Promise.all(answers.map(async (a) => (await a).text()))).toEqual(['/api/a', '/api/b', '/api/c']);
    // Asked for later, after the queue ran dry: started in the next task again.
    const later = oneByOne('/api/d', { method: 'POST' });
    vi.advanceTimersToNextTimer();
    expect(fetch).toHaveBeenLastCalledWith('/api/d', { method: 'POST' });
    await later;
  });

  it('passes a failure on as fetch gave it', async () => {
    const oneByOne = fetchOnePerTask(() => Promise.reject(new TypeError('Failed to fetch')));
    const answer = oneByOne('/api/a');
    vi.advanceTimersToNextTimer();
    await expect(answer).rejects.toThrow(TypeError);
  });

  it('fails only the call whose fetch throws, and goes on with the rest', async () => {
    const fetch = vi.fn((input: RequestInfo | URL) => {
      if (String(input) === '/api/bad') throw new TypeError('Invalid URL');
      return Promise.resolve(new Response(String(input)));
    });
    const oneByOne = fetchOnePerTask(fetch as typeof globalThis.fetch);
    const bad = oneByOne('/api/bad');
    const good = oneByOne('/api/good');
    vi.advanceTimersToNextTimer();
    await expect(bad).rejects.toThrow('Invalid URL');
    vi.advanceTimersToNextTimer();
    expect(await (await good).text()).toBe('/api/good');
    const later = oneByOne('/api/later');
    vi.advanceTimersToNextTimer();
    expect(await (await later).text()).toBe('/api/later');
  });
});
