import { ticketActivationMachine } from '../../machines/ticket-activation/ticket-activation.machine.ts';
import { fixtures } from '../../machines/ticket-activation/ticket-activation.fixtures.ts';
import type { MachineModel } from './coverage.ts';

export const ticketActivationModel: MachineModel<typeof ticketActivationMachine> = { machine: ticketActivationMachine, ...fixtures };
