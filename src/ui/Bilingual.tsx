import type { Bilingual } from '../../contract/index.ts';
import { contentLanguage, type Locale } from '../i18n/i18n.ts';
import { useLingui } from '@lingui/react';

/** Picks the active language's side of server content. */
export function useBilingual(): (text: Bilingual) => string {
  const { i18n } = useLingui();
  const lang = contentLanguage(i18n.locale as Locale);
  return (text) => text[lang] || text.en;
}
