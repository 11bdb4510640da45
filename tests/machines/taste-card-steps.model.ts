import { tasteCardStepsMachine } from '../../machines/taste-card-steps/taste-card-steps.machine.ts';
import { fixtures } from '../../machines/taste-card-steps/taste-card-steps.fixtures.ts';
import type { MachineModel } from './coverage.ts';

export const tasteCardStepsModel: MachineModel<typeof tasteCardStepsMachine> = { machine: tasteCardStepsMachine, ...fixtures };
