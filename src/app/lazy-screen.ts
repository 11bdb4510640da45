import { lazyRouteComponent } from '@tanstack/react-router';
import { lazy as reactLazy, type ComponentType } from 'react';
import { loadRestOfMessages } from '../i18n/i18n.ts';

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

/** A chunk together with the messages beyond the first load (src/i18n/i18n.ts), so that what it shows has its words. */
export async function withRestOfMessages<T>(chunk: Promise<T>): Promise<T> {
  const [module] = await Promise.all([chunk, loadRestOfMessages()]);
  return module;
}

/**
 * A route component loaded on demand, in a chunk of its own, with the rest of the messages. A first
 * screen (`firstScreen`, listed as such in vite.config.ts) has its messages in the first load and does
 * not wait for the rest.
 */
export function lazyScreen<M extends Record<string, unknown>, K extends keyof M & string>(
  importer: () => Promise<M>,
  exportName: K,
  options: { firstScreen?: boolean } = {},
) {
  return lazyRouteComponent(
    () =>
      withTimeout(options.firstScreen ? importer() : withRestOfMessages(importer()), CHUNK_LOAD_TIMEOUT_MS) as Promise<
        Record<K, ComponentType>
      >,
    exportName,
  );
}

/** React's `lazy` for parts such as popups: the component renders once its chunk and the rest of the messages are in. */
// Typed as React's own `lazy`.
export function lazy<T extends ComponentType<any>>(importer: () => Promise<{ default: T }>) {
  return reactLazy(() => withRestOfMessages(importer()));
}
