import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useEffect } from 'react';
import { activateLocale } from '../i18n/i18n.ts';
import type { AppRouter } from './router.ts';
import { AppServicesContext, type AppServices } from './services.ts';
import { useStore } from './store.ts';

/** Keeps the active Lingui catalogue and <html lang> in step with the chosen language. */
function LocaleSync({ services }: { services: AppServices }) {
  const { locale } = useStore(services.preferences);
  useEffect(() => {
    if (i18n.locale !== locale) void activateLocale(locale);
  }, [locale]);
  return null;
}

export function App({ services, router }: { services: AppServices; router: AppRouter }) {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={services.queryClient}>
        <AppServicesContext.Provider value={services}>
          <LocaleSync services={services} />
          <RouterProvider router={router} />
        </AppServicesContext.Provider>
      </QueryClientProvider>
    </I18nProvider>
  );
}
