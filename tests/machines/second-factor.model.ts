import { secondFactorMachine } from '../../machines/second-factor/second-factor.machine.ts';
import { fixtures } from '../../machines/second-factor/second-factor.fixtures.ts';
import type { MachineModel } from './coverage.ts';

export const secondFactorModel: MachineModel<typeof secondFactorMachine> = { machine: secondFactorMachine, ...fixtures };
