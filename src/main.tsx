import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { createAppRouter } from './app/router.ts';
import { createAppServices } from './app/services.ts';
import { activateLocale } from './i18n/i18n.ts';
import './ui/styles.css';

const services = createAppServices({ storage: localStorage, sessionStorage });
const router = createAppRouter(services);
await activateLocale(services.preferences.get().locale);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App services={services} router={router} />
  </StrictMode>,
);
