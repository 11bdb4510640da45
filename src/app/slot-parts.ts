import type { ComponentType } from 'react';
import { lazy } from './lazy-screen.ts';

// Each slot has its own props; Slot passes the page's.
export type AnyPart = ComponentType<any>;
export type PartLoader = () => Promise<AnyPart>;

export type SlotParts = {
  /** The part filling `name` (loading, loaded or failed), or undefined when no feature fills it. */
  partOf(name: string): AnyPart | undefined;
  /** Drops a part whose load failed, so that the next `partOf` loads it again. */
  forgetFailed(name: string): void;
};

/** A part whose chunk did not load: worth trying again, unlike an error in the part's own rendering. */
export class PartLoadFailed extends Error {
  constructor(name: string, cause: unknown) {
    super(`The slot part "${name}" did not load`, { cause });
    this.name = 'PartLoadFailed';
  }
}

/**
 * The parts of the slots `loaders` fill, each loaded once and kept. React's lazy keeps its rejection, so a
 * failed load, kept, would hide the part for the life of the page (one network hiccup): the boundary that
 * catches it forgets it. Not at once: React renders the failed part again before the boundary catches, and
 * a fresh load on each of those renders would never reach it.
 */
export function slotParts(loaders: ReadonlyMap<string, PartLoader>): SlotParts {
  const parts = new Map<string, AnyPart>();
  const failed = new WeakSet<AnyPart>();
  return {
    partOf(name) {
      const kept = parts.get(name);
      if (kept) return kept;
      const load = loaders.get(name);
      if (!load) return undefined;
      const part: AnyPart = lazy(() =>
        load().then(
          (component): { default: AnyPart } => ({ default: component }),
          (error: unknown) => {
            failed.add(part);
            throw new PartLoadFailed(name, error);
          },
        ),
      );
      parts.set(name, part);
      return part;
    },
    forgetFailed(name) {
      const part = parts.get(name);
      if (part && failed.has(part)) parts.delete(name);
    },
  };
}
