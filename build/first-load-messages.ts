/**
 * Production builds only (DESIGN §10): the first visit fetches the messages its first screen shows,
 * not the whole catalogue. src/i18n/i18n.ts imports each locale's catalogue twice: `messages.po`, the
 * first part, which the first load fetches, and `messages.po?lingui`, the rest, which every other
 * screen and popup awaits together with its chunk (src/app/lazy-screen.ts). Both compile to the whole
 * catalogue (dev and tests keep it so); once the chunks are known, this plugin leaves in the first part
 * the messages that the entry chunk, the first screens and their static imports use, and in the rest
 * all the others.
 *
 * The messages a module uses are the `{ id: "…" }` descriptors Lingui's macros compile to, read after
 * the ids are shortened (build/short-message-ids.ts), so keep this plugin after that one. The split is
 * made in renderChunk, before the content hashes are taken, so each part's file name follows its content.
 */
import { RolldownMagicString } from 'rolldown';
import path from 'node:path';
import type { Plugin } from 'vite';
import { walk, type Node } from './ast.ts';

/** A compiled catalogue module: the first part (`.po`) or the rest (`.po?lingui`). */
const CATALOGUE = /\.po(\?lingui)?$/;
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
  /** The lazily loaded screens a first visit shows (paths from the project root); their loaders do not wait for the rest. */
  firstScreens: string[];
}): Plugin {
  let root = process.cwd();
  const usedBy = new Map<string, Set<string>>();
  let firstLoad: Set<string> | undefined;

  function firstLoadIds(chunks: RenderedChunks): Set<string> {
    const screens = options.firstScreens.map((file) => path.resolve(root, file));
    const start = Object.values(chunks).filter((c) => c.isEntry || (c.facadeModuleId && screens.includes(c.facadeModuleId)));
    for (const screen of screens) {
      if (!start.some((c) => c.facadeModuleId === screen)) throw new Error(`first-load-messages: no chunk for first screen ${screen}`);
    }
    const ids = new Set<string>();
    for (const fileName of staticClosure(chunks, start.map((c) => c.fileName))) {
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
      filter: { id: SOURCE, code: /\bid\b/ },
      handler(code, id) {
        usedBy.set(id, descriptorIds(this.parse(code) as unknown as Node));
        return null;
      },
    },
    renderChunk(code, chunk, _output, { chunks }) {
      const catalogue = chunk.facadeModuleId ? CATALOGUE.exec(chunk.facadeModuleId) : null;
      if (!catalogue) return null;
      const keep = (firstLoad ??= firstLoadIds(chunks));
      const isRest = Boolean(catalogue[1]);
      // The compiled catalogue: `JSON.parse("{…}")` (lingui, then short-message-ids).
      const s = new RolldownMagicString(code);
      let found = false;
      walk(this.parse(code) as unknown as Node, (node) => {
        const [arg] = (node.arguments ?? []) as Node[];
        const callee = node.callee as Node | undefined;
        if (node.type !== 'CallExpression' || callee?.type !== 'MemberExpression' || !stringLiteral(arg)) return;
        if ((callee.object as Node).name !== 'JSON' || (callee.property as Node).name !== 'parse') return;
        const messages = JSON.parse(arg.value) as Record<string, unknown>;
        const part = Object.fromEntries(Object.entries(messages).filter(([id]) => keep.has(id) !== isRest));
        s.overwrite(arg.start, arg.end, JSON.stringify(JSON.stringify(part)));
        found = true;
      });
      if (!found) throw new Error(`first-load-messages: ${chunk.facadeModuleId} is not a compiled catalogue`);
      return { code: s };
    },
  };
}
