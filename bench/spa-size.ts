/**
 * SPA size (DESIGN §10): builds the production SPA with the repo's vite.config.ts and the
 * stack-only floor (bench/floor) into temporary directories, and sums the gzip size of the
 * JavaScript a first load of /home fetches, and that of a first load of every other route: the
 * entry, the route's screen chunk and those of the routes above it (layouts), with their static imports
 * (which carry their own messages, beyond those of the first-load catalogue: build/first-load-messages.ts),
 * and the first-load catalogue.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type Manifest } from 'vite';

export interface ChunkSize {
  /** Source the chunk is named after in the manifest (or its file name). */
  name: string;
  files: number;
  gzip: number;
}

export interface SpaSizes {
  /** JS /home loads on first visit: entry + static imports + HomeScreen + en catalogue. */
  home: ChunkSize & { parts: ChunkSize[] };
  /** CSS the entry and its static imports link (informative, not part of the JS budget). */
  css: number;
  /** Lazy chunks, each with the static imports it adds beyond the entry, largest first. */
  lazy: ChunkSize[];
  floor: ChunkSize;
  /** Each route's first load (its screen's chunk and what it imports, with their messages, plus the entry and the first-load messages), largest first. */
  routes: (ChunkSize & { screen: string })[];
  /** Set when the flow tools' graph layout (elk.bundled, 1.4 MB) could load anywhere but the flow tools. */
  elkCheck?: string;
  buildMs: number;
  /** Set when the built index.html's script and modulepreload links differ from the manifest's entry closure. */
  entryCheck?: string;
}

const gzipCache = new Map<string, number>();
async function gzipSize(file: string): Promise<number> {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(await readFile(file), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

/** Manifest keys reachable from `key` through static imports (the key itself included). */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no entry ${key}`);
  into.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

async function sizeOf(outDir: string, manifest: Manifest, keys: Iterable<string>): Promise<{ files: number; gzip: number }> {
  let gzip = 0;
  let files = 0;
  for (const key of keys) {
    const file = manifest[key]!.file;
    if (!file.endsWith('.js')) continue;
    gzip += await gzipSize(path.join(outDir, file));
    files++;
  }
  return { files, gzip };
}

async function readManifest(outDir: string): Promise<Manifest> {
  return JSON.parse(await readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

function keyForSource(manifest: Manifest, src: string): string {
  const key = Object.keys(manifest).find((k) => manifest[k]!.src === src || k === src);
  if (!key) throw new Error(`no chunk for ${src} in the build manifest`);
  return key;
}

/**
 * The route tree's parents, read from the generated src/routeTree.gen.ts: each route file (absolute path)
 * to the files of the routes above it, nearest first, the root excepted (its component is the entry's).
 */
export function routeParents(repoRoot: string): Map<string, string[]> {
  const src = path.join(repoRoot, 'src');
  const tree = readFileSync(path.join(src, 'routeTree.gen.ts'), 'utf8');
  // `import { Route as XRouteImport } from './routes/x'` names each route file's module.
  const fileOfImport = new Map<string, string>();
  for (const m of tree.matchAll(/import\s*\{\s*Route as (\w+)\s*\}\s*from\s*'(\.\/routes\/[^']+)'/g)) {
    const base = path.resolve(src, m[2]!);
    fileOfImport.set(m[1]!, ['.tsx', '.ts'].map((ext) => base + ext).find((f) => existsSync(f)) ?? base);
  }
  // `const XRoute = XRouteImport.update({ ..., getParentRoute: () => YRoute })` places it in the tree.
  const updates = [...tree.matchAll(/const (\w+)\s*=\s*(\w+)\.update\(\{[\s\S]*?getParentRoute:\s*\(\)\s*=>\s*(\w+)/g)];
  const fileOfRoute = new Map(updates.flatMap((m) => (fileOfImport.has(m[2]!) ? [[m[1]!, fileOfImport.get(m[2]!)!] as const] : [])));
  const parentOf = new Map<string, string>();
  for (const [, , imported, parentRoute] of updates) {
    const file = fileOfImport.get(imported!);
    const parent = fileOfRoute.get(parentRoute!) ?? fileOfImport.get(parentRoute!);
    if (file && parent && path.basename(parent, path.extname(parent)) !== '__root') parentOf.set(file, parent);
  }
  const parents = new Map<string, string[]>();
  for (const file of fileOfImport.values()) {
    const chain: string[] = [];
    for (let p = parentOf.get(file); p && !chain.includes(p); p = parentOf.get(p)) chain.push(p);
    parents.set(file, chain);
  }
  return parents;
}

/**
 * Each route's screen, from src/routes: the modules its file loads with `import()` (lazyScreen), or a
 * module of src/features it imports does (information-route.ts); anything else such a module loads with
 * `import()` is the route loader's (search's load-results.ts) and comes with the first load too. The routes
 * above it in the route tree (a pathless layout such as taste_card/_flow) load theirs in the same first load,
 * so their modules count with it. Routes that load the same modules are reported together.
 */
export function routeScreens(repoRoot: string): { routes: string[]; screen: string; modules: string[] }[] {
  const routesDir = path.join(repoRoot, 'src/routes');
  const features = path.join(repoRoot, 'src/features') + path.sep;
  const read = (file: string) => readFileSync(file, 'utf8');
  const dynamicImports = (file: string) => [...read(file).matchAll(/import\(\s*'(\.[^']+)'\s*\)/g)].map((m) => path.resolve(path.dirname(file), m[1]!));
  const featureImports = (file: string) =>
    [...read(file).matchAll(/from '(\.[^']+\.tsx?)'/g)].map((m) => path.resolve(path.dirname(file), m[1]!)).filter((f) => f.startsWith(features));
  const loads = (file: string) => [...new Set([file, ...featureImports(file)].flatMap(dynamicImports))].map((t) => path.relative(repoRoot, t));
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));
  const parents = routeParents(repoRoot);
  const byModules = new Map<string, { routes: string[]; screen: string; modules: string[] }>();
  for (const file of walk(routesDir)) {
    if (path.basename(file) === '__root.tsx') continue;
    // The address: pathless layouts (_flow), groups ((group)), index and route are no part of it.
    const segments = path.relative(routesDir, file).replace(/\.tsx?$/, '').split(/[/.]/);
    const route = `/${segments.filter((s) => !/^_|^\(.*\)$|^index$|^route$/.test(s)).join('/')}`;
    const screen = loads(file).find((t) => /Screen\.tsx$/.test(t));
    if (!screen) continue;
    const targets = [...new Set([file, ...(parents.get(file) ?? [])].flatMap(loads))].sort();
    const key = targets.join(' ');
    const group = byModules.get(key) ?? { routes: [], screen, modules: targets };
    group.routes.push(route);
    byModules.set(key, group);
  }
  return [...byModules.values()];
}

export async function measureSpa(repoRoot: string): Promise<SpaSizes> {
  const started = performance.now();
  const tmp = await mkdtemp(path.join(tmpdir(), 'sg-bench-spa-'));
  try {
    const appOut = path.join(tmp, 'app');
    const floorOut = path.join(tmp, 'floor');

    // The real SPA, exactly as `npm run build` makes it, only elsewhere and with a manifest.
    await build({
      root: repoRoot,
      configFile: path.join(repoRoot, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir: appOut, emptyOutDir: true, manifest: true },
    });
    // The floor: plain Vite + React plugin, same build target; no router file-route plugin.
    await build({
      root: path.join(repoRoot, 'bench', 'floor'),
      configFile: false,
      logLevel: 'warn',
      plugins: [react()],
      build: { outDir: floorOut, emptyOutDir: true, manifest: true, target: 'es2022' },
    });

    const app = await readManifest(appOut);
    const entry = staticClosure(app, 'index.html');
    const home = staticClosure(app, keyForSource(app, 'src/features/shop/HomeScreen.tsx'));
    const en = staticClosure(app, keyForSource(app, 'src/i18n/locales/en/messages.po'));
    const firstLoad = new Set([...entry, ...home, ...en]);
    const parts: ChunkSize[] = [
      { name: 'entry + static imports', ...(await sizeOf(appOut, app, entry)) },
      { name: 'HomeScreen (+ imports not in entry)', ...(await sizeOf(appOut, app, [...home].filter((k) => !entry.has(k)))) },
      { name: 'en catalogue (+ imports not in entry)', ...(await sizeOf(appOut, app, [...en].filter((k) => !entry.has(k)))) },
    ];

    // The stylesheets index.html links: those of the entry and of its static imports.
    let css = 0;
    for (const file of new Set([...entry].flatMap((key) => app[key]!.css ?? []))) css += await gzipSize(path.join(appOut, file));

    const lazy: ChunkSize[] = [];
    for (const [key, chunk] of Object.entries(app)) {
      if (!chunk.isDynamicEntry) continue;
      const own = [...staticClosure(app, key)].filter((k) => !entry.has(k));
      lazy.push({ name: chunk.src ?? key, ...(await sizeOf(appOut, app, own)) });
    }
    lazy.sort((a, b) => b.gzip - a.gzip);

    // Each route's first load.
    const routes: SpaSizes['routes'] = [];
    for (const { routes: paths, screen, modules } of routeScreens(repoRoot)) {
      const own = modules.flatMap((m) => [...staticClosure(app, keyForSource(app, m))]);
      const keys = new Set([...entry, ...en, ...own]);
      routes.push({ name: paths.sort().join(', '), screen, ...(await sizeOf(appOut, app, keys)) });
    }
    routes.sort((a, b) => b.gzip - a.gzip);

    // elk.bundled: only the flow tools may load it, and only on demand.
    const elkKey = Object.keys(app).find((k) => /elkjs\/lib\/elk\.bundled\.js$/.test(k));
    const elkUsers = Object.entries(app)
      .filter(([, chunk]) => [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])].includes(elkKey ?? ''))
      .map(([key, chunk]) => chunk.src ?? key);
    const elkStatic = Object.entries(app).filter(([, chunk]) => (chunk.imports ?? []).includes(elkKey ?? '')).map(([key, chunk]) => chunk.src ?? key);
    const elkCheck = !elkKey
      ? undefined
      : elkStatic.length
        ? `elk.bundled is imported statically by ${elkStatic.join(', ')}`
        : elkUsers.some((u) => !u.startsWith('src/features/flow-tools/'))
          ? `elk.bundled is loaded by ${elkUsers.join(', ')}, not only by the flow tools`
          : entry.has(elkKey) || routes.some((r) => !r.screen.startsWith('src/features/flow-tools/') && staticClosure(app, keyForSource(app, r.screen)).has(elkKey))
            ? 'elk.bundled is in a first load other than the flow tools'
            : undefined;

    const floorManifest = await readManifest(floorOut);
    const floor = { name: 'stack-only floor', ...(await sizeOf(floorOut, floorManifest, staticClosure(floorManifest, 'index.html'))) };

    // Cross-check: the files the built index.html loads are the entry's static closure.
    const html = await readFile(path.join(appOut, 'index.html'), 'utf8');
    const linked = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/?([^"]+\.js)"/g)].map((m) => m[1]!);
    const closureFiles = [...entry].map((k) => app[k]!.file).filter((f) => f.endsWith('.js'));
    const entryCheck =
      linked.length === closureFiles.length && linked.every((f) => closureFiles.includes(f))
        ? undefined
        : `index.html loads ${linked.join(', ')} but the manifest's entry closure is ${closureFiles.join(', ')}`;

    return {
      entryCheck,
      routes,
      elkCheck,
      home: { name: '/home first load', ...(await sizeOf(appOut, app, firstLoad)), parts },
      css,
      lazy,
      floor,
      buildMs: performance.now() - started,
    };
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}
