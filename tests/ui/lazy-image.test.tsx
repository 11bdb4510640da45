/**
 * A picture below the fold is asked for only once it comes near the view (issue 30): Chromium's own
 * loading="lazy" asks for every picture of a phone's first three screens, each SVG a document the page's main
 * thread parses and lays out while the page loads.
 */
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyImage } from '../../src/ui/LazyImage.tsx';

/** An IntersectionObserver the test drives: `near(element)` reports it come into the margin. */
function fakeObserver() {
  const watched = new Set<Element>();
  let report: ((entries: IntersectionObserverEntry[]) => void) | undefined;
  let options: IntersectionObserverInit | undefined;
  class Fake {
    constructor(callback: IntersectionObserverCallback, init?: IntersectionObserverInit) {
      report = (entries) => callback(entries, this as unknown as IntersectionObserver);
      options = init;
    }
    observe(element: Element) {
      watched.add(element);
    }
    unobserve(element: Element) {
      watched.delete(element);
    }
    disconnect() {
      watched.clear();
    }
  }
  vi.stubGlobal('IntersectionObserver', Fake);
  return {
    watched,
    options: () => options,
    near(element: Element) {
      act(() => report?.([{ isIntersecting: true, target: element } as unknown as IntersectionObserverEntry]));
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('LazyImage', () => {
  it('holds its place with no src until it comes near, then asks for its picture', () => {
    const observer = fakeObserver();
    const { container } = render(<LazyImage src="/media/art/leaf-1-0.svg" srcSet="/a.svg 400w" width={400} height={400} className="card" />);
    const image = container.querySelector('img')!;
    expect(image.getAttribute('src')).toBeNull();
    expect(image.getAttribute('srcset')).toBeNull();
    expect([image.getAttribute('width'), image.getAttribute('height'), image.getAttribute('alt')]).toEqual(['400', '400', '']);
    expect(observer.options()?.rootMargin).toBe('400px 0px');
    observer.near(image);
    expect(image.getAttribute('src')).toBe('/media/art/leaf-1-0.svg');
    expect(image.getAttribute('srcset')).toBe('/a.svg 400w');
    expect(observer.watched.has(image)).toBe(false);
  });

  it('asks for a new picture when its src changes, once near; stops watching when it leaves the page', () => {
    const observer = fakeObserver();
    const { container, rerender, unmount } = render(<LazyImage src="/one.svg" />);
    const image = container.querySelector('img')!;
    observer.near(image);
    rerender(<LazyImage src="/two.svg" />);
    expect(image.getAttribute('src')).toBe('/one.svg');
    observer.near(image);
    expect(image.getAttribute('src')).toBe('/two.svg');
    rerender(<LazyImage src="/three.svg" />);
    expect(observer.watched.has(image)).toBe(true);
    unmount();
    expect(observer.watched.size).toBe(0);
  });

  it('shows the picture at once where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const { container } = render(<LazyImage src="/now.svg" />);
    expect(container.querySelector('img')!.getAttribute('src')).toBe('/now.svg');
  });
});
