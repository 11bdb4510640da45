import { lazyRouteComponent } from '@tanstack/react-router';
import { lazy as reactLazy, type ComponentType } from 'react';

/** Spec §2 and §9: a screen chunk that has not loaded after 120 seconds fails with a retry message. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadTimeout extends Error {
  constructor() {
    super('ChunkLoadTimeout');
    this.name = 'ChunkLoadTimeout';
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeout()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * A route component loaded on demand, in a chunk of its own, which brings its messages
 * (build/first-load-messages.ts). A first screen (`firstScreen`, listed as such in vite.config.ts) has
 * its messages in the first load.
 */
export function lazyScreen<M extends Record<string, unknown>, K extends keyof M & string>(
  importer: () => Promise<M>,
  exportName: K,
  // Marks the screens listed in vite.config.ts as first screens, for readers.
  _options: { firstScreen?: boolean } = {},
) {
  return lazyRouteComponent(() => withTimeout(importer(), CHUNK_LOAD_TIMEOUT_MS) as Promise<Record<K, ComponentType>>, exportName);
}

/** React's `lazy` for parts such as popups: the component renders once its chunk (with its messages) is in. */
// Typed as React's own `lazy`.
export function lazy<T extends ComponentType<any>>(importer: () => Promise<{ default: T }>) {
  return reactLazy(importer);
}
