import { entryGateMachine } from '../../machines/entry-gate/entry-gate.machine.ts';
import { fixtures } from '../../machines/entry-gate/entry-gate.fixtures.ts';
import type { MachineModel } from './coverage.ts';

export const entryGateModel: MachineModel<typeof entryGateMachine> = { machine: entryGateMachine, ...fixtures };
