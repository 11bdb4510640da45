import { newsletterSendMachine } from '../../machines/newsletter-send/newsletter-send.machine.ts';
import { fixtures } from '../../machines/newsletter-send/newsletter-send.fixtures.ts';
import type { MachineModel } from './coverage.ts';

export const newsletterSendModel: MachineModel<typeof newsletterSendMachine> = { machine: newsletterSendMachine, ...fixtures };
