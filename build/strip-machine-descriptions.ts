/**
 * Production builds only (DESIGN §10): drops the `description` texts from the state machine
 * configs (machines/*\/*.machine.ts). They document the machines for readers and for the Stately
 * visualizer, which reads the source files, and nothing in the app reads them at run time; in the
 * bundle they were a third of the session machine, which every first load fetches.
 *
 * Only string descriptions of the state nodes and transitions in a `createMachine(...)` config are
 * removed (not inside functions, context, meta, input, output or params): a transition that had
 * nothing but a description stays as an empty transition (`{}`), which behaves the same.
 */
import { RolldownMagicString } from 'rolldown';
import type { Plugin } from 'vite';
import { children, walk, type Node } from './ast.ts';

/** A string literal, a template without expressions, or `+` of those. */
function isText(node: Node): boolean {
  if (node.type === 'Literal') return typeof node.value === 'string';
  if (node.type === 'TemplateLiteral') return (node.expressions as Node[]).length === 0;
  if (node.type === 'BinaryExpression' && node.operator === '+') return isText(node.left as Node) && isText(node.right as Node);
  if (node.type === 'ParenthesizedExpression') return isText(node.expression as Node);
  return false;
}

function isDescription(property: Node): boolean {
  if (property.type !== 'Property' || property.computed || property.kind !== 'init') return false;
  const key = property.key as Node;
  const named = key.type === 'Identifier' ? key.name : key.type === 'Literal' ? key.value : undefined;
  return named === 'description' && isText(property.value as Node);
}

function isCreateMachine(node: Node): boolean {
  if (node.type !== 'CallExpression') return false;
  const callee = node.callee as Node;
  if (callee.type === 'Identifier') return callee.name === 'createMachine';
  if (callee.type === 'MemberExpression' && !callee.computed) return (callee.property as Node).name === 'createMachine';
  return false;
}

/** Config values that are data for the machine to use, not machine structure: left as they are. */
const DATA = new Set(['context', 'meta', 'input', 'output', 'params']);

/** Removes the description properties of the state and transition configs in `config`, commas included. */
function stripObjects(config: Node, s: RolldownMagicString): number {
  let removed = 0;
  const visit = (node: Node) => {
    if (node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression') return;
    if (node.type === 'Property' && !node.computed && DATA.has((node.key as Node).name as string)) return;
    if (node.type === 'ObjectExpression') {
      const props = node.properties as Node[];
      const drop = props.map(isDescription);
      for (let i = 0; i < props.length; i++) {
        if (!drop[i]) continue;
        let j = i;
        while (j + 1 < props.length && drop[j + 1]) j++;
        // A run of descriptions i..j: up to the next kept property, or back to the previous one.
        if (j + 1 < props.length) s.remove(props[i]!.start, props[j + 1]!.start);
        else if (i > 0) s.remove(props[i - 1]!.end, node.end - 1);
        else s.remove(props[i]!.start, node.end - 1);
        removed += j - i + 1;
        i = j;
      }
    }
    for (const child of children(node)) visit(child);
  };
  visit(config);
  return removed;
}

export function stripMachineDescriptions(): Plugin {
  return {
    name: 'sg:strip-machine-descriptions',
    apply: 'build',
    // After TypeScript is compiled away, so the code parses as JavaScript.
    enforce: 'post',
    transform: {
      filter: { id: /[\\/]machines[\\/][^\\/]+[\\/][^\\/]+\.machine\.ts$/, code: 'description' },
      handler(code) {
        const program = this.parse(code) as unknown as Node;
        const s = new RolldownMagicString(code);
        let removed = 0;
        walk(program, (node) => {
          if (!isCreateMachine(node)) return;
          for (const arg of node.arguments as Node[]) removed += stripObjects(arg, s);
          return false;
        });
        return removed ? { code: s } : null;
      },
    },
  };
}
