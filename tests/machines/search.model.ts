import { searchMachine } from '../../machines/search/search.machine.ts';
import { fixtures } from '../../machines/search/search.fixtures.ts';
import type { MachineModel } from './coverage.ts';

export { oolongSuggestions } from '../../machines/search/search.fixtures.ts';

export const searchModel: MachineModel<typeof searchMachine> = { machine: searchMachine, ...fixtures };
