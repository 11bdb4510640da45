import { inspirationEditorMachine } from '../../machines/inspiration-editor/inspiration-editor.machine.ts';
import { fixtures } from '../../machines/inspiration-editor/inspiration-editor.fixtures.ts';
import type { MachineModel } from './coverage.ts';

export const inspirationEditorModel: MachineModel<typeof inspirationEditorMachine> = { machine: inspirationEditorMachine, ...fixtures };
