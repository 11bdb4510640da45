/**
 * The built SPA's files (dist/spa): listed once when the app is made, as index.html is read once,
 * so a request names a known file or nothing; no path from a request reaches the file system.
 *
 * Each file goes out as brotli or gzip when the build left a `.br` / `.gz` beside it
 * (build/precompress.ts) and the request accepts it, with its ETag and `Vary: Accept-Encoding`.
 * Hashed files under /assets/ are cached for good; the others (sw.js, what public/ holds) are
 * revalidated on every use (`no-cache`, answered 304 while unchanged), so that a new service worker
 * is found at once.
 */
import { readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { sendVariant, strongEtag, type Encoding, type Variant, type Variants } from './compression.ts';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

export interface BuiltFile {
  file: string;
  contentType: string;
  cacheControl: string;
  encodings: Encoding[];
  loaded?: Promise<Variants>;
}

/** Files of `dir` by URL path, without index.html (the server completes it) and the compressed copies. */
export function listBuiltFiles(dir: string): Map<string, BuiltFile> {
  const files = new Map<string, BuiltFile>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue; // .vite/manifest.json and the like
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        walk(full);
        continue;
      }
      if (!entry.isFile() || /\.(?:br|gz)$/.test(entry.name)) continue;
      const urlPath = `/${path.relative(dir, full).split(path.sep).join('/')}`;
      if (urlPath === '/index.html') continue;
      files.set(urlPath, {
        file: full,
        contentType: getMimeType(full) ?? 'application/octet-stream',
        cacheControl: urlPath.startsWith('/assets/') ? IMMUTABLE : 'no-cache',
        encodings: (Object.keys(SUFFIX) as Encoding[]).filter((e) => isFile(full + SUFFIX[e])),
      });
    }
  };
  walk(dir);
  return files;
}

const isFile = (file: string) => {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

const load = async (file: string): Promise<Variant> => {
  const bytes = new Uint8Array(await readFile(file));
  return { bytes, etag: strongEtag(bytes) };
};

async function variantsOf(built: BuiltFile): Promise<Variants> {
  // Read once, on first use: the built files are some 3 MB with their compressed copies.
  built.loaded ??= (async () => {
    const variants: Variants = { identity: await load(built.file) };
    for (const encoding of built.encodings) variants[encoding] = await load(built.file + SUFFIX[encoding]);
    return variants;
  })().catch((error: unknown) => {
    built.loaded = undefined;
    throw error;
  });
  return built.loaded;
}

export async function sendBuiltFile(c: Context, built: BuiltFile): Promise<Response> {
  return sendVariant(c, await variantsOf(built), built);
}
