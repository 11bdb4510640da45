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

// After the first render, in a chunk of its own, so the worker does not compete with the shop's first load.
requestAnimationFrame(() =>
  setTimeout(() => void import('./app/service-worker.ts').then((m) => m.registerServiceWorker(services.serviceWorkerUpdated)), 0),
);
