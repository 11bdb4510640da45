import { i18n } from '@lingui/core';

export const LOCALES = ['en', 'zh-Hant'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/** Content from the server carries en and zh; zh is Traditional Chinese. */
export const contentLanguage = (locale: Locale): 'en' | 'zh' => (locale === 'zh-Hant' ? 'zh' : 'en');

type Catalogue = () => Promise<{ messages: Record<string, unknown> }>;

/**
 * Each locale's catalogue. In production builds (DESIGN §10, build/first-load-messages.ts) it holds the
 * messages of the first load (the entry and /home) only: every other screen and popup chunk brings its
 * own messages, in every locale, and hands them over through `globalThis.__sgMessages` as it is
 * evaluated, before anything of it renders. Outside production builds it is the whole catalogue.
 */
const catalogues: Record<Locale, Catalogue> = {
  en: () => import('./locales/en/messages.po'),
  'zh-Hant': () => import('./locales/zh-Hant/messages.po'),
};

declare global {
  // Called by production chunks with their messages (build/first-load-messages.ts).
  var __sgMessages: ((messages: Partial<Record<Locale, Record<string, unknown>>>) => void) | undefined;
}

/** Every chunk's messages so far, by locale: a locale activated later takes them with its catalogue. */
const chunkMessages: Record<Locale, Record<string, unknown>> = { en: {}, 'zh-Hant': {} };

globalThis.__sgMessages = (messages) => {
  for (const locale of LOCALES) {
    const part = messages[locale];
    if (!part) continue;
    Object.assign(chunkMessages[locale], part);
    // Into the active catalogue in place, not through i18n.load: its 'change' made I18nProvider re-render every
    // component of the page once per chunk (some 200 on the member home, issue 30), and nothing rendered yet
    // shows these messages (the chunk that does is still being evaluated).
    if (i18n.locale === locale) Object.assign(i18n.messages, part);
  }
};

/** The locale last asked for (it may still be loading). */
let requested: Locale | undefined;

/** Loads a locale's catalogue and activates it (chunks already loaded have given it their messages). */
export async function activateLocale(locale: Locale): Promise<void> {
  requested = locale;
  const { messages } = await catalogues[locale]();
  i18n.load(locale, { ...chunkMessages[locale], ...messages } as never);
  // A newer call has chosen another locale meanwhile; it activates that one.
  if (requested !== locale) return;
  i18n.activate(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}
