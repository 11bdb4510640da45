/**
 * Every machine under machines/, found by file name (machines/<flow>/<flow>.machine.ts): a new
 * machine appears in the atlas without editing a list. Fixtures come from the machine's own
 * `<flow>.fixtures.ts` when it has one, and are made up generically for the rest (flows/derive.ts),
 * exactly as `npm run paths` does.
 */
import type { AnyStateMachine } from 'xstate';
import { deriveModel, machineExport } from '../../../flows/derive.ts';
import type { FlowFixtures, MachineModel } from '../../../flows/model.ts';

// A copy of each machine module of its own (`?flow-atlas`): the production build strips `description`
// texts from modules whose id ends in `.machine.ts` (build/strip-machine-descriptions.ts), and the
// atlas shows them.
const machineModules = import.meta.glob<Record<string, unknown>>('../../../machines/*/*.machine.ts', { query: '?flow-atlas' });
const fixtureModules = import.meta.glob<{ fixtures?: Partial<FlowFixtures<AnyStateMachine>> }>('../../../machines/*/*.fixtures.ts');

export interface FlowEntry {
  /** The folder name under machines/. */
  flow: string;
  /** The machine's source file, from the repository root. */
  source: string;
  /** The fixtures file, when the machine has one. */
  fixtures?: string;
}

export interface LoadedFlow extends FlowEntry {
  machine: AnyStateMachine;
  model: MachineModel<AnyStateMachine>;
  /** What the fixtures did not give and was made up: event types, actor names, 'inputs'. */
  generic: string[];
}

const entries: FlowEntry[] = Object.keys(machineModules)
  .map((key) => {
    const match = /machines\/([^/]+)\/([^/]+)\.machine\.ts$/.exec(key);
    if (!match || match[1] !== match[2]) return undefined;
    const flow = match[1]!;
    const fixturesKey = Object.keys(fixtureModules).find((k) => k.endsWith(`machines/${flow}/${flow}.fixtures.ts`));
    return {
      flow,
      source: `machines/${flow}/${flow}.machine.ts`,
      ...(fixturesKey ? { fixtures: `machines/${flow}/${flow}.fixtures.ts` } : {}),
    };
  })
  .filter((e): e is FlowEntry => e !== undefined)
  .sort((a, b) => a.flow.localeCompare(b.flow));

export function flowCatalogue(): readonly FlowEntry[] {
  return entries;
}

function moduleFor<T>(modules: Record<string, () => Promise<T>>, suffix: string): (() => Promise<T>) | undefined {
  const key = Object.keys(modules).find((k) => k.endsWith(suffix));
  return key ? modules[key] : undefined;
}

export async function loadFlow(flow: string): Promise<LoadedFlow> {
  const entry = entries.find((e) => e.flow === flow);
  const load = moduleFor(machineModules, `machines/${flow}/${flow}.machine.ts`);
  if (!entry || !load) throw new Error(`No machine named ${flow}`);
  const machine = machineExport(await load());
  if (!machine) throw new Error(`${entry.source} exports no state machine`);
  const loadFixtures = moduleFor(fixtureModules, `machines/${flow}/${flow}.fixtures.ts`);
  const fixtures = loadFixtures ? (await loadFixtures()).fixtures : undefined;
  const { model, generic } = deriveModel(machine, fixtures);
  return { ...entry, machine, model, generic };
}
