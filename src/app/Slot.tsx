import { Component, Suspense, type ComponentType, type ReactNode } from 'react';
import { useNear } from '../ui/use-near.ts';
import { lazy } from './lazy-screen.ts';
import type { SlotLoaders, SlotName, SlotProps } from './slots.ts';

/** Every feature's slot loaders (src/features/<area>/slots.ts): tiny, so they come with this module. */
const registrations = import.meta.glob<SlotLoaders>('../features/*/slots.ts', { eager: true, import: 'slots' });

// Each slot has its own props; Slot passes the page's.
type AnyPart = ComponentType<any>;
const LOADERS = new Map<string, () => Promise<AnyPart>>();
for (const [file, loaders] of Object.entries(registrations)) {
  for (const [name, load] of Object.entries(loaders) as [string, () => Promise<AnyPart>][]) {
    if (LOADERS.has(name)) throw new Error(`The slot "${name}" is filled twice (again in ${file})`);
    LOADERS.set(name, load);
  }
}
const PARTS = new Map<string, AnyPart>();
function partOf(name: string): AnyPart | undefined {
  let part = PARTS.get(name);
  if (!part) {
    const load = LOADERS.get(name);
    if (!load) return undefined;
    part = lazy(() => load().then((c): { default: AnyPart } => ({ default: c })));
    PARTS.set(name, part);
  }
  return part;
}

/** A part that failed to load (its chunk, a render error) leaves the page as it was, and says nothing. */
class Quiet extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Another feature's part of this page. `whenNear`: below the fold, it loads only when the reader
 * scrolls near it (never delaying the page's first paint); otherwise at once. `fallback` holds its place
 * while it loads.
 */
type PartProps<N extends SlotName> = SlotProps[N] extends Record<string, never> ? unknown : SlotProps[N];

export function Slot<N extends SlotName>(props: { name: N; whenNear?: boolean; fallback?: ReactNode } & PartProps<N>) {
  const { name, whenNear = false, fallback = null, ...partProps } = props as { name: N; whenNear?: boolean; fallback?: ReactNode };
  const { near, place: placeholder } = useNear<HTMLDivElement>(!whenNear);
  const Part = near ? partOf(name) : undefined;
  if (!near) return <div ref={placeholder}>{fallback}</div>;
  if (!Part) return null;
  return (
    <Quiet>
      <Suspense fallback={fallback}>
        <Part {...partProps} />
      </Suspense>
    </Quiet>
  );
}
