import type { entrySurveyMachine } from './entry-survey.machine.ts';
import type { PreSurvey } from './entry-survey.types.ts';
import type { FlowFixtures } from '../../flows/model.ts';

export const preSurvey: PreSurvey = {
  SurveyID: 'entry-1',
  Title: { en: 'Tell us about your taste', zh: '告訴我們你的口味' },
  Questions: [
    {
      QuestionID: 'q-drinks',
      Type: 'Checkbox',
      Title: { en: 'What do you drink?', zh: '你喝甚麼？' },
      Required: true,
      Options: [
        { OptionID: 'tea', Label: { en: 'Tea', zh: '茶' } },
        { OptionID: 'coffee', Label: { en: 'Coffee', zh: '咖啡' } },
      ],
    },
    {
      QuestionID: 'q-note',
      Type: 'Text',
      Title: { en: 'Anything else?', zh: '還有甚麼？' },
      Required: false,
      Options: [],
    },
  ],
};

/** What `npm run paths`, the tests and the flow atlas drive the entrySurveyMachine with. */
export const fixtures: FlowFixtures<typeof entrySurveyMachine> = {
  inputs: [{ returnTo: '/shopping_bag' }],
  events: {
    ANSWER: [
      { type: 'ANSWER', questionID: 'q-drinks', optionIDs: ['tea'] },
      { type: 'ANSWER', questionID: 'q-drinks', optionIDs: [] },
      { type: 'ANSWER', questionID: 'q-note', text: 'Oolong, mostly' },
    ],
    SUBMIT: [{ type: 'SUBMIT' }],
    RETRY: [{ type: 'RETRY' }],
  },
  actors: {
    getPreSurvey: {
      done: [{ ok: true, data: { Survey: preSurvey } }, { ok: false, code: 'ObjectNotFound' }],
      error: new Error('network down'),
    },
    submitPreSurvey: {
      done: [
        { ok: true, data: { SubmitTime: '2025-05-01T10:00:00Z' } },
        { ok: false, code: 'SurveyCannotResubmit' },
        { ok: false, code: 'SurveyNotComplete' },
      ],
      error: new Error('network down'),
    },
  },
  abstraction: ({ context }) => ({
    survey: context.survey !== undefined,
    answered: Object.keys(context.answers)
      .filter((id) => (context.answers[id]?.OptionIDs?.length ?? 0) > 0 || context.answers[id]?.Text)
      .sort(),
    error: context.errorCode !== undefined,
  }),
};
