/**
 * Production builds only (DESIGN §10): each chunk brings the messages it shows. The first visit fetches
 * the messages of the entry and of its first screen (`messages.po` of the locale, src/i18n/i18n.ts); every
 * other screen and popup chunk carries the messages that it and its static imports use beyond those, in
 * every locale, and hands them to Lingui as it is evaluated (before anything of it renders), through
 * `globalThis.__sgMessages` (src/i18n/i18n.ts). A route's first load so fetches the words it shows and
 * no other screen's (issue 14, Fast: the whole rest of the catalogue, some 8 kB gzip, came with every
 * route but /home), and a language switch has the words of every chunk already loaded.
 *
 * The messages a module uses are the `{ id: "…" }` descriptors Lingui's macros compile to, read after
 * the ids are shortened (build/short-message-ids.ts), so keep this plugin after that one. Both parts are
 * made in renderChunk, before the content hashes are taken, so each file's name follows its content.
 * Outside production builds `messages.po` is the whole catalogue.
 */
import { RolldownMagicString } from 'rolldown';
import path from 'node:path';
import type { Plugin } from 'vite';
import { walk, type Node } from './ast.ts';

/** A compiled catalogue module (`src/i18n/locales/<locale>/messages.po`). */
const CATALOGUE = /[\\/]locales[\\/]([^\\/]+)[\\/]messages\.po$/;
const SOURCE = /[\\/]src[\\/].*\.[jt]sx?$/;

type RenderedChunks = Parameters<Extract<NonNullable<Plugin['renderChunk']>, (...args: never[]) => unknown>>[3]['chunks'];

const stringLiteral = (node: unknown): node is Node & { value: string } =>
  (node as Node | undefined)?.type === 'Literal' && typeof (node as Node).value === 'string';

/** The values of the `id` properties in a module: every message descriptor's id, and some other ids. */
export function descriptorIds(program: Node): Set<string> {
  const ids = new Set<string>();
  walk(program, (node) => {
    if (node.type !== 'Property' || node.computed) return;
    const key = node.key as Node;
    const name = key.type === 'Identifier' ? key.name : key.type === 'Literal' ? key.value : undefined;
    if (name === 'id' && stringLiteral(node.value)) ids.add(node.value.value);
  });
  return ids;
}

/** The `JSON.parse("…")` calls of a compiled catalogue (lingui, then short-message-ids). */
function catalogueCalls(program: Node, found: (arg: Node & { value: string }) => void) {
  walk(program, (node) => {
    const [arg] = (node.arguments ?? []) as Node[];
    const callee = node.callee as Node | undefined;
    if (node.type !== 'CallExpression' || callee?.type !== 'MemberExpression' || !stringLiteral(arg)) return;
    if ((callee.object as Node).name !== 'JSON' || (callee.property as Node).name !== 'parse') return;
    found(arg);
  });
}

/** The chunks named `start` and every chunk they import statically, transitively. */
function staticClosure(chunks: RenderedChunks, start: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName) || !chunks[fileName]) return;
    seen.add(fileName);
    for (const imported of chunks[fileName]!.imports) visit(imported);
  };
  for (const fileName of start) visit(fileName);
  return seen;
}

export function firstLoadMessages(options: {
  /** The lazily loaded screens a first visit shows (paths from the project root): their messages come with the first load. */
  firstScreens: string[];
}): Plugin {
  let root = process.cwd();
  const usedBy = new Map<string, Set<string>>();
  /** Each locale's compiled messages, by (shortened) id. */
  const catalogues = new Map<string, Record<string, unknown>>();
  let firstLoad: { ids: Set<string>; chunks: Set<string> } | undefined;

  function firstLoadOf(chunks: RenderedChunks) {
    const screens = options.firstScreens.map((file) => path.resolve(root, file));
    const start = Object.values(chunks).filter((c) => c.isEntry || (c.facadeModuleId && screens.includes(c.facadeModuleId)));
    for (const screen of screens) {
      if (!start.some((c) => c.facadeModuleId === screen)) throw new Error(`first-load-messages: no chunk for first screen ${screen}`);
    }
    const closure = staticClosure(chunks, start.map((c) => c.fileName));
    return { ids: idsOf(chunks, closure), chunks: closure };
  }

  function idsOf(chunks: RenderedChunks, fileNames: Iterable<string>): Set<string> {
    const ids = new Set<string>();
    for (const fileName of fileNames) {
      for (const [moduleId, rendered] of Object.entries(chunks[fileName]!.modules)) {
        if (rendered.renderedLength === 0) continue;
        for (const id of usedBy.get(moduleId) ?? []) ids.add(id);
      }
    }
    return ids;
  }

  return {
    name: 'sg:first-load-messages',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    renderStart() {
      firstLoad = undefined;
    },
    transform: {
      filter: { id: [SOURCE, CATALOGUE], code: /\bid\b|JSON\.parse/ },
      handler(code, id) {
        const program = this.parse(code) as unknown as Node;
        const catalogue = CATALOGUE.exec(id);
        if (catalogue) catalogueCalls(program, (arg) => catalogues.set(catalogue[1]!, JSON.parse(arg.value) as Record<string, unknown>));
        else usedBy.set(id, descriptorIds(program));
        return null;
      },
    },
    renderChunk(code, chunk, _output, { chunks }) {
      const first = (firstLoad ??= firstLoadOf(chunks));
      const catalogue = chunk.facadeModuleId ? CATALOGUE.exec(chunk.facadeModuleId) : null;
      if (catalogue) {
        // The first-load part: the messages of the entry and the first screens.
        const s = new RolldownMagicString(code);
        let found = false;
        catalogueCalls(this.parse(code) as unknown as Node, (arg) => {
          const messages = JSON.parse(arg.value) as Record<string, unknown>;
          const part = Object.fromEntries(Object.entries(messages).filter(([id]) => first.ids.has(id)));
          s.overwrite(arg.start, arg.end, JSON.stringify(JSON.stringify(part)));
          found = true;
        });
        if (!found) throw new Error(`first-load-messages: ${chunk.facadeModuleId} is not a compiled catalogue`);
        return { code: s };
      }
      if (!chunk.isDynamicEntry || first.chunks.has(chunk.fileName)) return null;
      // A screen or popup loaded on demand: the messages it and its static imports show beyond the first load.
      const ids = [...idsOf(chunks, staticClosure(chunks, [chunk.fileName]))].filter((id) => !first.ids.has(id)).sort();
      const own: Record<string, Record<string, unknown>> = {};
      for (const [locale, messages] of catalogues) {
        const part = Object.fromEntries(ids.filter((id) => id in messages).map((id) => [id, messages[id]]));
        if (Object.keys(part).length) own[locale] = part;
      }
      if (!Object.keys(own).length) return null;
      const s = new RolldownMagicString(code);
      s.prepend(`globalThis.__sgMessages?.(JSON.parse(${JSON.stringify(JSON.stringify(own))}));\n`);
      return { code: s };
    },
  };
}
