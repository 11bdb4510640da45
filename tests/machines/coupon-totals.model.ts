import { couponTotalsMachine } from '../../machines/coupon-totals/coupon-totals.machine.ts';
import { fixtures } from '../../machines/coupon-totals/coupon-totals.fixtures.ts';
import type { MachineModel } from './coverage.ts';

export const couponTotalsModel: MachineModel<typeof couponTotalsMachine> = { machine: couponTotalsMachine, ...fixtures };
