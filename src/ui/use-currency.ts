import { useEffect } from 'react';
import type { Currency } from '../../contract/index.ts';
import { useServices } from '../app/services.ts';
import { useStore } from '../app/store.ts';

/**
 * The active currency, or undefined while it is being resolved. Shop routes resolve it in their
 * loaders; any other screen showing it (the top menu on /about, /faq, a page not found) asks for it
 * here, so a first-time visitor's default arrives on every page.
 */
export function useResolvedCurrency(): Currency | undefined {
  const { preferences } = useServices();
  const { currency } = useStore(preferences);
  useEffect(() => {
    if (!currency) void preferences.resolveCurrency();
  }, [currency, preferences]);
  return currency;
}

/** The active currency; route loaders resolve it before any shop screen renders (HKD until then). */
export function useCurrency(): Currency {
  return useResolvedCurrency() ?? 'HKD';
}
