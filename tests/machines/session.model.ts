import { sessionMachine } from '../../machines/session/session.machine.ts';
import { fixtures } from '../../machines/session/session.fixtures.ts';
import type { MachineModel } from './coverage.ts';

export { restoredTokens, signedInTokens, refreshedTokens, member, newcomerFlags } from '../../machines/session/session.fixtures.ts';

export const sessionModel: MachineModel<typeof sessionMachine> = { machine: sessionMachine, ...fixtures };
