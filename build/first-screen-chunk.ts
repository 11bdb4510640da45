/**
 * Production builds (DESIGN §10): the first screens and what they import beyond the first load's own
 * chunk, in one chunk. Left to itself the bundler gives each set of screens sharing a module a chunk of
 * its own, so /home fetched five small files (its screen, product card, price, format, currency hook)
 * that compress worse apart, some 0.4 KB gzip more; other screens needing one of them load this chunk.
 *
 * The group takes the first screens and every module of ours they import statically, transitively
 * (with what those use of packages); modules the entry needs stay in the first-load group, which comes
 * first in vite.config.ts.
 */
import path from 'node:path';
import type { Plugin } from 'vite';

export function firstScreenChunk(options: { firstScreens: string[] }) {
  const captured = new Set<string>();
  let root = process.cwd();
  const plugin: Plugin = {
    name: 'sg:first-screen-chunk',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    buildEnd() {
      captured.clear();
      const visit = (id: string) => {
        // Our own modules: a package's index lists modules that no first screen may use (the bundler
        // adds what the captured modules do use).
        if (captured.has(id) || /[\\/]node_modules[\\/]/.test(id)) return;
        captured.add(id);
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
      };
      for (const screen of options.firstScreens) {
        const id = path.resolve(root, screen);
        if (!this.getModuleInfo(id)) this.error(`first-screen-chunk: ${screen} is not in the build`);
        visit(id);
      }
    },
  };
  return {
    plugin,
    /** For `build.rolldownOptions.output.codeSplitting.groups`, after the first-load group. */
    group: { name: 'first-screen', test: (id: string) => captured.has(id) },
  };
}
