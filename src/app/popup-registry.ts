import type { ComponentType } from 'react';
import type { PopupName, PopupProps } from './popups.ts';

/** A popup's component, as its feature's chunk exports it. */
export type PopupComponent<N extends PopupName> = ComponentType<PopupProps[N] & { onClose: () => void }>;

/** Loads a popup's component on demand (a chunk of the feature's). */
export type PopupLoader<N extends PopupName> = () => Promise<PopupComponent<N>>;

export type PopupLoaders = { [N in PopupName]?: PopupLoader<N> };

/**
 * A feature's popups (src/features/<area>/popups.ts), each named in PopupProps by the same feature:
 * the compiler checks each loader against its props. Only the loaders are in the popup host's chunk;
 * the popups themselves load when opened.
 */
export function definePopups<const L extends PopupLoaders>(loaders: L & Record<Exclude<keyof L, PopupName>, never>): L {
  return loaders;
}
