import type { FlowFixtures } from '../../../../../flows/model.ts';
import type { doorMachine } from './door.machine.ts';

export const fixtures: FlowFixtures<typeof doorMachine> = {
  inputs: [undefined],
  events: { OPEN: [{ type: 'OPEN' }], CLOSE: [{ type: 'CLOSE' }], LOCK: [{ type: 'LOCK', code: '1234' }] },
  actors: { checkCode: { done: [{ ok: true }], error: new Error('jammed') } },
};
