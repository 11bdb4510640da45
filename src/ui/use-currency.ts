import type { Currency } from '../../contract/index.ts';
import { useServices } from '../app/services.ts';
import { useStore } from '../app/store.ts';

/** The active currency; route loaders resolve it before any shop screen renders. */
export function useCurrency(): Currency {
  const { preferences } = useServices();
  return useStore(preferences).currency ?? 'HKD';
}
