import { fpsPaymentMachine } from '../../machines/fps-payment/fps-payment.machine.ts';
import { fixtures } from '../../machines/fps-payment/fps-payment.fixtures.ts';
import type { MachineModel } from './coverage.ts';

export const fpsPaymentModel: MachineModel<typeof fpsPaymentMachine> = { machine: fpsPaymentMachine, ...fixtures };
