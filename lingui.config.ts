import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'zh-Hant'],
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/src/i18n/locales/{locale}/messages', include: ['<rootDir>/src'] }],
  // References name the file only: line numbers moved with every edit above a message and churned the catalogues.
  format: formatter({ lineNumbers: false }),
});
