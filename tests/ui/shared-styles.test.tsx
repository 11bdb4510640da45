/**
 * What src/ui shares comes with its styles (issue 14: the checkout showed the billing address as one
 * italic line until the account popup, whose stylesheet styled it, had been opened once). For every
 * component in src/ui: each class it sets that some stylesheet styles must be styled by styles.css
 * (always loaded, with the parts it @imports) or by a stylesheet the component imports, itself or through
 * the src/ui modules it imports; a class styled only in a feature's stylesheet is styled only once that
 * feature has loaded.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const UI = join(ROOT, 'src/ui');

const read = (path: string) => readFileSync(path, 'utf8');
const withoutComments = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, '');

/** Class names a stylesheet styles (in any selector). */
function stylesheetClasses(path: string): Set<string> {
  const css = withoutComments(read(path));
  const classes = new Set<string>();
  // Selectors only: drop declaration blocks (numbers such as 0.5rem are not classes).
  for (const selector of css.replace(/\{[^{}]*\}/g, ',').split(',')) {
    for (const m of selector.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) classes.add(m[1]!);
  }
  return classes;
}

/** A stylesheet and, after it, the stylesheets it @imports (styles.css is an index of src/ui/styles/). */
function withImports(path: string): string[] {
  const imports = [...withoutComments(read(path)).matchAll(/@import\s+['"](\.[^'"]+)['"]/g)];
  return [path, ...imports.flatMap((m) => withImports(resolve(dirname(path), m[1]!)))];
}

/** Class names a stylesheet styles, itself or through the stylesheets it @imports. */
const classesWithImports = (path: string) => new Set(withImports(path).flatMap((sheet) => [...stylesheetClasses(sheet)]));

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.css'))
    .map((e) => join(e.parentPath, e.name));
}

/** The static class names a module sets (className="a b", className={`a ${x}`}). */
function classesSet(source: string): Set<string> {
  const classes = new Set<string>();
  for (const m of source.matchAll(/className=(?:"([^"]*)"|\{`([^`]*)`\})/g)) {
    const text = (m[1] ?? m[2] ?? '').replace(/\$\{[^}]*\}/g, ' ');
    for (const name of text.split(/\s+/)) if (/^[a-z][\w-]*$/.test(name)) classes.add(name);
  }
  return classes;
}

/** The stylesheets a src/ui module brings: its own imports, and those of the src/ui modules it imports. */
function stylesheetsOf(file: string, seen = new Set<string>()): Set<string> {
  const sheets = new Set<string>();
  if (seen.has(file)) return sheets;
  seen.add(file);
  for (const m of read(file).matchAll(/import\s+(?:[^'"]+\s+from\s+)?'(\.[^']+)'/g)) {
    const target = resolve(dirname(file), m[1]!);
    if (target.endsWith('.css')) sheets.add(target);
    else if (target.startsWith(UI) && /\.tsx?$/.test(target)) for (const s of stylesheetsOf(target, seen)) sheets.add(s);
  }
  return sheets;
}

describe('the shared parts of src/ui', () => {
  const everywhere = new Map<string, string[]>();
  for (const sheet of cssFiles(join(ROOT, 'src'))) {
    for (const name of stylesheetClasses(sheet)) everywhere.set(name, [...(everywhere.get(name) ?? []), sheet.slice(ROOT.length + 1)]);
  }
  const global = classesWithImports(join(UI, 'styles.css'));
  const components = readdirSync(UI).filter((f) => f.endsWith('.tsx'));

  it('finds the components and the stylesheets to check', () => {
    expect(components).toContain('AddressSummary.tsx');
    expect(everywhere.size).toBeGreaterThan(100);
  });

  it.each(components)('%s brings the styles of the classes it sets', (name) => {
    const file = join(UI, name);
    const brought = new Set(global);
    for (const sheet of stylesheetsOf(file)) for (const c of stylesheetClasses(sheet)) brought.add(c);
    const unstyledHere = [...classesSet(read(file))]
      .filter((c) => everywhere.has(c) && !brought.has(c))
      .map((c) => `.${c} (styled only in ${everywhere.get(c)!.join(', ')})`);
    expect(unstyledHere).toEqual([]);
  });
});
