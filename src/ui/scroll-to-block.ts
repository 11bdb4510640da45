/**
 * Sent by scrollToBlock: every lazily loaded block of the page loads now (the ones above the target would
 * otherwise push it away as they come in). The home page's blocks (src/features/shop/WhenNear.tsx) listen.
 */
export const LOAD_ALL_BLOCKS = 'sg:home-blocks';
/** How long a jump keeps its block in place while the blocks above it fill in, unless the reader scrolls first. */
const SETTLE_MS = 4000;

/**
 * Brings a block of the page (an element with this id) into view and moves focus there (for keyboards and
 * screen readers) without a navigation: a hash change would be a navigation, which scrolls back to the top
 * (spec §2). Every block loads at once, and the target is kept at the top while those above it fill in,
 * until the page settles or the reader scrolls themselves. False when the page has no such block.
 *
 * Shared by the home page's own links (src/features/shop/WhenNear.tsx) and
 * the menus' links to a block (src/features/layout/ContentLink.tsx).
 */
export function scrollToBlock(id: string) {
  const target = document.getElementById(id);
  if (!target) return false;
  window.dispatchEvent(new Event(LOAD_ALL_BLOCKS));
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
