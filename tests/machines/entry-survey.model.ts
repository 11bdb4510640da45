import { entrySurveyMachine } from '../../machines/entry-survey/entry-survey.machine.ts';
import { fixtures } from '../../machines/entry-survey/entry-survey.fixtures.ts';
import type { MachineModel } from './coverage.ts';

export { preSurvey } from '../../machines/entry-survey/entry-survey.fixtures.ts';

export const entrySurveyModel: MachineModel<typeof entrySurveyMachine> = { machine: entrySurveyMachine, ...fixtures };
