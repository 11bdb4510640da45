import type { Currency } from '../../contract/index.ts';
import { CURRENCIES } from '../../contract/index.ts';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../i18n/i18n.ts';
import { createStore, type Store } from './store.ts';

export interface Preferences {
  locale: Locale;
  /** Undefined until chosen by the user or derived from the client's address. */
  currency: Currency | undefined;
}

export interface PreferencesStore extends Store<Preferences> {
  setLocale(locale: Locale): void;
  setCurrency(currency: Currency): void;
  /** The active currency: the user's choice, else the server's default for this address. */
  resolveCurrency(): Promise<Currency>;
}

const LOCALE_KEY = 'sg.locale';
const CURRENCY_KEY = 'sg.currency';

const isCurrency = (value: unknown): value is Currency => CURRENCIES.includes(value as Currency);

export function createPreferences(deps: {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  defaultCurrency: () => Promise<Currency>;
}): PreferencesStore {
  const storedLocale = deps.storage.getItem(LOCALE_KEY);
  const storedCurrency = deps.storage.getItem(CURRENCY_KEY);
  const store = createStore<Preferences>({
    locale: isLocale(storedLocale) ? storedLocale : DEFAULT_LOCALE,
    currency: isCurrency(storedCurrency) ? storedCurrency : undefined,
  });
  let pending: Promise<Currency> | undefined;
  return {
    ...store,
    setLocale(locale) {
      deps.storage.setItem(LOCALE_KEY, locale);
      store.set((p) => ({ ...p, locale }));
    },
    setCurrency(currency) {
      deps.storage.setItem(CURRENCY_KEY, currency);
      store.set((p) => ({ ...p, currency }));
    },
    resolveCurrency() {
      const chosen = store.get().currency;
      if (chosen) return Promise.resolve(chosen);
      pending ??= deps
        .defaultCurrency()
        .catch((): Currency => 'HKD')
        .then((currency) => {
          // Not persisted: only a user's own choice is remembered.
          store.set((p) => ({ ...p, currency: p.currency ?? currency }));
          return store.get().currency ?? currency;
        });
      return pending;
    },
  };
}
