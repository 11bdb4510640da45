import type { ReactNode } from 'react';
import { useNear } from '../ui/use-near.ts';
import { QuietPart } from './QuietPart.tsx';
import { slotParts, type PartLoader } from './slot-parts.ts';
import type { SlotLoaders, SlotName, SlotProps } from './slots.ts';

/** Every feature's slot loaders (src/features/<area>/slots.ts): tiny, so they come with this module. */
const registrations = import.meta.glob<SlotLoaders>('../features/*/slots.ts', { eager: true, import: 'slots' });

const LOADERS = new Map<string, PartLoader>();
for (const [file, loaders] of Object.entries(registrations)) {
  for (const [name, load] of Object.entries(loaders) as [string, PartLoader][]) {
    if (LOADERS.has(name)) throw new Error(`The slot "${name}" is filled twice (again in ${file})`);
    LOADERS.set(name, load);
  }
}
const PARTS = slotParts(LOADERS);

/**
 * Another feature's part of this page. `whenNear`: below the fold, it loads only when the reader
 * scrolls near it (never delaying the page's first paint), `nearMargin` near (use-near.ts); otherwise at once.
 * `fallback` holds its place while it loads.
 */
type PartProps<N extends SlotName> = SlotProps[N] extends Record<string, never> ? unknown : SlotProps[N];

export function Slot<N extends SlotName>(props: { name: N; whenNear?: boolean; nearMargin?: string; fallback?: ReactNode } & PartProps<N>) {
  const { name, whenNear = false, nearMargin, fallback = null, ...partProps } = props as {
    name: N;
    whenNear?: boolean;
    nearMargin?: string;
    fallback?: ReactNode;
  };
  const { near, place: placeholder } = useNear<HTMLDivElement>(!whenNear, nearMargin);
  if (!near) return <div ref={placeholder}>{fallback}</div>;
  return <QuietPart parts={PARTS} name={name} fallback={fallback} partProps={partProps} />;
}
