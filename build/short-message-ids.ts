/**
 * Production builds only (DESIGN §10): shorter Lingui message ids. The Lingui macros give every
 * message a 6-character hash as its id; the ids appear in the code (`{ id: "B8AaMI" }`) and as the
 * keys of each locale's catalogue, and being random they hardly compress: about a third of the
 * catalogue every first load fetches. This plugin renames each id, in the code and in the compiled
 * catalogues alike, to its shortest prefix that no other id shares ("B8AaMI" → "B8").
 *
 * The ids are those of the catalogues, read with Lingui's own API when the build starts. An id the
 * catalogues do not know (a message not yet extracted) stays as it is, as does any id that is not
 * a Lingui hash.
 */
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { RolldownMagicString } from 'rolldown';
import type { Plugin } from 'vite';
import { walk, type Node } from './ast.ts';

/** The ids Lingui generates: 6 characters of base64. */
const GENERATED_ID = /^[A-Za-z0-9+/]{6}$/;

/** Each generated id → its shortest prefix no other id shares (all have the same length, so prefixes are unique). */
export function shortIds(ids: Iterable<string>): Map<string, string> {
  const all = new Set(ids);
  const generated = [...all].filter((id) => GENERATED_ID.test(id)).sort();
  const common = (a = '', b = '') => {
    let n = 0;
    while (n < a.length && a[n] === b[n]) n++;
    return n;
  };
  const short = new Map<string, string>();
  generated.forEach((id, i) => {
    const prefix = id.slice(0, Math.max(common(generated[i - 1], id), common(id, generated[i + 1])) + 1);
    // Never onto another catalogue key (an explicit id, say).
    if (prefix !== id && !all.has(prefix)) short.set(id, prefix);
  });
  return short;
}

async function catalogueIds(cwd: string): Promise<Set<string>> {
  const config = getConfig({ cwd });
  const ids = new Set<string>();
  for (const catalog of await getCatalogs(config)) {
    // As @lingui/vite-plugin compiles each catalogue.
    const options = { fallbackLocales: config.fallbackLocales, sourceLocale: config.sourceLocale } as Parameters<
      typeof catalog.getTranslations
    >[1];
    for (const locale of config.locales) {
      for (const id of Object.keys((await catalog.getTranslations(locale, options)).messages)) ids.add(id);
    }
  }
  return ids;
}

const stringLiteral = (node: unknown): node is Node & { value: string } =>
  (node as Node | undefined)?.type === 'Literal' && typeof (node as Node).value === 'string';

export function shortMessageIds(): Plugin {
  let short = new Map<string, string>();
  let root = process.cwd();
  return {
    name: 'sg:short-message-ids',
    apply: 'build',
    // After lingui has compiled the catalogues and the macros have become `{ id: "…" }` descriptors.
    enforce: 'post',
    async configResolved(config) {
      root = config.root;
      short = shortIds(await catalogueIds(root));
    },
    async watchChange(id) {
      if (id.endsWith('.po')) short = shortIds(await catalogueIds(root));
    },
    transform: {
      // Catalogues as `messages.po` and as `messages.po?lingui` (the two parts of build/first-load-messages.ts).
      filter: { id: /(?:[\\/]src[\\/].*\.[jt]sx?|\.po(?:\?lingui)?)$/, code: /\bid\b|JSON\.parse/ },
      handler(code, id) {
        if (!short.size) return null;
        const program = this.parse(code) as unknown as Node;
        const s = new RolldownMagicString(code);
        let changed = false;
        if (/\.po(?:\?lingui)?$/.test(id)) {
          // lingui's compiled catalogue: export const messages = JSON.parse("{…}")
          walk(program, (node) => {
            const [arg] = (node.arguments ?? []) as Node[];
            const callee = node.callee as Node | undefined;
            if (node.type !== 'CallExpression' || callee?.type !== 'MemberExpression' || !stringLiteral(arg)) return;
            if ((callee.object as Node).name !== 'JSON' || (callee.property as Node).name !== 'parse') return;
            const messages = JSON.parse(arg.value) as Record<string, unknown>;
            const renamed = Object.fromEntries(Object.entries(messages).map(([k, m]) => [short.get(k) ?? k, m]));
            s.overwrite(arg.start, arg.end, JSON.stringify(JSON.stringify(renamed)));
            changed = true;
          });
        } else {
          // Message descriptors: t, msg, Trans and the like all compile to `{ id: "…" }`.
          walk(program, (node) => {
            if (node.type !== 'Property' || node.computed) return;
            const key = node.key as Node;
            const name = key.type === 'Identifier' ? key.name : key.type === 'Literal' ? key.value : undefined;
            const value = node.value;
            if (name === 'id' && stringLiteral(value) && short.has(value.value)) {
              s.overwrite(value.start, value.end, JSON.stringify(short.get(value.value)));
              changed = true;
            }
          });
        }
        return changed ? { code: s } : null;
      },
    },
  };
}
