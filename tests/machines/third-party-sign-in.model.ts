import { thirdPartySignInMachine } from '../../machines/third-party-sign-in/third-party-sign-in.machine.ts';
import { fixtures } from '../../machines/third-party-sign-in/third-party-sign-in.fixtures.ts';
import type { MachineModel } from './coverage.ts';

export { linkedTokens } from '../../machines/third-party-sign-in/third-party-sign-in.fixtures.ts';

export const thirdPartySignInModel: MachineModel<typeof thirdPartySignInMachine> = { machine: thirdPartySignInMachine, ...fixtures };
