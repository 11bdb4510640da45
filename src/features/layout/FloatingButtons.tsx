import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { membersOnly } from '../../app/members-only.tsx';

// A member's button, in a chunk of its own: a visitor's first load carries none of it (preloaded for a member by
// the root route's loader).
export const TonightButton = membersOnly(() => import('./TonightButton.tsx').then((m) => ({ default: m.TonightButton })));

/** Tonight while the member is at a gathering; back-to-top, shown once the page has scrolled. */
export function FloatingButtons() {
  const [scrolled, setScrolled] = useState(false);
  const { t } = useLingui();
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 600);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return (
    <div className="floating-buttons">
      <TonightButton />
      {scrolled && (
        <button type="button" className="fab" aria-label={t`Back to top`} onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}>
          ↑
        </button>
      )}
    </div>
  );
}
