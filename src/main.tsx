import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { createAppRouter } from './app/router.ts';
import { createAppServices } from './app/services.ts';
import { activateLocale } from './i18n/i18n.ts';
import './ui/styles.css';

/**
 * The page's largest picture as the server painted it before any script (server/http/page-head.ts),
 * shown before React replaces that first paint, so the swap never blanks a picture still loading: the
 * SPA then shows the same picture from the cache. It loads at high priority alongside the scripts, so
 * this seldom waits, and never longer than HERO_WAIT_MS.
 */
const HERO_WAIT_MS = 1500;
function heroShown(): Promise<void> {
  const hero = document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]');
  if (!hero) return Promise.resolve();
  const loaded = hero.complete ? Promise.resolve() : hero.decode().catch(() => {});
  // Two frames: the first paints what has loaded, the second runs after that paint.
  const painted = loaded.then(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  return Promise.race([painted, new Promise<void>((resolve) => setTimeout(resolve, HERO_WAIT_MS))]);
}

const services = createAppServices({
  storage: localStorage,
  sessionStorage,
  keptAnswers: () => import('./app/kept-answers.ts').then((kept) => kept.browserKeptAnswers(localStorage)),
});
const router = createAppRouter(services);
await Promise.all([activateLocale(services.preferences.get().locale), heroShown()]);

// As a transition, the first render yields to the browser every few milliseconds instead of holding the
// main thread for the whole page (the server's first paint stays up meanwhile).
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <App services={services} router={router} />
    </StrictMode>,
  ),
);

// Once the page has loaded and the browser is idle, in a chunk of its own: a first visit's worker fetches and
// stores every file of the shop (src/sw/sw.ts), which, started right after the first render, competed with the
// page's own chunks and answers for the network and the phone's cores (issue 30).
const registerWorker = () => void import('./app/service-worker.ts').then((m) => m.registerServiceWorker(services.serviceWorkerUpdated));
const whenIdle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(registerWorker) : setTimeout(registerWorker, 0));
if (document.readyState === 'complete') whenIdle();
else window.addEventListener('load', whenIdle, { once: true });
