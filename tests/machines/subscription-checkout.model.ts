import { subscriptionCheckoutMachine } from '../../machines/subscription-checkout/subscription-checkout.machine.ts';
import { fixtures } from '../../machines/subscription-checkout/subscription-checkout.fixtures.ts';
import type { MachineModel } from './coverage.ts';

export const subscriptionCheckoutModel: MachineModel<typeof subscriptionCheckoutMachine> = { machine: subscriptionCheckoutMachine, ...fixtures };
