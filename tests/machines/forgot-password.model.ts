import { forgotPasswordMachine } from '../../machines/forgot-password/forgot-password.machine.ts';
import { fixtures } from '../../machines/forgot-password/forgot-password.fixtures.ts';
import type { MachineModel } from './coverage.ts';

export const forgotPasswordModel: MachineModel<typeof forgotPasswordMachine> = { machine: forgotPasswordMachine, ...fixtures };
