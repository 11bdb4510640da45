import { eventJoinMachine } from '../../machines/event-join/event-join.machine.ts';
import { fixtures } from '../../machines/event-join/event-join.fixtures.ts';
import type { MachineModel } from './coverage.ts';

export const eventJoinModel: MachineModel<typeof eventJoinMachine> = { machine: eventJoinMachine, ...fixtures };
