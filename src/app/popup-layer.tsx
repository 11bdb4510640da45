import { Suspense } from 'react';
import { ErrorPopup } from '../ui/ErrorPopup.tsx';
import { lazy } from './lazy-screen.ts';
import { placeOf, PopupPlaceContext, type PopupProps } from './popups.ts';
import { useServices } from './services.ts';
import { useStore } from './store.ts';

// The popup host and its registry of every popup are a chunk of their own (DESIGN §10): each popup
// costs the first load its chunk's name and those of its imports, and most visits open none.
const PopupHost = lazy(() => import('./PopupHost.tsx').then((m) => ({ default: m.PopupHost })));

/**
 * Where popups show. Error popups alone need no chunk, so they show even when chunks fail to load
 * (spec §8); any other popup loads the popup host, which then shows the whole stack. Either way only
 * the top popup shows.
 */
export function PopupLayer() {
  const { popups } = useServices();
  const stack = useStore(popups);
  if (stack.some((entry) => entry.name !== 'error')) {
    return (
      <Suspense fallback={null}>
        <PopupHost />
      </Suspense>
    );
  }
  return stack.map((entry, index) => (
    <PopupPlaceContext.Provider key={entry.key} value={placeOf(entry, index === stack.length - 1)}>
      <ErrorPopup {...(entry.props as PopupProps['error'])} onClose={() => popups.close(entry.key)} />
    </PopupPlaceContext.Provider>
  ));
}
