import { optimisticToggleMachine } from '../../machines/optimistic-toggle/optimistic-toggle.machine.ts';
import { fixtures } from '../../machines/optimistic-toggle/optimistic-toggle.fixtures.ts';
import type { MachineModel } from './coverage.ts';

export const optimisticToggleModel: MachineModel<typeof optimisticToggleMachine> = { machine: optimisticToggleMachine, ...fixtures };
