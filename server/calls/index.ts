import type { Registered } from './handler.ts';
import { accountHandlers } from './account.ts';
import { catalogueHandlers } from './catalogue.ts';
import { contentHandlers } from './content.ts';
import { referenceHandlers } from './reference.ts';

/** Every served call, keyed by its spec name. */
export const registry: ReadonlyMap<string, Registered> = new Map([
  ...accountHandlers,
  ...catalogueHandlers,
  ...contentHandlers,
  ...referenceHandlers,
]);
