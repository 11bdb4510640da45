import { checkoutMachine } from '../../machines/checkout/checkout.machine.ts';
import { fixtures } from '../../machines/checkout/checkout.fixtures.ts';
import type { MachineModel } from './coverage.ts';

export const checkoutModel: MachineModel<typeof checkoutMachine> = { machine: checkoutMachine, ...fixtures };
