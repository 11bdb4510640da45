/**
 * Production builds (DESIGN §10): the first screens and what they import beyond the first load's own
 * chunk, in few chunks. Left to itself the bundler gives each set of screens sharing a module a chunk of
 * its own, so /home fetched five small files (its screen, product card, price, format, currency hook)
 * that compress worse apart, some 0.4 KB gzip more.
 *
 * The first screens take every module of ours they import statically, transitively (with what those use
 * of packages); modules the entry needs stay in the first-load group, which comes first in vite.config.ts.
 * Those modules make two groups: what other screens need too (product card, price, format; other screens
 * load that chunk), and what only the first screens and the parts they load later need (the home screen
 * itself, its blocks' frames), which no other screen's first load then carries.
 */
import path from 'node:path';
import type { Plugin } from 'vite';

/** Groups of modules the first screens share with other screens, at most (the bundler needs them listed beforehand). */
const SHARED_GROUPS = 8;

export function firstScreenChunk(options: { firstScreens: string[] }) {
  /** Modules of the first screens that other screens need too, each with its group's index. */
  const shared = new Map<string, number>();
  /** Modules only the first screens (and what they load later) need. */
  const own = new Set<string>();
  let root = process.cwd();
  const plugin: Plugin = {
    name: 'sg:first-screen-chunk',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    buildEnd() {
      shared.clear();
      own.clear();
      const info = (id: string) => this.getModuleInfo(id);
      const staticClosure = (from: Iterable<string>, ours: boolean) => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          // Our own modules: a package's index lists modules that no first screen may use (the bundler
          // adds what the captured modules do use).
          if (seen.has(id) || (ours && /[\\/]node_modules[\\/]/.test(id))) return;
          seen.add(id);
          for (const imported of info(id)?.importedIds ?? []) visit(imported);
        };
        for (const id of from) visit(id);
        return seen;
      };
      const screens = options.firstScreens.map((screen) => {
        const id = path.resolve(root, screen);
        if (!info(id)) this.error(`first-screen-chunk: ${screen} is not in the build`);
        return id;
      });
      const captured = staticClosure(screens, true);

      // The first screens' family: they, and the chunks only they load (the home's blocks), transitively.
      const family = new Set(screens);
      let familyClosure = staticClosure(family, false);
      for (let grew = true; grew; ) {
        grew = false;
        for (const id of familyClosure) {
          for (const lazy of info(id)?.dynamicallyImportedIds ?? []) {
            if (family.has(lazy)) continue;
            if ((info(lazy)?.dynamicImporters ?? []).every((importer) => familyClosure.has(importer))) {
              family.add(lazy);
              grew = true;
            }
          }
        }
        if (grew) familyClosure = staticClosure(family, false);
      }
      // Every other chunk's static imports: the captured modules among them are shared, grouped by the
      // chunks that need them (a product card goes with the screens that show products, a price's format
      // with many more), so that a screen fetches only the groups it uses.
      const neededBy = new Map<string, string[]>();
      for (const id of this.getModuleIds()) {
        const module = info(id);
        if (!module || family.has(id) || !(module.isEntry || module.dynamicImporters.length > 0)) continue;
        for (const needed of staticClosure([id], true)) {
          if (captured.has(needed)) neededBy.set(needed, [...(neededBy.get(needed) ?? []), id]);
        }
      }
      // What the entry needs goes to the first-load group whatever this one says.
      const initial = staticClosure(
        [...this.getModuleIds()].filter((id) => info(id)?.isEntry),
        true,
      );
      const byNeeders = new Map<string, string[]>();
      for (const id of captured) {
        const by = neededBy.get(id);
        if (!by) own.add(id);
        else if (!initial.has(id)) {
          const key = by.sort().join('\n');
          byNeeders.set(key, [...(byNeeders.get(key) ?? []), id]);
        }
      }
      // A module's imports are needed by every chunk that needs it, and more: groups needed by more chunks
      // come first, so that each takes its own modules before a group of fewer would take them as its
      // modules' dependencies (the bundler puts a group's dependencies with it). Past the last group, the
      // rest share it.
      const groups = [...byNeeders].sort(([a], [b]) => b.split('\n').length - a.split('\n').length);
      groups.forEach(([, ids], index) => {
        for (const id of ids) shared.set(id, Math.min(index, SHARED_GROUPS - 1));
      });
    },
  };
  return {
    plugin,
    /** For `build.rolldownOptions.output.codeSplitting.groups`, after the first-load group. */
    groups: [
      ...Array.from({ length: SHARED_GROUPS }, (_, index) => ({
        name: 'first-screen',
        test: (id: string) => shared.get(id) === index,
      })),
      { name: 'first-screen-own', test: (id: string) => own.has(id) },
    ],
  };
}
