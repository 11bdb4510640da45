import { i18n } from '@lingui/core';

export const LOCALES = ['en', 'zh-Hant'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/** Content from the server carries en and zh; zh is Traditional Chinese. */
export const contentLanguage = (locale: Locale): 'en' | 'zh' => (locale === 'zh-Hant' ? 'zh' : 'en');

type Catalogue = () => Promise<{ messages: Record<string, unknown> }>;

/**
 * Each locale's catalogue in two chunks (DESIGN §10, build/first-load-messages.ts): the messages of the
 * first load (the entry and /home) and the rest, which screens and popups beyond those await with their
 * chunk. Outside production builds both are the whole catalogue.
 */
const firstLoadCatalogues: Record<Locale, Catalogue> = {
  en: () => import('./locales/en/messages.po'),
  'zh-Hant': () => import('./locales/zh-Hant/messages.po'),
};
const restCatalogues: Record<Locale, Catalogue> = {
  en: () => import('./locales/en/messages.po?lingui'),
  'zh-Hant': () => import('./locales/zh-Hant/messages.po?lingui'),
};

/** The locale last asked for (it may still be loading). */
let requested: Locale | undefined;
/** Set once something beyond the first load has needed the rest: every later activation loads it too. */
let restWanted = false;
const restLoads = new Map<Locale, Promise<void>>();

function loadRest(locale: Locale): Promise<void> {
  let load = restLoads.get(locale);
  if (!load) {
    load = restCatalogues[locale]().then(
      ({ messages }) => i18n.load(locale, messages as never),
      (error: unknown) => {
        // A chunk that failed to load is tried again next time.
        restLoads.delete(locale);
        throw error;
      },
    );
    restLoads.set(locale, load);
  }
  return load;
}

/**
 * Loads a locale's catalogue and activates it: the first-load part, and the rest as well once anything
 * has needed it (a language switch on any screen or popup then has every message before it shows).
 */
export async function activateLocale(locale: Locale): Promise<void> {
  requested = locale;
  const [{ messages }] = await Promise.all([firstLoadCatalogues[locale](), restWanted ? loadRest(locale) : undefined]);
  i18n.load(locale, messages as never);
  // A newer call has chosen another locale meanwhile; it activates that one.
  if (requested !== locale) return;
  i18n.activate(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

// A safety net: code that shows a message of the rest without having awaited it (a chunk loaded
// other than through src/app/lazy-screen.ts) gets it a moment later rather than never.
i18n.on('missing', () => void loadRestOfMessages().catch(() => {}));

/**
 * The messages beyond the first load, for the locale in use and every one activated after it. Lazy
 * screens and popups await this with their chunk, so that none shows before its messages are in.
 */
export function loadRestOfMessages(): Promise<void> {
  restWanted = true;
  return requested ? loadRest(requested) : Promise.resolve();
}
