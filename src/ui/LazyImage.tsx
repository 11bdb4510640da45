import { useCallback, type ImgHTMLAttributes } from 'react';

/**
 * How near the view a picture is asked for. Chromium's own loading="lazy" asks 1,250-2,500 px ahead: on a phone's
 * home that is every picture of its first three screens, and the shop's pictures are SVG, each a document of its
 * own that the page's main thread parses, styles and lays out while the page loads (17 on /home, ~12 ms each in a
 * fresh Chromium on this machine, four times that on a mid-range phone; issue 30). 400 px ahead is half a phone's
 * screen: a picture still arrives before a reader scrolling at reading pace reaches it.
 */
const NEAR = '400px';

// One observer for every picture (an observer each is a registration and a callback task each), kept per
// IntersectionObserver the page has (tests put a fake one in its place).
const observers = new WeakMap<typeof IntersectionObserver, IntersectionObserver>();
const shows = new WeakMap<Element, () => void>();

/** Calls `show` once `element` comes within NEAR of the view (or of a sideways row's edge); returns the stop. */
function whenNear(element: Element, show: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    show();
    return () => {};
  }
  let observer = observers.get(IntersectionObserver);
  if (!observer) {
    observer = new IntersectionObserver(
      (entries, self) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          self.unobserve(entry.target);
          const shown = shows.get(entry.target);
          shows.delete(entry.target);
          shown?.();
        }
      },
      // scrollMargin: the same distance inside a sideways row (a scroller of its own), where rootMargin does not reach.
      { rootMargin: `${NEAR} 0px`, scrollMargin: NEAR } as IntersectionObserverInit,
    );
    observers.set(IntersectionObserver, observer);
  }
  shows.set(element, show);
  observer.observe(element);
  return () => {
    shows.delete(element);
    observer.unobserve(element);
  };
}

type LazyImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'loading' | 'ref' | 'src' | 'srcSet'> & { src: string; srcSet?: string };

/**
 * A picture below the fold: its `src` (and `srcSet`) are set only once it comes near the view. Its width and
 * height hold its place meanwhile, so nothing moves when it arrives.
 */
export function LazyImage({ src, srcSet, alt = '', ...rest }: LazyImageProps) {
  const place = useCallback(
    (image: HTMLImageElement | null) =>
      image
        ? whenNear(image, () => {
            if (srcSet) image.srcset = srcSet;
            image.src = src;
          })
        : undefined,
    [src, srcSet],
  );
  return <img ref={place} alt={alt} loading="lazy" decoding="async" {...rest} />;
}
