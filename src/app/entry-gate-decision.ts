import { createActor } from 'xstate';
import { entryGateMachine } from '../../machines/entry-gate/entry-gate.machine.ts';
import * as gate from '../../machines/entry-gate/entry-gate.selectors.ts';
import type { EntryGateInput } from '../../machines/entry-gate/entry-gate.types.ts';

/**
 * Runs the entry gate of spec §2 for one page. A chunk of its own, loaded by the two guarded
 * routes' beforeLoad (src/app/guards.ts), so that the first load of other pages goes without it.
 */
export function decideEntry(input: EntryGateInput) {
  const snapshot = createActor(entryGateMachine, { input }).start().getSnapshot();
  return { redirect: gate.redirect(snapshot), decision: gate.decision(snapshot) };
}
