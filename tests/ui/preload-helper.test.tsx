/**
 * The build's preload helper (build/preload-one-per-task.ts, issue 30): every import() of the app goes through
 * it; a lazy chunk's files are linked one per task, not all in the task that imports it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { preloadOnePerTask } from '../../build/preload-one-per-task.ts';

type Preload = (load: () => Promise<unknown>, deps?: string[]) => Promise<unknown>;

/** The helper's module as the build has it, run afresh (its own record of what was asked). */
function helper(): Preload {
  const plugin = preloadOnePerTask();
  const load = plugin.load as (id: string) => string | undefined;
  expect(load('/src/main.tsx')).toBeUndefined();
  const code = load('\0vite/preload-helper.js')!;
  const run = new Function(code.replace('export const __vitePreload =', 'return'));
  return run() as Preload;
}

const links = () => [...document.head.querySelectorAll('link')].map((l) => `${l.rel} ${new URL(l.href).pathname}`);
/** Runs the next task the helper queued. */
const nextTask = () => vi.advanceTimersToNextTimer();

beforeEach(() => {
  vi.useFakeTimers();
  document.head.innerHTML = '';
});
afterEach(() => vi.useRealTimers());

describe('the preload helper', () => {
  it('asks for the chunk at once and links its files one per task, each once', async () => {
    const preload = helper();
    const load = vi.fn(() => Promise.resolve('the chunk'));
    const loaded = preload(load, ['assets/a.js', 'assets/b.js', 'assets/c.js']);
    await expect(loaded).resolves.toBe('the chunk');
    expect(load).toHaveBeenCalledTimes(1);
    expect(links()).toEqual([]);
    nextTask();
    expect(links()).toEqual(['modulepreload /assets/a.js']);
    nextTask();
    expect(links()).toEqual(['modulepreload /assets/a.js', 'modulepreload /assets/b.js']);
    nextTask();
    expect(links()).toHaveLength(3);
    // Another chunk sharing a file: only its new one is linked.
    await preload(() => Promise.resolve('other'), ['assets/b.js', 'assets/d.js']);
    vi.runAllTimers();
    expect(links()).toEqual(['modulepreload /assets/a.js', 'modulepreload /assets/b.js', 'modulepreload /assets/c.js', 'modulepreload /assets/d.js']);
    expect(document.head.querySelector('link')!.crossOrigin).toBe('');
  });

  it("skips a file index.html's loader already linked", async () => {
    document.head.innerHTML = '<link rel="modulepreload" href="/assets/a.js">';
    const preload = helper();
    await preload(() => Promise.resolve(1), ['assets/a.js', 'assets/b.js']);
    vi.runAllTimers();
    expect(links()).toEqual(['modulepreload /assets/a.js', 'modulepreload /assets/b.js']);
  });

  it('fetches a chunk beside its styles, which are linked first, and hands it over only once they are in; a style that fails is reported and thrown', async () => {
    const preload = helper();
    const load = vi.fn(() => Promise.resolve('styled'));
    let handedOver = false;
    const loaded = preload(load, ['assets/a.js', 'assets/s.css']).then((chunk) => {
      handedOver = true;
      return chunk;
    });
    // Asked for at once, not after the styles' download.
    expect(load).toHaveBeenCalledTimes(1);
    nextTask();
    expect(links()).toEqual(['stylesheet /assets/s.css']);
    vi.runAllTimers();
    expect(links()).toEqual(['stylesheet /assets/s.css', 'modulepreload /assets/a.js']);
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(handedOver).toBe(false);
    document.head.querySelector('link[rel=stylesheet]')!.dispatchEvent(new Event('load'));
    await expect(loaded).resolves.toBe('styled');

    const reported = vi.fn();
    window.addEventListener('vite:preloadError', reported);
    const failing = preload(() => Promise.resolve('never'), ['assets/t.css']);
    vi.runAllTimers();
    document.head.querySelector('link[href$="/assets/t.css"]')!.dispatchEvent(new Event('error'));
    await expect(failing).rejects.toThrow('Unable to preload CSS for http://localhost:3000/assets/t.css');
    expect(reported).toHaveBeenCalledTimes(1);
    window.removeEventListener('vite:preloadError', reported);
  });

  it('reports a chunk that failed to load before throwing it', async () => {
    const preload = helper();
    const reported = vi.fn((event: Event) => event.preventDefault());
    window.addEventListener('vite:preloadError', reported);
    await expect(preload(() => Promise.reject(new Error('offline')))).resolves.toBeUndefined();
    expect(reported).toHaveBeenCalledTimes(1);
    window.removeEventListener('vite:preloadError', reported);
  });
});
