/**
 * The shop's own words in the walk's language, read from its message catalogue (src/i18n/locales/zh-Hant/
 * messages.po), so that the walk finds buttons and headings by the names a Chinese reader sees, as the
 * e2e specs do in English: `t('Log in')` is 登入 in zh-Hant. Placeholders are filled from `vars`; a
 * plural message takes the branch for `vars.count` (or the first number given). `rx` is the same text as a
 * regular expression, any placeholder not given standing for anything.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type Lang = 'en' | 'zh-Hant';

function readCatalogue(file: string): Map<string, string> {
  const messages = new Map<string, string>();
  let field: 'msgid' | 'msgstr' | undefined;
  let id = '';
  let str = '';
  const flush = () => {
    if (id && str) messages.set(id, str);
    id = '';
    str = '';
  };
  const unquote = (s: string) => JSON.parse(s) as string;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('msgid ')) {
      flush();
      field = 'msgid';
      id = unquote(line.slice(6));
    } else if (line.startsWith('msgstr ')) {
      field = 'msgstr';
      str = unquote(line.slice(7));
    } else if (line.startsWith('"') && field) {
      if (field === 'msgid') id += unquote(line);
      else str += unquote(line);
    } else if (!line.trim()) field = undefined;
  }
  flush();
  return messages;
}

const catalogue = new URL('../../src/i18n/locales/zh-Hant/messages.po', import.meta.url);
let zh: Map<string, string> | undefined;

/** The branch of an ICU plural message (`{n, plural, one {…} other {…}}`) for `count`, with # filled. */
function plural(text: string, vars: Record<string, string | number>): string {
  const head = text.match(/^\{(\w+), plural,\s*/);
  if (!head) return text;
  const count = Number(vars[head[1]!] ?? Object.values(vars).find((v) => typeof v === 'number') ?? 0);
  const branches = new Map<string, string>();
  let i = head[0].length;
  while (i < text.length) {
    const key = text.slice(i).match(/^\s*(=?\w+)\s*\{/);
    if (!key) break;
    i += key[0].length;
    let depth = 1;
    const start = i;
    while (i < text.length && depth > 0) {
      if (text[i] === '{') depth++;
      else if (text[i] === '}') depth--;
      i++;
    }
    branches.set(key[1]!, text.slice(start, i - 1));
  }
  const branch = branches.get(`=${count}`) ?? (count === 1 ? branches.get('one') : undefined) ?? branches.get('other') ?? '';
  return branch.replace(/#/g, String(count));
}

export interface Words {
  lang: Lang;
  zh: boolean;
  /** The message as the reader sees it, placeholders filled. */
  t(message: string, vars?: Record<string, string | number>): string;
  /** The message as a regular expression (anchored at the start when `start`); placeholders not in `vars` match anything. */
  rx(message: string, vars?: Record<string, string | number>, options?: { start?: boolean }): RegExp;
  /** A content-managed text's words in this language. */
  pick(text: { en: string; zh: string }): string;
}

export function wordsFor(lang: Lang): Words {
  const isZh = lang === 'zh-Hant';
  if (isZh) zh ??= readCatalogue(fileURLToPath(catalogue));
  const translated = (message: string) => {
    if (!isZh) return message;
    const found = zh!.get(message);
    if (found === undefined) throw new Error(`bench/walk: no zh-Hant words for “${message}” in the catalogue`);
    return found;
  };
  const fill = (text: string, vars: Record<string, string | number>) =>
    plural(text, vars).replace(/<\/?\d+\/?>/g, '').replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
  return {
    lang,
    zh: isZh,
    t: (message, vars = {}) => fill(translated(message), vars),
    rx(message, vars = {}, options = {}) {
      const text = fill(translated(message), vars);
      const pattern = text
        .split(/(\{\w+\})/)
        .map((part) => (/^\{\w+\}$/.test(part) ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('');
      return new RegExp(`${options.start ? '^' : ''}${pattern}`);
    },
    pick: (text) => (isZh ? text.zh || text.en : text.en),
  };
}
