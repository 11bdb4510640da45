/**
 * Production builds (issue 14): a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside
 * every text file of the output from 1 KB on, made once here so that the server never compresses a
 * built file per request (server/http/static-files.ts picks the copy the browser accepts). A copy that
 * does not come out smaller is not kept. index.html is left out: the server completes it with its
 * settings and compresses it itself, once per process.
 *
 * node:zlib rather than a plugin package: it is the same library a plugin would call, this is all
 * the shop needs of one, and it keeps working whatever the bundler (this build runs on rolldown).
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const TEXT = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
const MIN_BYTES = 1024;

async function filesOf(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** Writes the .br and .gz copies of the text files in `dir`; answers how many bytes each way. */
export async function precompressDir(dir: string): Promise<{ files: number; bytes: number; br: number; gzip: number }> {
  const totals = { files: 0, bytes: 0, br: 0, gzip: 0 };
  const candidates = (await filesOf(dir)).filter((f) => TEXT.test(f) && path.relative(dir, f) !== 'index.html' && !path.relative(dir, f).startsWith('.'));
  await Promise.all(
    candidates.map(async (file) => {
      if ((await stat(file)).size < MIN_BYTES) return;
      const bytes = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      totals.files++;
      totals.bytes += bytes.length;
      if (br.length < bytes.length) {
        await writeFile(`${file}.br`, br);
        totals.br += br.length;
      }
      if (gz.length < bytes.length) {
        await writeFile(`${file}.gz`, gz);
        totals.gzip += gz.length;
      }
    }),
  );
  return totals;
}

export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'sg:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle(error) {
      if (error || config.build.ssr || config.build.write === false) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      // A build that failed may still get here without its error (rolldown): nothing written, nothing to do, and
      // Vite then reports the real error rather than this plugin's ENOENT.
      if (!(await stat(outDir).catch(() => undefined))) return;
      const { files, bytes, br, gzip: gz } = await precompressDir(outDir);
      const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`;
      config.logger.info(`precompressed ${files} files: ${kB(bytes)} → brotli ${kB(br)}, gzip ${kB(gz)}`);
    },
  };
}
