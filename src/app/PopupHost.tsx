import { Suspense, type ComponentType } from 'react';
import { ErrorPopup } from '../ui/ErrorPopup.tsx';
// React's lazy that also awaits the messages beyond the first load.
import { lazy } from './lazy-screen.ts';
import type { PopupComponent, PopupLoaders } from './popup-registry.ts';
import { placeOf, PopupPlaceContext, type OpenPopup, type PopupName } from './popups.ts';
import { useServices } from './services.ts';
import { useStore } from './store.ts';

/**
 * Every feature registers its own popups in src/features/<area>/popups.ts (a new area adds that file
 * and nothing here). The registrations are tiny, so they come with this chunk; each popup loads on
 * demand, except the error popup, which must show even when chunks fail.
 */
const registrations = import.meta.glob<PopupLoaders>('../features/*/popups.ts', { eager: true, import: 'popups' });

// Each popup has its own props; PopupEntry passes the open entry's.
type AnyPopup = ComponentType<any>;

const LOADERS = new Map<string, () => Promise<AnyPopup>>();
for (const [file, loaders] of Object.entries(registrations)) {
  for (const [name, load] of Object.entries(loaders) as [string, () => Promise<AnyPopup>][]) {
    if (LOADERS.has(name) || name === 'error') throw new Error(`The popup "${name}" is registered twice (again in ${file})`);
    LOADERS.set(name, load);
  }
}

const COMPONENTS = new Map<string, AnyPopup>([['error', ErrorPopup]]);

function componentOf<N extends PopupName>(name: N): PopupComponent<N> {
  let component = COMPONENTS.get(name);
  if (!component) {
    const load = LOADERS.get(name);
    if (!load) throw new Error(`No feature registers the popup "${name}"`);
    component = lazy(() => load().then((c): { default: AnyPopup } => ({ default: c })));
    COMPONENTS.set(name, component);
  }
  return component as unknown as PopupComponent<N>;
}

/**
 * The whole stack stays mounted, so a popup below keeps its state (what was typed, the tab it was on);
 * only the top one shows: one sheet at a time. Each popup waits for its own chunk, so one that is
 * loading leaves those below mounted.
 */
export function PopupHost() {
  const { popups } = useServices();
  const stack = useStore(popups);
  return stack.map((entry, index) => (
    <PopupPlaceContext.Provider key={entry.key} value={placeOf(entry, index === stack.length - 1)}>
      <Suspense fallback={null}>
        <PopupEntry entry={entry} onClose={() => popups.close(entry.key)} />
      </Suspense>
    </PopupPlaceContext.Provider>
  ));
}

function PopupEntry<N extends PopupName>({ entry, onClose }: { entry: OpenPopup<N>; onClose: () => void }) {
  const Component = componentOf(entry.name) as ComponentType<Record<string, unknown> & { onClose: () => void }>;
  return <Component {...(entry.props as Record<string, unknown>)} onClose={onClose} />;
}
