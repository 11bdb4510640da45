/**
 * Production builds (issue 20): the service worker, src/sw/sw.ts, bundled with Workbox by rolldown into
 * dist/spa/sw.js, with the precache list written into it (Workbox's self.__WB_MANIFEST, as workbox-build's
 * injectManifest would): every file of the build (hashed names, so no revision: the worker's install then
 * reuses what the page itself loaded, from the HTTP cache) and of public/ (a revision from its content), except
 * - index.html (navigations are network first: the server writes each page's head),
 * - the flow tools' chunks (their layout engine is 1.4 MB; they are cached when first used),
 * - source maps and the precompressed copies.
 * A new build changes the list, so the worker's bytes change and browsers install it as an update.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { rolldown } from 'rolldown';
import type { Plugin, ResolvedConfig } from 'vite';

export interface PrecacheEntry {
  url: string;
  /** null for the hashed files under assets/: their name changes with their content. */
  revision: string | null;
}

/** Modules whose chunks are not precached: the flow tools (/testing, /testing2) and what only they use. */
const NOT_PRECACHED_MODULES = /[\\/](?:node_modules[\\/](?:elkjs|@statelyai)|src[\\/]features[\\/]flow-tools)[\\/]/;
const NOT_PRECACHED_FILES = /(?:^|\/)(?:index\.html|sw\.js)$|\.(?:map|br|gz)$/;

/** Build files named after their content (build.assetsDir). */
const hashed = (fileName: string) => fileName.startsWith('assets/');
const revisionOf = (bytes: string | Uint8Array) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);

function publicFiles(dir: string, base = dir): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    if (e.name.startsWith('.')) return [];
    const full = path.join(dir, e.name);
    return e.isDirectory() ? publicFiles(full, base) : [path.relative(base, full).split(path.sep).join('/')];
  });
}

export function serviceWorker(options: { entry: string; fileName?: string }): Plugin {
  const fileName = options.fileName ?? 'sw.js';
  let config: ResolvedConfig;
  return {
    name: 'sg:service-worker',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle: {
      order: 'post',
      async handler(_output, bundle) {
        if (config.build.ssr) return;
        const entries: PrecacheEntry[] = [];
        for (const file of Object.values(bundle)) {
          if (NOT_PRECACHED_FILES.test(file.fileName)) continue;
          if (file.type === 'chunk') {
            if (file.moduleIds.length > 0 && file.moduleIds.every((id) => NOT_PRECACHED_MODULES.test(id))) continue;
            entries.push({ url: `/${file.fileName}`, revision: hashed(file.fileName) ? null : revisionOf(file.code) });
          } else {
            entries.push({ url: `/${file.fileName}`, revision: hashed(file.fileName) ? null : revisionOf(file.source) });
          }
        }
        if (config.publicDir) {
          for (const name of publicFiles(config.publicDir)) {
            if (NOT_PRECACHED_FILES.test(name)) continue;
            entries.push({ url: `/${name}`, revision: revisionOf(readFileSync(path.join(config.publicDir, name))) });
          }
        }
        entries.sort((a, b) => a.url.localeCompare(b.url));

        const worker = await rolldown({
          input: path.resolve(config.root, options.entry),
          platform: 'browser',
          transform: {
            target: 'es2022',
            define: {
              'self.__WB_MANIFEST': JSON.stringify(entries),
              // Workbox's development logging is left out.
              'process.env.NODE_ENV': JSON.stringify('production'),
            },
          },
        });
        try {
          const { output } = await worker.generate({ format: 'iife', minify: true });
          this.emitFile({ type: 'asset', fileName, source: output[0].code });
        } finally {
          await worker.close();
        }
        const kB = (JSON.stringify(entries).length / 1024).toFixed(1);
        config.logger.info(`service worker ${fileName}: ${entries.length} files precached (list ${kB} kB)`);
      },
    },
  };
}
