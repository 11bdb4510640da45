/**
 * Client builds only (DESIGN §10). The SPA imports the API contract (contract/*.ts) for each call's
 * name, method, auth and noLoader, and for a few values (CURRENCIES, SortOrder, passwordProblems…).
 * It never runs a call's body or response schema: types come from TypeScript, validation happens
 * on the server. Yet each call object holds both schemas, so importing a call drags them and much
 * of valibot into the bundle.
 *
 * This plugin makes the SPA's imports (from src/ and machines/) of contract/*.ts resolve to modules
 * generated from the real contract, which it loads once per build:
 * - each call becomes a descriptor `{ name, method, auth, noLoader?, body }`; `body` keeps only what
 *   src/api/client.ts reads of the body schema (whether it has an `accessToken` field);
 * - plain data (numbers, strings, arrays, plain objects, sets of those) is written out as literals;
 * - picklist schemas (SortOrder, Currency…) are rebuilt with `v.picklist(options)`;
 * - anything else (functions, other schemas) is re-exported from the contract file that declares
 *   it, and only that file comes along (so keep such values in small files of their own, like
 *   contract/password.ts: the bundler cannot always drop a file's unused schemas).
 * Every export is a module of its own, and each importing module gets a facade with just the names
 * it imports, so what only lazy chunks import lands in those chunks; a call's descriptor is written into
 * the facade itself.
 *
 * `vite dev` and vitest use the real contract unchanged: the plugin applies to `vite build` only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';
import type { CallDef } from '../contract/define.ts';

const PREFIX = '\0contract/';
/** `${FACADE}<file>:<name,name…|*>`: what one SPA module imports from contract/<file>. */
const FACADE = `${PREFIX}facade:`;
/** `${PREFIX}<name>.js`: one export of the contract, as the SPA gets it (the chunk name is <name>). */
const exportId = (name: string) => `${PREFIX}${name}.js`;

type Namespace = Record<string, unknown>;

function isCall(value: unknown): value is CallDef {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as CallDef).name === 'string' &&
    ((value as CallDef).method === 'GET' || (value as CallDef).method === 'POST') &&
    'body' in value &&
    'response' in value
  );
}

/** What the SPA's API client reads of a call (see src/api/client.ts). */
function descriptor(call: CallDef): string {
  const sendsAccessToken = 'entries' in call.body && 'accessToken' in (call.body as { entries: object }).entries;
  const fields = [
    `name: ${JSON.stringify(call.name)}`,
    `method: ${JSON.stringify(call.method)}`,
    `auth: ${JSON.stringify(call.auth)}`,
    ...(call.noLoader !== undefined ? [`noLoader: ${JSON.stringify(call.noLoader)}`] : []),
    `body: ${sendsAccessToken ? '{ entries: { accessToken: true } }' : '{}'}`,
  ];
  return `{ ${fields.join(', ')} }`;
}

/** From this many self-named entries on, an object is written as a list of names. */
const SELF_NAMED_MIN = 8;

/** A literal for plain data, or undefined when the value is not plain data. */
function literal(value: unknown): string | undefined {
  if (value === null || ['string', 'boolean'].includes(typeof value)) return JSON.stringify(value);
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : undefined;
  if (value instanceof Set) {
    const items = literal([...value]);
    return items === undefined ? undefined : `new Set(${items})`;
  }
  if (Array.isArray(value)) {
    const items = value.map(literal);
    return items.every((x) => x !== undefined) ? `[${items.join(', ')}]` : undefined;
  }
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const entries = Object.entries(value as object).map(([k, v]) => [k, literal(v)] as const);
    if (!entries.every(([, v]) => v !== undefined)) return undefined;
    // A catalogue whose values are mostly their own names (ErrorCode): each name written once, not twice
    // (issue 30: about 0.25 kB of every first load). Key order is not kept; nothing reads it.
    const named = Object.entries(value as object).filter(([k, v]) => v === k && /^[\w$]+$/.test(k)).map(([k]) => k);
    const object = (pairs: (readonly [string, string | undefined])[]) => `{ ${pairs.map(([k, v]) => `${JSON.stringify(k)}: ${v}`).join(', ')} }`;
    if (named.length < SELF_NAMED_MIN) return object(entries);
    const rest = entries.filter(([k]) => !named.includes(k));
    return `Object.assign(Object.fromEntries(${JSON.stringify(named.join(' '))}.split(' ').map((k) => [k, k])), ${object(rest)})`;
  }
  return undefined;
}

/** `v.picklist(options)` for a plain picklist schema (no custom message, no pipe). */
function picklist(value: unknown): string | undefined {
  const schema = value as { kind?: unknown; type?: unknown; options?: unknown; message?: unknown; pipe?: unknown };
  if (typeof value !== 'object' || value === null || schema.kind !== 'schema' || schema.type !== 'picklist') return;
  if (schema.message !== undefined || schema.pipe !== undefined) return;
  const options = literal(schema.options);
  return options === undefined ? undefined : `v.picklist(${options})`;
}

/**
 * The value names a module imports (or re-exports) by name from `specifier`, or undefined when it
 * takes it some other way (namespace, default, `export *`): that module then gets every export.
 */
export function importedNames(code: string, specifier: string): string[] | undefined {
  const quoted = `['"]${specifier.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"]`;
  const statement = new RegExp(`\\b(?:import|export)\\s+([^;'"]*?)\\s*from\\s*${quoted}`, 'g');
  const names = new Set<string>();
  for (const [, clause] of code.matchAll(statement)) {
    if (/^type\b/.test(clause!)) continue;
    const list = /^\{([^}]*)\}$/.exec(clause!);
    if (!list) return undefined;
    for (const part of list[1]!.split(',')) {
      const spec = part.trim();
      if (spec && !/^type\s/.test(spec)) names.add(spec.split(/\s+as\s+/)[0]!);
    }
  }
  return [...names].sort();
}

export function contractDescriptors(): Plugin {
  let root = process.cwd();
  const contractDir = () => path.join(root, 'contract');
  const index = () => path.join(contractDir(), 'index.ts');
  const isSpaSource = (id: string) =>
    [path.join(root, 'src'), path.join(root, 'machines')].some((dir) => id.startsWith(dir + path.sep));

  // The contract, loaded by tsx in this process: contract/index.ts up front, any other file on demand. (Vite's
  // module runner, used before, asks for each file over an RPC with a fixed 60 s time-out, which a busy machine
  // ran out of while the build's own transforms held the event loop: the build failed, issue 27.)
  const loaded = new Map<string, Promise<{ module: Namespace; dependencies: string[] }>>();
  const evaluate = (file: string) => {
    let result = loaded.get(file);
    if (!result) {
      result = (tsImport(pathToFileURL(file).href, import.meta.url) as Promise<Namespace>).then((module) => ({
        module,
        // The contract's files import only each other and valibot.
        dependencies: readdirSync(contractDir())
          .filter((f) => f.endsWith('.ts'))
          .map((f) => path.join(contractDir(), f)),
      }));
      loaded.set(file, result);
    }
    return result;
  };
  let declared: Map<string, string> | undefined;
  /** Export name → contract file whose source declares it (`export const|function|class NAME`). */
  const declaringFile = (name: string) => {
    if (!declared) {
      declared = new Map();
      for (const base of readdirSync(contractDir()).filter((f) => f.endsWith('.ts')).sort()) {
        const file = path.join(contractDir(), base);
        const source = readFileSync(file, 'utf8');
        for (const m of source.matchAll(/^export\s+(?:const|let|var|(?:async\s+)?function\*?|class)\s+([\w$]+)/gm)) {
          declared.set(m[1]!, file);
        }
      }
    }
    return declared.get(name);
  };

  return {
    name: 'sg:contract-descriptors',
    apply: 'build',
    // Before Vite's own resolver, which would otherwise resolve the relative imports first.
    enforce: 'pre',
    async configResolved(config) {
      root = config.root;
      await evaluate(index());
    },
    watchChange(id) {
      if (path.dirname(id) === contractDir()) {
        loaded.clear();
        declared = undefined;
      }
    },
    resolveId: {
      filter: { id: /contract/ },
      handler(source, importer) {
        if (source.startsWith(PREFIX)) return { id: source, moduleSideEffects: false };
        if (!importer || !source.startsWith('.') || !isSpaSource(importer)) return null;
        const file = path.resolve(path.dirname(importer.split('?')[0]!), source);
        if (path.dirname(file) !== contractDir() || !file.endsWith('.ts')) return null;
        // One facade per set of imported names, so that what only lazy chunks import stays in them.
        let names: string[] | undefined;
        try {
          names = importedNames(readFileSync(importer.split('?')[0]!, 'utf8'), source);
        } catch {
          names = undefined;
        }
        return { id: `${FACADE}${path.basename(file)}:${names ? names.join(',') : '*'}`, moduleSideEffects: false };
      },
    },
    load: {
      filter: { id: /^\0contract\// },
      async handler(id) {
        const { module: all, dependencies } = await evaluate(index());
        for (const dep of dependencies) this.addWatchFile(dep);
        if (id.startsWith(FACADE)) {
          const [base, list] = id.slice(FACADE.length).split(':') as [string, string];
          const file = path.join(contractDir(), base);
          const { module } = file === index() ? { module: all } : await evaluate(file);
          // A name the file does not export is left out: the bundler then reports it as missing.
          const names = list === '*' ? Object.keys(module) : list.split(',').filter((name) => name in module);
          // Every export of the contract (but all-calls.ts) is also an export of contract/index.ts.
          const from = (name: string) => (name in all ? exportId(name) : file);
          // A call's descriptor is written into the facade itself: a few bytes in each module that calls it, where a
          // module of its own became, once lazy chunks shared it, a chunk of its own that each screen fetched and
          // unzipped apart (issue 30: a checkout fetched a dozen such files). Nothing compares descriptors by identity.
          return names
            .map((name) => {
              const value = all[name];
              return isCall(value)
                ? `export const ${name} = ${descriptor(value)};\n`
                : `export { ${name} } from ${JSON.stringify(from(name))};\n`;
            })
            .join('');
        }
        const name = id.slice(PREFIX.length, -'.js'.length);
        const value = all[name];
        if (isCall(value)) return `export const ${name} = ${descriptor(value)};\n`;
        // The SPA's ErrorCode without the back office's codes: /admin adds them when it loads (contract/errors.ts).
        const backOffice = name === 'ErrorCode' && Array.isArray(all.BACK_OFFICE_CODES) ? new Set<unknown>(all.BACK_OFFICE_CODES) : undefined;
        const asLiteral = literal(backOffice ? Object.fromEntries(Object.entries(value as object).filter(([, code]) => !backOffice.has(code))) : value);
        if (asLiteral !== undefined) return `export const ${name} = ${asLiteral};\n`;
        const asPicklist = picklist(value);
        if (asPicklist !== undefined) return `import * as v from 'valibot';\nexport const ${name} = /* @__PURE__ */ ${asPicklist};\n`;
        return `export { ${name} } from ${JSON.stringify(declaringFile(name) ?? index())};\n`;
      },
    },
    transform: {
      filter: { id: /[\\/]contract[\\/][^\\/]+\.ts$/ },
      handler(_code, id) {
        // The contract has no side effects (its top-level code only builds schemas), so a file none of
        // whose exports the SPA uses stays out of the bundle. (Spreads like `...Address.entries` would
        // otherwise keep schemas alive: the bundler treats property reads as possible side effects.)
        return path.dirname(id) === contractDir() ? { moduleSideEffects: false } : null;
      },
    },
  };
}
