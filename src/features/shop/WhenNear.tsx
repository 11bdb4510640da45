import { Suspense, useEffect, type ReactNode } from 'react';
import { useNear } from '../../ui/use-near.ts';

/** Sent by scrollToBlock: every block loads now (the ones above the target would otherwise push it away as they come in). */
const LOAD_ALL = 'sg:home-blocks';
/** How long a jump keeps its block in place while the blocks above it fill in, unless the reader scrolls first. */
const SETTLE_MS = 4000;

/**
 * A part of the home page below its first screen: rendered (and so its chunk loaded) only when the reader
 * scrolls near it, never delaying the first paint. `id` stays on the place from the start, so a jump to it
 * (scrollToBlock) finds it before the part has loaded, and the part loads as the jump brings it near.
 */
export function WhenNear({ id, children }: { id?: string; children: ReactNode }) {
  const { near, setNear, place } = useNear<HTMLDivElement>(false);
  useEffect(() => {
    if (near) return;
    const all = () => setNear(true);
    window.addEventListener(LOAD_ALL, all);
    return () => window.removeEventListener(LOAD_ALL, all);
  }, [near, setNear]);
  return (
    <div ref={place} id={id} className="home-block" tabIndex={id ? -1 : undefined}>
      {near && <Suspense fallback={null}>{children}</Suspense>}
    </div>
  );
}

/**
 * Brings a home block into view and moves focus there (for keyboards and screen readers) without a
 * navigation: a hash change would be a navigation, which scrolls back to the top (spec §2). Every block
 * loads at once, and the target is kept at the top while those above it fill in, until the page settles
 * or the reader scrolls themselves.
 */
export function scrollToBlock(id: string) {
  const target = document.getElementById(id);
  if (!target) return false;
  window.dispatchEvent(new Event(LOAD_ALL));
  const align = () => target.scrollIntoView({ block: 'start' });
  align();
  target.focus({ preventScroll: true });
  if (typeof ResizeObserver === 'undefined') return true;
  const page = target.parentElement ?? document.body;
  const observer = new ResizeObserver(align);
  observer.observe(page);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of ['wheel', 'touchstart', 'keydown'] as const) window.removeEventListener(type, stop);
  };
  const timer = setTimeout(stop, SETTLE_MS);
  for (const type of ['wheel', 'touchstart', 'keydown'] as const) window.addEventListener(type, stop, { passive: true });
  return true;
}
