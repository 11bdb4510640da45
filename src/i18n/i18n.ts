import { i18n, type I18n } from '@lingui/core';

export const LOCALES = ['en', 'zh-Hant'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/** Content from the server carries en and zh; zh is Traditional Chinese. */
export const contentLanguage = (locale: Locale): 'en' | 'zh' => (locale === 'zh-Hant' ? 'zh' : 'en');

const catalogs: Record<Locale, () => Promise<{ messages: Record<string, unknown> }>> = {
  en: () => import('./locales/en/messages.po'),
  'zh-Hant': () => import('./locales/zh-Hant/messages.po'),
};

/** Loads a locale's catalogue (its own chunk) and activates it. */
export async function activateLocale(locale: Locale, instance: I18n = i18n): Promise<void> {
  const { messages } = await catalogs[locale]();
  instance.loadAndActivate({ locale, messages: messages as never });
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}
