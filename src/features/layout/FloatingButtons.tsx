import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';

/** Back-to-top, shown once the page has scrolled. */
export function FloatingButtons() {
  const [scrolled, setScrolled] = useState(false);
  const { t } = useLingui();
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 600);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!scrolled) return null;
  return (
    <div className="floating-buttons">
      <button type="button" className="fab" aria-label={t`Back to top`} onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}>
        ↑
      </button>
    </div>
  );
}
