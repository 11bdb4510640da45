import { tasteCardMachine } from '../../machines/taste-card/taste-card.machine.ts';
import { fixtures } from '../../machines/taste-card/taste-card.fixtures.ts';
import type { MachineModel } from './coverage.ts';

export const tasteCardModel: MachineModel<typeof tasteCardMachine> = { machine: tasteCardMachine, ...fixtures };
