import { paymentStepMachine } from '../../machines/payment-step/payment-step.machine.ts';
import { fixtures } from '../../machines/payment-step/payment-step.fixtures.ts';
import type { MachineModel } from './coverage.ts';

export const paymentStepModel: MachineModel<typeof paymentStepMachine> = { machine: paymentStepMachine, ...fixtures };
