import { bagMachine } from '../../machines/bag/bag.machine.ts';
import { fixtures } from '../../machines/bag/bag.fixtures.ts';
import type { MachineModel } from './coverage.ts';

export const bagModel: MachineModel<typeof bagMachine> = { machine: bagMachine, ...fixtures };
