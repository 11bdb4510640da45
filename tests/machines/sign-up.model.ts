import { signUpMachine } from '../../machines/sign-up/sign-up.machine.ts';
import { fixtures } from '../../machines/sign-up/sign-up.fixtures.ts';
import type { MachineModel } from './coverage.ts';

export { verifiedTokens, newMember } from '../../machines/sign-up/sign-up.fixtures.ts';

export const signUpModel: MachineModel<typeof signUpMachine> = { machine: signUpMachine, ...fixtures };
