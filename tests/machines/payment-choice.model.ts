import { paymentChoiceMachine } from '../../machines/payment-choice/payment-choice.machine.ts';
import { fixtures } from '../../machines/payment-choice/payment-choice.fixtures.ts';
import type { MachineModel } from './coverage.ts';

export const paymentChoiceModel: MachineModel<typeof paymentChoiceMachine> = { machine: paymentChoiceMachine, ...fixtures };
