/**
 * A slot part whose chunk failed to load (a network hiccup, a busy server) is asked for again, a few times
 * and then on the next mount, instead of its failure being kept for the life of the page (the product
 * page's taste section that never appeared, e2e/taste-pages.spec.ts). A part that fails for good, or
 * fails in its own rendering, leaves the page as it was.
 */
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PART_LOAD_ATTEMPTS, PART_RETRY_DELAY_MS, QuietPart } from '../../src/app/QuietPart.tsx';
import { slotParts, type PartLoader } from '../../src/app/slot-parts.ts';

const Taste = ({ productID }: { productID: string }) => <p>Taste of {productID}</p>;
const chunkFailed = () => new Error('Failed to fetch dynamically imported module');

/** A product page with its taste slot, filled by `load`. */
function page(load: PartLoader, parts = slotParts(new Map([['productTaste', load]]))) {
  return (
    <main>
      <h1>Oolong</h1>
      <QuietPart parts={parts} name="productTaste" fallback={<p>Loading taste…</p>} partProps={{ productID: 'oolong' }} />
    </main>
  );
}

/** Lets the loads settle and React render what follows, moving the clock `ms` on. */
const pass = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));
/**
 * Waits out every retry there could be, and one more: each step runs the timers then pending (a retry's
 * back-off, whatever its length) and lets React render what follows, which it does when the act ends.
 */
async function waitOutRetries() {
  for (let step = 0; step <= PART_LOAD_ATTEMPTS; step++) await act(() => vi.runOnlyPendingTimersAsync());
}

beforeEach(() => {
  vi.useFakeTimers();
  // React reports each error a boundary catches; these are the test's own.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('a slot part', () => {
  it('that failed to load once shows after the retry', async () => {
    const load = vi.fn<PartLoader>().mockRejectedValueOnce(chunkFailed()).mockResolvedValue(Taste);
    render(page(load));
    await pass();
    expect(load).toHaveBeenCalledTimes(1);
    // The place is held while the retry waits.
    expect(screen.getByText('Loading taste…')).toBeTruthy();
    expect(screen.queryByText('Taste of oolong')).toBeNull();

    // Not asked for again before its back-off.
    await pass(PART_RETRY_DELAY_MS - 1);
    expect(load).toHaveBeenCalledTimes(1);
    await pass(1);
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Taste of oolong')).toBeTruthy();
    expect(screen.queryByText('Loading taste…')).toBeNull();
  });

  it('that never loads shows nothing, stops after the limit, and leaves the page as it was', async () => {
    const load = vi.fn<PartLoader>().mockRejectedValue(chunkFailed());
    const { container } = render(page(load));
    await pass();
    await waitOutRetries();
    expect(load).toHaveBeenCalledTimes(PART_LOAD_ATTEMPTS);
    expect(vi.getTimerCount()).toBe(0);
    expect(container.querySelector('main')!.innerHTML).toBe('<h1>Oolong</h1>');

    await waitOutRetries();
    expect(load).toHaveBeenCalledTimes(PART_LOAD_ATTEMPTS);
  });

  it('that failed for good is asked for again when next shown (the failure is not kept)', async () => {
    const load = vi.fn<PartLoader>().mockRejectedValue(chunkFailed());
    const parts = slotParts(new Map([['productTaste', load]]));
    const first = render(page(load, parts));
    await pass();
    await waitOutRetries();
    expect(load).toHaveBeenCalledTimes(PART_LOAD_ATTEMPTS);
    first.unmount();

    // Away and back: the server answers again.
    load.mockResolvedValue(Taste);
    render(page(load, parts));
    await pass();
    expect(load).toHaveBeenCalledTimes(PART_LOAD_ATTEMPTS + 1);
    expect(screen.getByText('Taste of oolong')).toBeTruthy();
  });

  it('that loaded is kept: shown again without another load', async () => {
    const load = vi.fn<PartLoader>().mockResolvedValue(Taste);
    const parts = slotParts(new Map([['productTaste', load]]));
    render(page(load, parts)).unmount();
    await pass();
    render(page(load, parts));
    await pass();
    expect(screen.getByText('Taste of oolong')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('that fails in its own rendering is not retried: nothing shows, the page stays', async () => {
    const renders = vi.fn();
    const Broken = () => {
      renders();
      throw new Error('The part itself is broken');
    };
    const load = vi.fn<PartLoader>().mockResolvedValue(Broken);
    const { container } = render(page(load));
    await pass();
    const rendersAfterFailing = renders.mock.calls.length;
    expect(rendersAfterFailing).toBeGreaterThan(0);
    await waitOutRetries();
    expect(renders).toHaveBeenCalledTimes(rendersAfterFailing);
    expect(load).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
    expect(container.querySelector('main')!.innerHTML).toBe('<h1>Oolong</h1>');
  });
});
