import { eventSurveyMachine } from '../../machines/event-survey/event-survey.machine.ts';
import { fixtures } from '../../machines/event-survey/event-survey.fixtures.ts';
import type { MachineModel } from './coverage.ts';

export const eventSurveyModel: MachineModel<typeof eventSurveyMachine> = { machine: eventSurveyMachine, ...fixtures };
