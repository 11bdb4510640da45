import { gatheringHostMachine } from '../../machines/gathering-host/gathering-host.machine.ts';
import { fixtures } from '../../machines/gathering-host/gathering-host.fixtures.ts';
import type { MachineModel } from './coverage.ts';

export const gatheringHostModel: MachineModel<typeof gatheringHostMachine> = { machine: gatheringHostMachine, ...fixtures };
