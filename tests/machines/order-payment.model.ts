import { orderPaymentMachine } from '../../machines/order-payment/order-payment.machine.ts';
import { fixtures } from '../../machines/order-payment/order-payment.fixtures.ts';
import type { MachineModel } from './coverage.ts';

export const orderPaymentModel: MachineModel<typeof orderPaymentMachine> = { machine: orderPaymentMachine, ...fixtures };
