import type { FlowFixtures } from '../../flows/model.ts';
import type { eventSurveyMachine } from './event-survey.machine.ts';
import { groupProblems, surveyProblems } from './event-survey.rules.ts';
import type { EventSurvey, FiveSenses, SurveyDraft } from './event-survey.types.ts';

const text = (en: string, zh: string) => ({ en, zh });
const none = text('', '');

/** A survey of the six question types in two groups. */
export const tastingSurvey: EventSurvey = {
  SurveyID: 'srv-1',
  EventID: 'evt-1',
  Title: text('How was the tasting?', '品茶感受如何？'),
  Description: text('A few questions about the teas.', '關於茶的幾個問題。'),
  ProductID: 'p-oolong',
  Groups: [
    {
      GroupID: 'g-cup',
      Title: text('The cup', '茶湯'),
      Questions: [
        {
          QuestionID: 'q-favourite',
          Type: 'Radio',
          Title: text('Which tea did you like best?', '你最喜歡哪一款茶？'),
          Hint: none,
          Required: true,
          Options: [
            { OptionID: 'o-tieguanyin', Label: text('Tieguanyin', '鐵觀音') },
            { OptionID: 'o-dancong', Label: text('Dancong', '單叢') },
          ],
        },
        { QuestionID: 'q-senses', Type: 'FiveSenses', Title: text('Rate the five senses', '評五味'), Hint: none, Required: true, Options: [] },
      ],
    },
    {
      GroupID: 'g-notes',
      Title: text('Notes and thoughts', '風味與想法'),
      Questions: [
        {
          QuestionID: 'q-notes',
          Type: 'TasteNote',
          Title: text('Which notes did you taste?', '你嚐到甚麼風味？'),
          Hint: none,
          Required: true,
          Options: [],
          MinChoices: 2,
          MaxChoices: 4,
        },
        { QuestionID: 'q-aromas', Type: 'Aroma', Title: text('Aromas', '香氣'), Hint: none, Required: false, Options: [], MaxChoices: 3 },
        {
          QuestionID: 'q-learned',
          Type: 'Checkbox',
          Title: text('What did you learn?', '你學到甚麼？'),
          Hint: none,
          Required: false,
          Options: [
            { OptionID: 'o-roast', Label: text('Roasting', '焙火') },
            { OptionID: 'o-water', Label: text('Water temperature', '水溫') },
            { OptionID: 'o-ware', Label: text('Tea ware', '茶具') },
          ],
          MinChoices: 2,
        },
        { QuestionID: 'q-words', Type: 'Text', Title: text('Anything else?', '還有甚麼？'), Hint: none, Required: false, Options: [], MaxLength: 20 },
      ],
    },
  ],
};

export const fullSenses: FiveSenses = { Sweetness: 4, Sourness: 1, Bitterness: 2, Saltiness: 1, Umami: 3 };

/** Answers of the first group, kept on the device at the second group. */
export const draftAtNotes: SurveyDraft = {
  version: 1,
  SurveyID: 'srv-1',
  VarianceID: 'evs-1',
  answers: { 'q-favourite': { OptionIDs: ['o-dancong'] }, 'q-senses': { FiveSenses: fullSenses } },
  group: 1,
  completed: false,
};

/** What `npm run paths`, the tests and the flow atlas drive the eventSurveyMachine with. */
export const fixtures: FlowFixtures<typeof eventSurveyMachine> = {
  inputs: [{ eventID: 'evt-1', varianceID: 'evs-1' }],
  events: {
    ANSWER: [
      { type: 'ANSWER', questionID: 'q-favourite', answer: { OptionIDs: ['o-tieguanyin'] } },
      { type: 'ANSWER', questionID: 'q-senses', answer: { FiveSenses: fullSenses } },
      { type: 'ANSWER', questionID: 'q-senses', answer: { FiveSenses: { Sweetness: 4 } } },
      { type: 'ANSWER', questionID: 'q-notes', answer: { OptionIDs: ['tn-honey'], CustomTasteNote: ['orchid'] } },
      { type: 'ANSWER', questionID: 'q-words', answer: { Text: 'x'.repeat(21) } },
    ],
    NEXT: [{ type: 'NEXT' }],
    BACK: [{ type: 'BACK' }],
    EDIT: [{ type: 'EDIT', group: 0 }],
    SUBMIT: [{ type: 'SUBMIT' }],
    RETRY: [{ type: 'RETRY' }],
  },
  actors: {
    getEventSurveyList: {
      done: [{ ok: true, data: { SurveyList: [tastingSurvey] } }, { ok: true, data: { SurveyList: [] } }, { ok: false, code: 'ObjectNotFound' }],
      error: new Error('network down'),
    },
    loadSurveyAnswers: {
      done: [{}, { draft: draftAtNotes }, { draft: { ...draftAtNotes, VarianceID: 'evs-other' } }],
      error: new Error('storage unreadable'),
    },
    getSurveyResult: {
      done: [
        { ok: true, data: { Survey: { SurveyID: 'srv-1', VarianceID: 'evs-1', Question: [] } } },
        {
          ok: true,
          data: {
            Survey: {
              SurveyID: 'srv-1',
              VarianceID: 'evs-1',
              SubmitTime: '2026-03-01T12:00:00.000Z',
              Question: [
                { QuestionID: 'q-favourite', OptionIDs: ['o-dancong'] },
                { QuestionID: 'q-senses', FiveSenses: fullSenses },
                { QuestionID: 'q-notes', OptionIDs: ['tn-honey', 'tn-orchid'], CustomTasteNote: [] },
              ],
            },
          },
        },
        { ok: false, code: 'SurveyNotOpen' },
        { ok: false, code: 'ObjectNotFound' },
      ],
      error: new Error('network down'),
    },
    submitSurvey: {
      done: [
        { ok: true, data: { Survey: { SurveyID: 'srv-1', VarianceID: 'evs-1', SubmitTime: '2026-03-01T12:00:00.000Z' } } },
        { ok: false, code: 'SurveyCannotResubmit' },
        { ok: false, code: 'SurveyNotComplete', data: { field: 'q-senses' } },
        { ok: false, code: 'SurveyNotOpen' },
        { ok: false, code: 'InvalidParameter', data: { field: 'Question.q-notes' } },
      ],
      error: new Error('network down'),
    },
    storeSurveyAnswers: { done: [undefined], error: new Error('no Web Crypto') },
  },
  // What decides where the flow goes: the group shown, whether it (and the whole survey) passes, what is flagged, completion.
  abstraction: ({ context }) => ({
    group: context.group,
    groupOK: groupProblems(context.survey?.Groups[context.group], context.answers).length === 0,
    allOK: surveyProblems(context.survey, context.answers).length === 0,
    checked: context.checked.includes(context.group),
    missing: context.missingQuestionID !== undefined,
    error: context.errorCode !== undefined,
  }),
};
