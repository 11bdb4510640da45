import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { createAppRouter, preloadScreens } from './app/router.ts';
import { createAppServices } from './app/services.ts';
import { activateLocale } from './i18n/i18n.ts';
import { browserPageActivity, whenPageIsIn } from './app/page-is-in.ts';
import { nextTask } from './app/next-task.ts';
import { fetchOnePerTask } from './app/fetch-one-per-task.ts';
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

// Evaluating the modules, making the services (the session's machine) and making the router were one task of
// some 100 ms (400 ms on Lighthouse's phone); shorter ones block less (issue 30).
await nextTask();
const services = createAppServices({
  fetch: fetchOnePerTask((input, init) => fetch(input, init)),
  storage: localStorage,
  sessionStorage,
  keptAnswers: () => import('./app/kept-answers.ts').then((kept) => kept.browserKeptAnswers(localStorage)),
});
await nextTask();
const router = createAppRouter(services);
// Making the router and its first load (matching, the loaders' calls) were one task of 70-150 ms here.
await nextTask();
// The page's screen chunk, named in the page (index.html's loader), has often arrived by now: evaluating it was
// part of the router's first load, a task of 60-90 ms with the loaders' calls (issue 30); now a task of its own.
preloadScreens(router, window.location.pathname);
await nextTask();
// The router loads the page (its screen's chunk, its loaders' answers) before the first render, while the server's
// first paint stays up: a render started earlier was thrown away when the router's store changed under it and
// done again synchronously, one task of 100–200 ms on a quiet machine (issue 30). A slow answer does not hold
// the page's controls back for longer than ROUTER_WAIT_MS: the page then renders with its pending states.
const ROUTER_WAIT_MS = 1500;
const routerLoaded = Promise.race([router.load().catch(() => {}), new Promise<void>((resolve) => setTimeout(resolve, ROUTER_WAIT_MS))]);
await Promise.all([activateLocale(services.preferences.get().locale), heroShown(), routerLoaded]);

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

// Once the page is in, in a chunk of its own: a first visit's worker fetches and stores every file of the shop
// (src/sw/sw.ts), some 250 requests over seconds, which, started right after the first render, competed with
// the page's own chunks and answers for the network and the phone's cores (issue 30).
whenPageIsIn(
  () => void import('./app/service-worker.ts').then((m) => m.registerServiceWorker(services.serviceWorkerUpdated)),
  browserPageActivity(services.api),
);
