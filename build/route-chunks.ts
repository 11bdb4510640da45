/**
 * Production builds (issue 30): the files each page's screen loads beyond the first load, for the server to
 * name in the page's HTML (server/http/page-head.ts): a first visit then fetches the screen beside the entry,
 * instead of after the entry has run and the router has matched the page, one round trip later.
 *
 * The pages are the route files' (src/routes), read as scripts/generate-routes.mjs reads them for the server's
 * page list: a route's path is its id without pathless segments, and a layout's screen (taste_card/_flow) goes
 * with the pages below it. A screen is what a route's `component: lazyScreen(() => import('…'))` loads.
 * Written to .vite/route-chunks.json beside the build, which the server reads with index.html and never serves.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { pathOfRouteId, routeSources } from '../scripts/generate-routes.mjs';

/** A chunk of the bundle as this step reads it, with the stylesheets it brings. */
export interface BuiltChunk {
  fileName: string;
  imports: readonly string[];
  isEntry: boolean;
  facadeModuleId: string | null;
  css: readonly string[];
}

/** A page's files: its scripts (for modulepreload) and its stylesheets (for preload). */
export interface RouteFiles {
  js: string[];
  css: string[];
}

const SCREEN_IMPORT = /\bcomponent:\s*lazyScreen\(\s*\(\)\s*=>\s*import\(\s*'([^']+)'\s*\)/;

/** The module each route's screen is, by route id. */
export function routeScreens(routes: readonly { file: string; id: string; source: string }[]): Map<string, string> {
  const screens = new Map<string, string>();
  for (const route of routes) {
    const specifier = SCREEN_IMPORT.exec(route.source)?.[1];
    if (specifier) screens.set(route.id, path.resolve(path.dirname(route.file), specifier));
  }
  return screens;
}

/**
 * Each page's files beyond the first load (the entries and what they import statically): its screens' chunks
 * (its own and its layouts'), what those import statically, and their stylesheets, as URL paths under `base`.
 */
export function routeChunkMap(options: {
  routeIds: readonly string[];
  screens: ReadonlyMap<string, string>;
  chunks: readonly BuiltChunk[];
  base: string;
}): Record<string, RouteFiles> {
  const byFile = new Map(options.chunks.map((chunk) => [chunk.fileName, chunk]));
  const byModule = new Map(options.chunks.filter((chunk) => chunk.facadeModuleId).map((chunk) => [chunk.facadeModuleId!, chunk]));
  const closure = (starts: Iterable<string>) => {
    const seen = new Set<string>();
    const visit = (fileName: string) => {
      if (seen.has(fileName)) return;
      seen.add(fileName);
      for (const imported of byFile.get(fileName)?.imports ?? []) visit(imported);
    };
    for (const start of starts) visit(start);
    return seen;
  };
  const cssOf = (files: Iterable<string>) => new Set([...files].flatMap((file) => byFile.get(file)?.css ?? []));
  const firstLoad = closure(options.chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
  const firstLoadCss = cssOf(firstLoad);
  const map: Record<string, RouteFiles> = {};
  for (const id of options.routeIds) {
    // The route's own screen and its layouts' (a layout's id is a prefix of the route's, up to a slash).
    const screens = [...options.screens].filter(([screenOf]) => id === screenOf || id.startsWith(`${screenOf}/`)).map(([, module]) => module);
    const starts = screens.map((module) => byModule.get(module)?.fileName).filter((file): file is string => file !== undefined);
    if (starts.length === 0) continue;
    const files = [...closure(starts)].filter((file) => !firstLoad.has(file));
    const css = [...cssOf(files)].filter((file) => !firstLoadCss.has(file));
    map[pathOfRouteId(id)] = { js: files.map((file) => options.base + file), css: css.map((file) => options.base + file) };
  }
  return map;
}

export function routeChunks(): Plugin {
  let base = '/';
  let outDir = '';
  return {
    name: 'sg:route-chunks',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // From the bundle as written: a chunk of the bundle that no file imports is not written (a dozen here), and
    // a page must not name a file that is not there (a 404 on every first visit).
    writeBundle(_options, bundle) {
      const routes = routeSources();
      const chunks = Object.values(bundle)
        .filter((file): file is Rollup.OutputChunk => file.type === 'chunk' && existsSync(path.join(outDir, file.fileName)))
        .map((chunk): BuiltChunk => ({
          fileName: chunk.fileName,
          imports: chunk.imports,
          isEntry: chunk.isEntry,
          facadeModuleId: chunk.facadeModuleId,
          css: [...((chunk as { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? [])],
        }));
      const map = routeChunkMap({ routeIds: routes.map((route) => route.id), screens: routeScreens(routes), chunks, base });
      if (!map[pathOfRouteId('/home')]) this.error('route-chunks: no files found for /home');
      const missing = Object.values(map).flatMap((files) => [...files.js, ...files.css]).filter((url) => !existsSync(path.join(outDir, url.slice(base.length))));
      if (missing.length > 0) this.error(`route-chunks: files named but not written: ${[...new Set(missing)].join(', ')}`);
      // Beside the build, not emitted into it: no precache list or compressed copy takes it along.
      mkdirSync(path.join(outDir, '.vite'), { recursive: true });
      writeFileSync(path.join(outDir, '.vite', 'route-chunks.json'), JSON.stringify(map));
    },
  };
}
