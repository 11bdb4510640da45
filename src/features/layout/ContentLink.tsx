import { Link, useLocation, useRouter } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { scrollToBlock } from '../../ui/scroll-to-block.ts';

/** "/home#upcoming-tastings" → the page's path and the block of it the link is for. */
function split(to: string): { path: string; block?: string } {
  const at = to.indexOf('#');
  return at < 0 ? { path: to } : { path: to.slice(0, at) || '/', block: to.slice(at + 1) };
}

/**
 * A link of the menus (the content-managed top menu and footer, and the navigator): a page, or a block of a
 * page ("/home#upcoming-tastings": the events of the landing, for there is no events page in spec §2). On
 * that page already, the block comes into view without a navigation; from elsewhere the navigation lands
 * there, and useBlockInView brings the block into view once the page shows.
 */
export function ContentLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  const pathname = useLocation({ select: (l) => l.pathname });
  const { path, block } = split(to);
  if (!block) {
    return (
      <Link to={path} className={className} activeOptions={{ exact: true }} activeProps={{ 'aria-current': 'page' }}>
        {children}
      </Link>
    );
  }
  return (
    <Link
      to={path}
      hash={block}
      hashScrollIntoView={false}
      className={className}
      // Current only while the block is what the address names: on the landing itself, "Home" is.
      activeOptions={{ exact: true, includeHash: true }}
      activeProps={{ 'aria-current': 'page' }}
      onClick={(e) => {
        if (pathname === path && scrollToBlock(block)) e.preventDefault();
      }}
    >
      {children}
    </Link>
  );
}

/**
 * Arriving at a page through a link to one of its blocks (a menu's Events, or such an address opened), the
 * block comes into view with the blocks above it loaded (scrollToBlock), where the router's own jump would
 * leave it to be pushed down as they come in.
 */
export function useBlockInView() {
  const router = useRouter();
  useEffect(() => {
    const first = router.state.location.hash;
    if (first) scrollToBlock(first);
    return router.subscribe('onRendered', ({ fromLocation, toLocation }) => {
      const moved = !fromLocation || fromLocation.pathname !== toLocation.pathname || fromLocation.hash !== toLocation.hash;
      if (toLocation.hash && moved) scrollToBlock(toLocation.hash);
    });
  }, [router]);
}
