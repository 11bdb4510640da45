import { useEffect, useRef, useState } from 'react';

/** Starts loading this far before the place scrolls into view, so the part is there when the reader is. */
const NEAR_MARGIN = '600px 0px';

/**
 * Whether the reader has come near `place` (a part below the fold loads only then, never delaying the first
 * paint): true at once when `now`, or without IntersectionObserver (old browsers, tests). `setNear(true)`
 * brings it in early. `margin`: how near, as IntersectionObserver's rootMargin.
 */
export function useNear<E extends Element>(now: boolean, margin = NEAR_MARGIN) {
  const [near, setNear] = useState(now);
  const place = useRef<E>(null);
  useEffect(() => {
    if (near) return;
    const element = place.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNear(true);
    }, { rootMargin: margin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return { near, setNear, place };
}
