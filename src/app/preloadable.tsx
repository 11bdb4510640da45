import { Suspense, useState, type ComponentType } from 'react';
import { lazy } from './lazy-screen.ts';

/**
 * A component in a chunk of its own: `preload` fetches it, after which it renders at once, as if it
 * were imported; before that it suspends until its chunk is in. A screen keeps its popups (and Radix
 * Dialog with them) out of its first load this way and preloads them once it shows (issue 14, Fast).
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A chunk that failed to load is tried again next time.
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  const Component = (props: P) => {
    // Chosen once per showing: switching from Lazy to the loaded one would mount the popup anew.
    const [Shown] = useState(() => loaded ?? Lazy);
    // Each popup waits for its chunk behind a boundary of its own: one shared with another popup would,
    // while this one's chunk loads, hide the other one without unmounting it, so its modal layer would
    // keep the page's pointer events off under nothing to click.
    return (
      <Suspense fallback={null}>
        <Shown {...props} />
      </Suspense>
    );
  };
  return Object.assign(Component, { preload });
}
