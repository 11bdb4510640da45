import { sessionCancelMachine } from '../../machines/session-cancel/session-cancel.machine.ts';
import { fixtures } from '../../machines/session-cancel/session-cancel.fixtures.ts';
import type { MachineModel } from './coverage.ts';

export const sessionCancelModel: MachineModel<typeof sessionCancelMachine> = { machine: sessionCancelMachine, ...fixtures };
