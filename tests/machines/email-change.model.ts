import { emailChangeMachine } from '../../machines/email-change/email-change.machine.ts';
import { fixtures } from '../../machines/email-change/email-change.fixtures.ts';
import type { MachineModel } from './coverage.ts';

export const emailChangeModel: MachineModel<typeof emailChangeMachine> = { machine: emailChangeMachine, ...fixtures };
