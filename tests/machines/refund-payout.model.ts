import { refundPayoutMachine } from '../../machines/refund-payout/refund-payout.machine.ts';
import { fixtures } from '../../machines/refund-payout/refund-payout.fixtures.ts';
import type { MachineModel } from './coverage.ts';

export const refundPayoutModel: MachineModel<typeof refundPayoutMachine> = { machine: refundPayoutMachine, ...fixtures };
