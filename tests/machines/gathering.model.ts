import { gatheringMachine } from '../../machines/gathering/gathering.machine.ts';
import { fixtures } from '../../machines/gathering/gathering.fixtures.ts';
import type { MachineModel } from './coverage.ts';

export const gatheringModel: MachineModel<typeof gatheringMachine> = { machine: gatheringMachine, ...fixtures };
