import type { Plugin } from 'vite';

/** The module Vite's build puts every `import()` of the app through (vite:build-import-analysis). */
const PRELOAD_HELPER = '\0vite/preload-helper.js';

/**
 * Vite's preload helper, with the files asked for one per task (issue 30). Vite's own appends a <link> for every
 * file a lazy chunk imports, all in the task that calls import(); each starts a request, a millisecond or more of
 * the main thread, and a member's home asks for its screen, the member home, the bag badge and Tonight as it
 * loads: 40 ms of link appends in one task of 135 ms in a traced Lighthouse run. Here the chunk itself is asked
 * for at once, and its files in the tasks that follow (styles first), long before the chunk has arrived and
 * named them. Vite's asks for the chunk only once its styles are in; here it is fetched and run beside them and
 * handed over (rendered) once they are in. What is unchanged: a file already linked (by index.html's screen-files
 * loader, or an earlier import) is not linked again, and a failed style or chunk is reported as
 * `vite:preloadError` (cancelable) before it is thrown. The app is served from `/` (base), modern browsers only.
 */
const HELPER = `
const asked = {};
const queue = [];
let draining = false;
function drain() {
  const next = queue.shift();
  if (next) next();
  if (queue.length) setTimeout(drain, 0);
  else draining = false;
}
function inATaskOfItsOwn(work) {
  queue.push(work);
  if (!draining) {
    draining = true;
    setTimeout(drain, 0);
  }
}
function linked(href, isCss) {
  const links = document.getElementsByTagName('link');
  for (let i = 0; i < links.length; i++) if (links[i].href === href && (!isCss || links[i].rel === 'stylesheet')) return true;
  return false;
}
function ask(href) {
  const isCss = href.endsWith('.css');
  return new Promise((resolve, reject) =>
    inATaskOfItsOwn(() => {
      if (linked(href, isCss)) return resolve();
      const link = document.createElement('link');
      link.rel = isCss ? 'stylesheet' : 'modulepreload';
      if (!isCss) link.as = 'script';
      link.crossOrigin = '';
      link.href = href;
      if (isCss) {
        link.addEventListener('load', () => resolve(), { once: true });
        link.addEventListener('error', () => reject(new Error('Unable to preload CSS for ' + href)), { once: true });
      }
      document.head.appendChild(link);
      if (!isCss) resolve();
    }),
  );
}
function reported(error) {
  const event = new Event('vite:preloadError', { cancelable: true });
  event.payload = error;
  window.dispatchEvent(event);
  if (!event.defaultPrevented) throw error;
}
export const __vitePreload = function (baseModule, deps) {
  const styles = [];
  // Styles first: the chunk is not handed over before they are in.
  const files = (deps || []).slice().sort((a, b) => Number(b.endsWith('.css')) - Number(a.endsWith('.css')));
  for (const dep of files) {
    const href = new URL('/' + dep, location.href).href;
    if (!(href in asked)) asked[href] = ask(href).catch((error) => { delete asked[href]; throw error; });
    if (href.endsWith('.css')) styles.push(asked[href]);
  }
  if (!styles.length) return baseModule().catch(reported);
  // The chunk is fetched (and run) beside its styles, and handed over once they are in: asked for after
  // them, it waited for every file queued before them and then for their download (issue 30).
  const loading = baseModule();
  loading.catch(() => {});
  return Promise.all(styles).catch(reported).then(() => loading.catch(reported));
};
`;

export function preloadOnePerTask(): Plugin {
  return {
    name: 'sg:preload-one-per-task',
    apply: 'build',
    enforce: 'pre',
    load: (id) => (id === PRELOAD_HELPER ? HELPER : undefined),
  };
}
