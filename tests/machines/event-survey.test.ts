import * as v from 'valibot';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { CallBodyInput, CallResponse } from '../../contract/define.ts';
import { ErrorCode } from '../../contract/errors.ts';
import * as contract from '../../contract/event-surveys.ts';
import * as tasteCards from '../../contract/taste-cards.ts';
import { draftAtNotes, fullSenses, tastingSurvey } from '../../machines/event-survey/event-survey.fixtures.ts';
import { eventSurveyMachine } from '../../machines/event-survey/event-survey.machine.ts';
import { answerProblem, submitAnswers } from '../../machines/event-survey/event-survey.rules.ts';
import * as select from '../../machines/event-survey/event-survey.selectors.ts';
import * as T from '../../machines/event-survey/event-survey.types.ts';
import type {
  CallResult,
  GetEventSurveyListOutput,
  GetSurveyResultOutput,
  LoadSurveyAnswersOutput,
  LocalAnswer,
  SubmitSurveyInput,
  SubmitSurveyOutput,
  SurveyDraft,
  SurveyFailData,
  SurveyQuestion,
  SurveyStoreMessage,
} from '../../machines/event-survey/event-survey.types.ts';
import { replayOnActor } from '../support/replay.ts';
import { coverage, formatCoverage, modelPaths } from './coverage.ts';
import { eventSurveyModel } from './event-survey.model.ts';

const paths = modelPaths(eventSurveyModel);

describe('eventSurvey: model paths', () => {
  it('reach every state and take every transition', () => {
    const c = coverage(eventSurveyMachine, paths);
    expect(c.states.missing, formatCoverage(c)).toEqual([]);
    expect(c.transitions.missing, formatCoverage(c)).toEqual([]);
  });

  it(`replay on a running actor (${paths.length} paths), sending only what the contract takes`, async () => {
    let submits = 0;
    for (const p of paths) {
      const { calls } = await replayOnActor(eventSurveyModel, p);
      for (const call of calls) {
        if (call.src === 'submitSurvey') {
          submits++;
          const body = v.safeParse(contract.submitSurvey.body, call.input);
          expect(body.issues, p.description).toBeUndefined();
          const sent = call.input as SubmitSurveyInput;
          expect(sent.VarianceID).toBe('evs-1');
          // Spec §5: taste notes go as IDs only; the words of one's own go apart.
          const notes = sent.Question.find((q) => q.QuestionID === 'q-notes');
          expect(notes?.OptionIDs?.every((id) => id.startsWith('tn-')), p.description).toBe(true);
        }
        if (call.src === 'getEventSurveyList') expect(call.input).toEqual({ EventID: 'evt-1' });
        if (call.src === 'getSurveyResult' || call.src === 'loadSurveyAnswers') expect(call.input).toEqual({ SurveyID: 'srv-1', VarianceID: 'evs-1' });
      }
    }
    expect(submits).toBeGreaterThan(0);
  }, 120_000);
});

describe('eventSurvey: the rules are the contract’s', () => {
  it('shapes and bounds', () => {
    expectTypeOf<T.EventSurvey>().toEqualTypeOf<contract.EventSurvey>();
    expectTypeOf<T.SurveyAnswer>().toEqualTypeOf<contract.SurveyAnswer>();
    expectTypeOf<T.SubmitSurveyInput>().toExtend<CallBodyInput<typeof contract.submitSurvey>>();
    expectTypeOf<CallResponse<typeof contract.submitSurvey>>().toExtend<T.SubmitSurveyOutput>();
    expectTypeOf<CallResponse<typeof contract.getSurveyResult>>().toExtend<T.GetSurveyResultOutput>();
    expectTypeOf<CallResponse<typeof contract.getEventSurveyList>>().toExtend<T.GetEventSurveyListOutput>();
    expect([...T.SURVEY_TYPES]).toEqual([...contract.SURVEY_TYPES]);
    expect([...T.FIVE_SENSES]).toEqual([...tasteCards.FIVE_SENSES]);
    expect([T.TASTE_LEVEL_MIN, T.TASTE_LEVEL_MAX, T.MAX_CUSTOM_WORDS, T.SURVEY_TEXT_MAX]).toEqual([
      tasteCards.TASTE_LEVEL_MIN,
      tasteCards.TASTE_LEVEL_MAX,
      tasteCards.MAX_CUSTOM_WORDS,
      contract.SURVEY_TEXT_MAX,
    ]);
    expect([T.MAX_TASTE_NOTES, T.MAX_AROMAS]).toEqual([tasteCards.MAX_TASTE_NOTES, tasteCards.MAX_AROMAS]);
    expect(T.MAX_OPTION_IDS).toBe(Math.max(tasteCards.MAX_TASTE_NOTES, tasteCards.MAX_AROMAS, 30));
    expect([T.NETWORK_ERROR, T.SURVEY_NOT_COMPLETE, T.SURVEY_CANNOT_RESUBMIT, T.SURVEY_NOT_OPEN].slice(1)).toEqual([
      ErrorCode.SurveyNotComplete,
      ErrorCode.SurveyCannotResubmit,
      ErrorCode.SurveyNotOpen,
    ]);
  });

  const q = (id: string) => tastingSurvey.Groups.flatMap((g) => g.Questions).find((x) => x.QuestionID === id)!;
  const free: SurveyQuestion = { QuestionID: 'q-free', Type: 'Text', Title: { en: '', zh: '' }, Hint: { en: '', zh: '' }, Required: false, Options: [] };
  const many: SurveyQuestion = { ...q('q-notes'), QuestionID: 'q-many', MinChoices: undefined, MaxChoices: undefined };
  // Each answer the rules let through is one the contract's schema takes; each the schema refuses, the rules refuse first.
  const cases: Array<[string, SurveyQuestion, LocalAnswer, boolean]> = [
    ['radio, one option', q('q-favourite'), { OptionIDs: ['o-dancong'] }, true],
    ['radio, two options', q('q-favourite'), { OptionIDs: ['o-dancong', 'o-tieguanyin'] }, false],
    ['radio, an option it does not have', q('q-favourite'), { OptionIDs: ['o-other'] }, false],
    ['radio, required, nothing', q('q-favourite'), {}, false],
    ['five senses, all set', q('q-senses'), { FiveSenses: fullSenses }, true],
    ['five senses, one missing', q('q-senses'), { FiveSenses: { ...fullSenses, Umami: undefined } }, false],
    ['five senses, a level of 6', q('q-senses'), { FiveSenses: { ...fullSenses, Umami: 6 } }, false],
    ['five senses, a level of 2.5', q('q-senses'), { FiveSenses: { ...fullSenses, Umami: 2.5 } }, false],
    ['notes, two IDs', q('q-notes'), { OptionIDs: ['tn-a', 'tn-b'] }, true],
    ['notes, one ID and a word', q('q-notes'), { OptionIDs: ['tn-a'], CustomTasteNote: ['orchid'] }, true],
    ['notes, one ID', q('q-notes'), { OptionIDs: ['tn-a'] }, false],
    ['notes, five IDs (at most 4)', q('q-notes'), { OptionIDs: ['tn-a', 'tn-b', 'tn-c', 'tn-d', 'tn-e'] }, false],
    ['notes, the same ID twice', q('q-notes'), { OptionIDs: ['tn-a', 'tn-a'] }, false],
    ['notes, six words of one’s own', many, { OptionIDs: ['tn-a'], CustomTasteNote: ['a', 'b', 'c', 'd', 'e', 'f'] }, false],
    ['notes, a 31-character word', many, { OptionIDs: ['tn-a'], CustomTasteNote: ['x'.repeat(31)] }, false],
    ['notes, 31 IDs', { ...many, MaxChoices: 40 }, { OptionIDs: Array.from({ length: 31 }, (_, i) => `tn-${i}`) }, false],
    ['notes, 30 IDs', { ...many, MaxChoices: 40 }, { OptionIDs: Array.from({ length: 30 }, (_, i) => `tn-${i}`) }, true],
    ['notes, 13 IDs and no MaxChoices (at most 12)', many, { OptionIDs: Array.from({ length: 13 }, (_, i) => `tn-${i}`) }, false],
    ['text, 20 emoji in a 20-character question', q('q-words'), { Text: '🍵'.repeat(20) }, true],
    ['aromas, optional, none', q('q-aromas'), {}, true],
    ['aromas, four (at most 3)', q('q-aromas'), { OptionIDs: ['ar-a', 'ar-b', 'ar-c', 'ar-d'] }, false],
    ['checkbox, optional, one (at least 2 once answered)', q('q-learned'), { OptionIDs: ['o-roast'] }, false],
    ['checkbox, two', q('q-learned'), { OptionIDs: ['o-roast', 'o-ware'] }, true],
    ['checkbox, an option it does not have', q('q-learned'), { OptionIDs: ['o-roast', 'o-x'] }, false],
    ['text, 20 characters', q('q-words'), { Text: 'x'.repeat(20) }, true],
    ['text, 21 characters', q('q-words'), { Text: 'x'.repeat(21) }, false],
    ['text, blank and optional', q('q-words'), { Text: '   ' }, true],
    ['text without a MaxLength, 1000 characters', free, { Text: 'x'.repeat(1000) }, true],
    ['text without a MaxLength, 1001 characters', free, { Text: 'x'.repeat(1001) }, false],
  ];
  it.each(cases)('%s', (_, question, answer, accepted) => {
    expect(answerProblem(question, answer) === undefined).toBe(accepted);
    const survey = { ...tastingSurvey, Groups: [{ GroupID: 'g', Title: { en: '', zh: '' }, Questions: [question] }] };
    const body = { SurveyID: 'srv-1', VarianceID: 'evs-1', Question: submitAnswers(survey, { [question.QuestionID]: answer }) };
    if (accepted) expect(v.safeParse(contract.submitSurvey.body, body).issues).toBeUndefined();
  });
  it('what the schema refuses outright, the rules refuse too', () => {
    const schemaRefuses: Array<[SurveyQuestion, LocalAnswer]> = [
      [many, { OptionIDs: ['tn-a'], CustomTasteNote: ['a', 'b', 'c', 'd', 'e', 'f'] }],
      [{ ...many, MaxChoices: 40 }, { OptionIDs: Array.from({ length: 31 }, (_, i) => `tn-${i}`) }],
      [free, { Text: 'x'.repeat(1001) }],
    ];
    for (const [question, answer] of schemaRefuses) {
      const sent = { SurveyID: 's', VarianceID: 'v', Question: [{ QuestionID: question.QuestionID, ...answer }] };
      expect(v.safeParse(contract.submitSurvey.body, sent).success).toBe(false);
      expect(answerProblem(question, answer)).toBeDefined();
    }
  });
});

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

function startSurvey(options: {
  draft?: SurveyDraft;
  result?: () => CallResult<GetSurveyResultOutput>;
  submit?: () => Promise<CallResult<SubmitSurveyOutput, SurveyFailData>>;
}) {
  const saved: SurveyDraft[] = [];
  const sent: SubmitSurveyInput[] = [];
  const actor = createActor(
    eventSurveyMachine.provide({
      actors: {
        getEventSurveyList: fromPromise(async (): Promise<CallResult<GetEventSurveyListOutput>> => ({ ok: true, data: { SurveyList: [tastingSurvey] } })),
        loadSurveyAnswers: fromPromise(async (): Promise<LoadSurveyAnswersOutput> => (options.draft ? { draft: options.draft } : {})),
        getSurveyResult: fromPromise(async () => options.result?.() ?? { ok: true as const, data: { Survey: { SurveyID: 'srv-1', VarianceID: 'evs-1', Question: [] } } }),
        submitSurvey: fromPromise(async ({ input }) => {
          sent.push(input);
          return options.submit ? options.submit() : { ok: true as const, data: { Survey: { SurveyID: 'srv-1', VarianceID: 'evs-1', SubmitTime: '2026-03-01T12:00:00.000Z' } } };
        }),
        storeSurveyAnswers: fromCallback<SurveyStoreMessage>(({ receive }) => receive((m) => void saved.push(m.draft))),
      },
    }),
    { input: { eventID: 'evt-1', varianceID: 'evs-1' } },
  ).start();
  return { actor, saved, sent };
}

const answerAll = (actor: ReturnType<typeof startSurvey>['actor']) => {
  actor.send({ type: 'ANSWER', questionID: 'q-favourite', answer: { OptionIDs: ['o-dancong'] } });
  actor.send({ type: 'ANSWER', questionID: 'q-senses', answer: { FiveSenses: fullSenses } });
  actor.send({ type: 'NEXT' });
  actor.send({ type: 'ANSWER', questionID: 'q-notes', answer: { OptionIDs: ['tn-honey', 'tn-orchid'], CustomTasteNote: ['toasted rice'] } });
  actor.send({ type: 'NEXT' });
};

describe('eventSurvey: behaviour', () => {
  it('one group at a time: NEXT waits for the group’s required answers, then review, submit, complete; every change is kept', async () => {
    const { actor, saved, sent } = startSurvey({});
    await tick();
    const s = () => actor.getSnapshot();
    expect(select.page(s())).toBe('answering');
    expect(select.progress(s())).toEqual({ current: 1, total: 2 });
    expect(select.isComplete(s())).toBe(false);
    actor.send({ type: 'NEXT' });
    expect(select.progress(s()).current).toBe(1);
    expect(select.shownProblems(s()).map((p) => [p.questionID, p.code])).toEqual([
      ['q-favourite', 'required'],
      ['q-senses', 'required'],
    ]);
    actor.send({ type: 'ANSWER', questionID: 'q-senses', answer: { FiveSenses: { Sweetness: 4 } } });
    expect(select.shownProblems(s()).find((p) => p.questionID === 'q-senses')?.code).toBe('allSenses');
    answerAll(actor);
    expect(select.page(s())).toBe('reviewing');
    actor.send({ type: 'EDIT', group: 0 });
    expect(select.page(s())).toBe('answering');
    expect(select.progress(s()).current).toBe(1);
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'SUBMIT' });
    await tick();
    expect(select.page(s())).toBe('submitted');
    expect(select.isComplete(s())).toBe(true);
    expect(select.submitTime(s())).toBe('2026-03-01T12:00:00.000Z');
    expect(sent).toEqual([
      {
        SurveyID: 'srv-1',
        VarianceID: 'evs-1',
        Question: [
          { QuestionID: 'q-favourite', OptionIDs: ['o-dancong'] },
          { QuestionID: 'q-senses', FiveSenses: fullSenses },
          { QuestionID: 'q-notes', OptionIDs: ['tn-honey', 'tn-orchid'], CustomTasteNote: ['toasted rice'] },
        ],
      },
    ]);
    expect(saved.at(-1)).toMatchObject({ SurveyID: 'srv-1', VarianceID: 'evs-1', completed: true, submitTime: '2026-03-01T12:00:00.000Z' });
    expect(saved.some((d) => !d.completed && d.answers['q-senses']?.FiveSenses?.Sweetness === 4)).toBe(true);
  });

  it('a reload resumes from the answers kept on the device, at their group', async () => {
    const { actor } = startSurvey({ draft: draftAtNotes });
    await tick();
    expect(select.page(actor.getSnapshot())).toBe('answering');
    expect(select.restored(actor.getSnapshot())).toBe(true);
    expect(select.progress(actor.getSnapshot())).toEqual({ current: 2, total: 2 });
    expect(select.answerOf(actor.getSnapshot(), 'q-favourite')).toEqual({ OptionIDs: ['o-dancong'] });
    actor.send({ type: 'BACK' });
    expect(select.progress(actor.getSnapshot()).current).toBe(1);
  });

  it('a submit time on the server makes it complete at once, showing what was sent', async () => {
    const { actor } = startSurvey({
      draft: draftAtNotes,
      result: () => ({ ok: true, data: { Survey: { SurveyID: 'srv-1', VarianceID: 'evs-1', SubmitTime: '2026-03-02T00:00:00.000Z', Question: [{ QuestionID: 'q-favourite', OptionIDs: ['o-tieguanyin'] }] } } }),
    });
    await tick();
    expect(select.page(actor.getSnapshot())).toBe('submitted');
    expect(select.isComplete(actor.getSnapshot())).toBe(true);
    expect(select.answerOf(actor.getSnapshot(), 'q-favourite')).toEqual({ OptionIDs: ['o-tieguanyin'] });
  });

  it('SurveyNotComplete goes back to the named question’s group with it flagged', async () => {
    const { actor } = startSurvey({ submit: async () => ({ ok: false, code: 'SurveyNotComplete', data: { field: 'q-senses' } }) });
    await tick();
    answerAll(actor);
    actor.send({ type: 'SUBMIT' });
    await tick();
    const s = actor.getSnapshot();
    expect(select.page(s)).toBe('answering');
    expect(select.progress(s).current).toBe(1);
    expect(select.errorCode(s)).toBe('SurveyNotComplete');
    expect(select.shownProblems(s)).toEqual([{ questionID: 'q-senses', code: 'required' }]);
    actor.send({ type: 'ANSWER', questionID: 'q-senses', answer: { FiveSenses: { ...fullSenses, Umami: 5 } } });
    expect(select.shownProblems(actor.getSnapshot())).toEqual([]);
    expect(select.errorCode(actor.getSnapshot())).toBeUndefined();
  });

  it('SurveyCannotResubmit: submitted already, its answers read from the server', async () => {
    let reads = 0;
    const { actor } = startSurvey({
      result: () =>
        reads++ === 0
          ? { ok: true, data: { Survey: { SurveyID: 'srv-1', VarianceID: 'evs-1', Question: [] } } }
          : { ok: true, data: { Survey: { SurveyID: 'srv-1', VarianceID: 'evs-1', SubmitTime: '2026-03-02T00:00:00.000Z', Question: [] } } },
      submit: async () => ({ ok: false, code: 'SurveyCannotResubmit' }),
    });
    await tick();
    answerAll(actor);
    actor.send({ type: 'SUBMIT' });
    await tick();
    await tick();
    expect(select.page(actor.getSnapshot())).toBe('submitted');
    expect(select.submitTime(actor.getSnapshot())).toBe('2026-03-02T00:00:00.000Z');
  });

  it('SurveyNotOpen: says it opens when the session starts; asking again keeps the answers', async () => {
    const { actor } = startSurvey({ submit: async () => ({ ok: false, code: 'SurveyNotOpen' }) });
    await tick();
    answerAll(actor);
    actor.send({ type: 'SUBMIT' });
    await tick();
    expect(select.page(actor.getSnapshot())).toBe('notOpen');
    actor.send({ type: 'RETRY' });
    await tick();
    expect(select.page(actor.getSnapshot())).toBe('answering');
    expect(select.answerOf(actor.getSnapshot(), 'q-notes')?.OptionIDs).toEqual(['tn-honey', 'tn-orchid']);
  });

  it('offline at submit: the answers stay; RETRY sends them again', async () => {
    let online = false;
    const { actor, sent } = startSurvey({
      submit: async () => {
        if (!online) throw new Error('offline');
        return { ok: true, data: { Survey: { SurveyID: 'srv-1', VarianceID: 'evs-1', SubmitTime: 'now' } } };
      },
    });
    await tick();
    answerAll(actor);
    actor.send({ type: 'SUBMIT' });
    await tick();
    expect(select.page(actor.getSnapshot())).toBe('failed');
    expect(select.errorCode(actor.getSnapshot())).toBe('NetworkError');
    online = true;
    actor.send({ type: 'RETRY' });
    await tick();
    expect(select.page(actor.getSnapshot())).toBe('submitted');
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
  });
});
