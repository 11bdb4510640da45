import { inviteActivationMachine } from '../../machines/invite-activation/invite-activation.machine.ts';
import { fixtures } from '../../machines/invite-activation/invite-activation.fixtures.ts';
import type { MachineModel } from './coverage.ts';

export const inviteActivationModel: MachineModel<typeof inviteActivationMachine> = { machine: inviteActivationMachine, ...fixtures };
