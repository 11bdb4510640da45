import { Suspense, useState, type ComponentType } from 'react';
import { lazy } from './lazy-screen.ts';

/**
 * A component in a chunk of its own, loaded once: `preload` fetches it (again, after a failure), and `useShown`
 * gives, at mount, the loaded component, or before that one that suspends until its chunk is in.
 */
export function chunkPart<P extends object>(load: () => Promise<ComponentType<P>>) {
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
  // Chosen once per mount: switching from Lazy to the loaded one would mount the part anew.
  const useShown = () => useState(() => loaded ?? Lazy)[0];
  return { preload, useShown };
}

/**
 * A component in a chunk of its own: `preload` fetches it, after which it renders at once, as if it
 * were imported; before that it suspends until its chunk is in. A screen keeps its popups (and Radix
 * Dialog with them) out of its first load this way and preloads them once it shows (issue 14, Fast).
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  const part = chunkPart(load);
  const Component = (props: P) => {
    const Shown = part.useShown();
    // Each popup waits for its chunk behind a boundary of its own: one shared with another popup would,
    // while this one's chunk loads, hide the other one without unmounting it, so its modal layer would
    // keep the page's pointer events off under nothing to click.
    return (
      <Suspense fallback={null}>
        <Shown {...props} />
      </Suspense>
    );
  };
  return Object.assign(Component, { preload: part.preload });
}
