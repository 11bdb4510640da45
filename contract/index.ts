import type { CallDef } from './define.ts';
import * as account from './account.ts';
import * as catalogue from './catalogue.ts';
import * as content from './content.ts';
import * as reference from './reference.ts';

export * from './define.ts';
export * from './errors.ts';
export * from './account.ts';
export * from './catalogue.ts';
export * from './content.ts';
export * from './reference.ts';

function callsOf(module: Record<string, unknown>): CallDef[] {
  return Object.values(module).filter(
    (x): x is CallDef => typeof x === 'object' && x !== null && 'method' in x && 'response' in x && 'name' in x,
  );
}

/** Every call of the API, keyed by its spec name. */
export const CALLS: ReadonlyMap<string, CallDef> = new Map(
  [account, catalogue, content, reference].flatMap(callsOf).map((c) => [c.name, c]),
);
