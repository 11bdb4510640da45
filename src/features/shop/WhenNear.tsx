import { Suspense, useEffect, type ReactNode } from 'react';
import { LOAD_ALL_BLOCKS } from '../../ui/scroll-to-block.ts';
import { useNear } from '../../ui/use-near.ts';

/**
 * A part of the home page below its first screen: rendered (and so its chunk loaded) only when the reader
 * scrolls near it, never delaying the first paint. `id` stays on the place from the start, so a jump to it
 * (scrollToBlock) finds it before the part has loaded, and the part loads as the jump brings it near.
 * `margin`: how near (IntersectionObserver's rootMargin), 600 px above and below by default; `className` joins home-block.
 */
export function WhenNear({ id, margin, className, children }: { id?: string; margin?: string; className?: string; children: ReactNode }) {
  const { near, setNear, place } = useNear<HTMLDivElement>(false, margin);
  useEffect(() => {
    if (near) return;
    const all = () => setNear(true);
    window.addEventListener(LOAD_ALL_BLOCKS, all);
    return () => window.removeEventListener(LOAD_ALL_BLOCKS, all);
  }, [near, setNear]);
  return (
    <div ref={place} id={id} className={className ? `home-block ${className}` : 'home-block'} tabIndex={id ? -1 : undefined}>
      {near && <Suspense fallback={null}>{children}</Suspense>}
    </div>
  );
}

// The jump to a block is shared with the menus' links (src/ui/scroll-to-block.ts); the home's own links import it from here.
export { scrollToBlock } from '../../ui/scroll-to-block.ts';
