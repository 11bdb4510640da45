// First: the modules below are evaluated in a task after the ones before (src/app/boot-yield.ts, issue 30).
import './boot-yield.ts';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { CURRENCIES, type Currency } from '../../contract/index.ts';
import { ApiError, createApiClient, type ApiClient } from '../api/client.ts';
import { isUserVisible } from '../api/error-messages.ts';
import { queries } from '../api/queries.ts';
import { clearSurveyAnswers } from './event-survey-answers-key.ts';
import { createInspection, type Inspection } from './inspection.ts';
import { keptAnswersPersister } from './kept-answers-persister.ts';
import type { KeptAnswers } from './kept-answers.ts';
import { createPageHistory, type PageHistory } from './page-history.ts';
import { createPopups, type Popups } from './popups.ts';
import { createPreferences, type PreferencesStore } from './preferences.ts';
import { createSession, type SessionActor } from './session.ts';
import { createStore, type Store } from './store.ts';

/** The visitor's default currency as the server wrote it into the page (`<meta name="sg-currency">`), if it did. */
function pageCurrency(): Currency | undefined {
  if (typeof document === 'undefined') return undefined;
  const written = document.querySelector('meta[name="sg-currency"]')?.getAttribute('content');
  return CURRENCIES.find((c) => c === written);
}

/** Everything screens and loaders share; built once per app (and per test). */
export interface AppServices {
  api: ApiClient;
  queryClient: QueryClient;
  preferences: PreferencesStore;
  popups: Popups;
  pageHistory: PageHistory;
  session: SessionActor;
  /** Every flow started through src/app/use-flow.ts gets `inspection.inspect`: /testing2 shows them. */
  inspection: Inspection;
  /** True once a new service worker has taken control: a newer build is live. */
  serviceWorkerUpdated: Store<boolean>;
  /** When the oldest copy kept on this device that the page shows was saved; null when all came from the shop (kept-answers.ts). */
  keptCopyShownSince: Store<number | null>;
  /** This browser's local storage (memory in tests): visitor state such as recent searches. */
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

declare module '@tanstack/react-query' {
  interface Register {
    /** `handlesErrors`: the caller shows this failure itself; the central handler stays quiet. */
    queryMeta: { handlesErrors?: boolean };
    mutationMeta: { handlesErrors?: boolean };
  }
}

export function createAppServices(options: {
  fetch?: typeof fetch;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  sessionStorage?: Pick<Storage, 'getItem' | 'setItem'>;
  /** Loads the answers kept on the device for offline (src/app/kept-answers.ts); without it (tests), nothing is kept. */
  keptAnswers?: () => Promise<KeptAnswers | undefined>;
} = {}): AppServices {
  const api = createApiClient({ fetch: options.fetch });
  const popups = createPopups();
  // Spec §8: whitelisted failures open the error popup; all others stay silent.
  const centralHandler = (error: unknown, meta: { handlesErrors?: boolean } | undefined) => {
    if (meta?.handlesErrors || !isUserVisible(error)) return;
    popups.open('error', { code: error.code, reason: error.serverMessage });
  };
  const keptCopyShownSince = createStore<number | null>(null);
  const keptAnswers = options.keptAnswers ? keptAnswersPersister(options.keptAnswers, keptCopyShownSince) : undefined;
  const queryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => centralHandler(error, query.meta) }),
    mutationCache: new MutationCache({ onError: (error, _v, _c, mutation) => centralHandler(error, mutation.meta) }),
    defaultOptions: {
      // A business answer (4xx) will not change on retry; network failures and 5xx may.
      queries: {
        retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status < 500),
        refetchOnWindowFocus: false,
        persister: keptAnswers?.persister,
      },
    },
  });
  const storage = options.storage ?? memoryStorage();
  const preferences = createPreferences({
    storage,
    defaultCurrency: () => {
      // The page says it when the server wrote it (server/http/page-head.ts): one request less before a first visit's data.
      const written = pageCurrency();
      if (written) queryClient.setQueryData(queries.defaultCurrency(api).queryKey, written);
      return written ? Promise.resolve(written) : queryClient.fetchQuery(queries.defaultCurrency(api));
    },
  });
  const inspection = createInspection({ storage });
  const session = createSession({
    api,
    storage,
    // Member data lives under query keys starting with 'member'; survey answers are kept on the device (spec §4).
    clearMemberState: () => {
      queryClient.removeQueries({ queryKey: ['member'] });
      keptAnswers?.forgetMember();
      clearSurveyAnswers(storage);
    },
    openLogin: () => popups.open('login'),
    inspect: inspection.inspect,
  });
  return {
    api,
    queryClient,
    preferences,
    popups,
    pageHistory: createPageHistory(options.sessionStorage),
    session,
    inspection,
    serviceWorkerUpdated: createStore(false),
    keptCopyShownSince,
    storage,
  };
}

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const map = new Map<string, string>();
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

export const AppServicesContext = createContext<AppServices | null>(null);

export function useServices(): AppServices {
  const services = useContext(AppServicesContext);
  if (!services) throw new Error('useServices outside AppServicesContext');
  return services;
}
