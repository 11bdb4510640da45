/**
 * `npm run paths -- <machine>…`: the machine's shortest and simple paths as a test plan.
 * `npm run paths -- --all --check`: the coverage of every machine's paths; exits 1 when any state
 * or transition is not reached.
 *
 * Machines are found in machines/<flow>/<flow>.machine.ts; each is driven with its
 * `<flow>.fixtures.ts` (the same fixtures the tests and the flow atlas use). A machine without one
 * falls back to its test model in tests/machines/models.ts, then to generic fixtures (flows/derive.ts),
 * and the plan says which.
 *
 * Options: --every-simple (print every simple path, not only those that add coverage),
 * --machines-dir <dir> (another machines folder, e.g. for the CLI's own tests).
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import { deriveModel, machineExport } from '../flows/derive.ts';
import { formatCoverage, type FlowFixtures, type MachineModel } from '../flows/model.ts';
import { formatPlan, testPlan } from '../flows/plan.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

export interface Flow {
  /** The folder name under machines/. */
  flow: string;
  /** The machine module, relative to the repository. */
  source: string;
  model: MachineModel<AnyStateMachine>;
  /** Where the fixtures came from. */
  fixturesFrom: string;
  /** Events, actors or inputs the fixtures did not give, made up generically. */
  generic: string[];
}

async function testModels(): Promise<Record<string, MachineModel<AnyStateMachine>>> {
  try {
    return (await import('../tests/machines/models.ts')).models;
  } catch {
    return {};
  }
}

export async function loadFlows(machinesDir = path.join(root, 'machines')): Promise<Flow[]> {
  const isDefault = path.resolve(machinesDir) === path.join(root, 'machines');
  const flows: Flow[] = [];
  let registry: Record<string, MachineModel<AnyStateMachine>> | undefined;
  const folders = readdirSync(machinesDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
  for (const flow of folders) {
    const file = path.join(machinesDir, flow, `${flow}.machine.ts`);
    if (!existsSync(file)) continue;
    const machine = machineExport(await import(pathToFileURL(file).href));
    if (!machine) throw new Error(`${file} exports no state machine`);
    const fixturesFile = path.join(machinesDir, flow, `${flow}.fixtures.ts`);
    let fixtures: Partial<FlowFixtures<AnyStateMachine>> | undefined;
    let fixturesFrom = 'generic fixtures';
    if (existsSync(fixturesFile)) {
      fixtures = (await import(pathToFileURL(fixturesFile).href)).fixtures;
      fixturesFrom = path.relative(root, fixturesFile);
    } else if (isDefault) {
      registry ??= await testModels();
      if (registry[flow]) {
        fixtures = registry[flow];
        fixturesFrom = `tests/machines/${flow}.model.ts`;
      }
    }
    const { model, generic } = deriveModel(machine, fixtures);
    flows.push({ flow, source: path.relative(root, file), model, fixturesFrom, generic });
  }
  return flows;
}

export async function run(argv: readonly string[], print: (text: string) => void, options: { machinesDir?: string } = {}): Promise<number> {
  const args = [...argv];
  const flag = (name: string) => {
    const i = args.indexOf(name);
    if (i >= 0) args.splice(i, 1);
    return i >= 0;
  };
  let machinesDir = options.machinesDir;
  const dirAt = args.indexOf('--machines-dir');
  if (dirAt >= 0) {
    machinesDir = path.resolve(args[dirAt + 1] ?? '.');
    args.splice(dirAt, 2);
  }
  const all = flag('--all');
  const check = flag('--check');
  const everySimplePath = flag('--every-simple');
  const unknownOption = args.find((a) => a.startsWith('--'));
  const flows = await loadFlows(machinesDir);
  const usage = `usage: npm run paths -- <machine>… | --all [--check] [--every-simple]\nmachines: ${flows.map((f) => f.flow).join(', ')}`;
  if (unknownOption || (!all && args.length === 0)) {
    print(unknownOption ? `unknown option ${unknownOption}\n${usage}` : usage);
    return 2;
  }
  const chosen = all ? flows : args.map((name) => flows.find((f) => f.flow === name || f.model.machine.id === name) ?? name);
  const missing = chosen.filter((f): f is string => typeof f === 'string');
  if (missing.length) {
    print(`no machine named ${missing.join(', ')}\n${usage}`);
    return 2;
  }
  let incomplete = 0;
  for (const flow of chosen as Flow[]) {
    const note = `  fixtures: ${flow.fixturesFrom}${flow.generic.length ? `; generic for ${flow.generic.join(', ')}` : ''}`;
    let plan: ReturnType<typeof testPlan>;
    try {
      plan = testPlan(flow.model, { everySimplePath });
    } catch (error) {
      // Typically a guard or action reading data that generic fixtures do not have.
      incomplete++;
      print(`${flow.model.machine.id}: its paths cannot be walked with these fixtures: ${error instanceof Error ? error.message : String(error)}\n${note}`);
      continue;
    }
    const c = plan.coverage;
    if (c.states.missing.length || c.transitions.missing.length) incomplete++;
    if (check) print(`${formatCoverage(c)}\n${note}`);
    else print(`${formatPlan(plan, flow.model.machine, flow.source)}\n${formatCoverage(c)}\n${note}\n`);
  }
  if (check) print(incomplete ? `${incomplete} of ${chosen.length} machines are not fully covered` : `all ${chosen.length} machines fully covered`);
  return check && incomplete ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  // `npm run paths -- bag | head`: a reader that stops early is not an error.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
  process.exitCode = await run(process.argv.slice(2), (text) => console.log(text));
}
