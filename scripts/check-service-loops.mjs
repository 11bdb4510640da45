#!/usr/bin/env node
/**
 * No loop between the parts of server/services (issue 28): each folder there (an area: orders with its kinds,
 * search, jobs, taste…) and each file directly in it is one part, and no part imports, even through others,
 * from a part that imports it back. dependency-cruiser's no-circular sees loops between files only, and its
 * folder scope follows every loop through server/db and server/http too; this looks at services alone.
 * Part of `npm run deps:check`. Prints each loop with one import that closes it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'server', 'services');
const partOf = (file) => relative(root, file).split(sep)[0];
const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/** part → part → the first import seen between them (for the message) */
const edges = new Map();
function walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path);
    else if (/\.tsx?$/.test(entry.name)) {
      for (const [, spec] of readFileSync(path, 'utf8').matchAll(IMPORT)) {
        const target = normalize(join(dirname(path), spec));
        if (!target.startsWith(root + sep)) continue;
        const [from, to] = [partOf(path), partOf(target)];
        if (from === to) continue;
        if (!edges.has(from)) edges.set(from, new Map());
        if (!edges.get(from).has(to)) edges.get(from).set(to, `${relative(root, path)} → ${spec}`);
      }
    }
  }
}
walk(root);

// Tarjan's strongly connected components: a component of more than one part is a loop.
let index = 0;
const stack = [];
const seen = new Map();
const loops = [];
function connect(part) {
  const mine = { index, low: index, onStack: true };
  seen.set(part, mine);
  index++;
  stack.push(part);
  for (const next of edges.get(part)?.keys() ?? []) {
    if (!seen.has(next)) {
      connect(next);
      mine.low = Math.min(mine.low, seen.get(next).low);
    } else if (seen.get(next).onStack) mine.low = Math.min(mine.low, seen.get(next).index);
  }
  if (mine.low === mine.index) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      seen.get(member).onStack = false;
      component.push(member);
    } while (member !== part);
    if (component.length > 1) loops.push(component.sort());
  }
}
for (const part of edges.keys()) if (!seen.has(part)) connect(part);

if (loops.length === 0) {
  console.log(`✔ no loop between the ${new Set([...edges.keys(), ...[...edges.values()].flatMap((m) => [...m.keys()])]).size} parts of server/services`);
} else {
  for (const loop of loops) {
    console.error(`✘ server/services parts import each other: ${loop.join(', ')}`);
    for (const from of loop) for (const [to, example] of edges.get(from) ?? []) if (loop.includes(to)) console.error(`    ${example}`);
  }
  process.exit(1);
}
