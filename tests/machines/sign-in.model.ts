import { signInMachine } from '../../machines/sign-in/sign-in.machine.ts';
import { fixtures } from '../../machines/sign-in/sign-in.fixtures.ts';
import type { MachineModel } from './coverage.ts';

export { loginTokens } from '../../machines/sign-in/sign-in.fixtures.ts';

export const signInModel: MachineModel<typeof signInMachine> = { machine: signInMachine, ...fixtures };
