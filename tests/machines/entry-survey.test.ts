import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { entrySurveyMachine } from '../../machines/entry-survey/entry-survey.machine.ts';
import * as select from '../../machines/entry-survey/entry-survey.selectors.ts';
import type { CallResult, GetPreSurveyOutput, SubmitPreSurveyOutput } from '../../machines/entry-survey/entry-survey.types.ts';
import { coverage, modelPaths } from './coverage.ts';
import { entrySurveyModel, preSurvey } from './entry-survey.model.ts';
import { replayOnActor } from '../support/replay.ts';

const paths = modelPaths(entrySurveyModel);

describe('entrySurvey: model paths', () => {
  it('reach every state and take every transition', () => {
    const c = coverage(entrySurveyMachine, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, p) => {
    const { calls } = await replayOnActor(entrySurveyModel, p);
    for (const call of calls.filter((c) => c.src === 'submitPreSurvey')) {
      const { Survey } = call.input as { Survey: { SurveyID: string; Answers: Array<{ QuestionID: string }> } };
      expect(Survey.SurveyID).toBe('entry-1');
      expect(Survey.Answers.map((a) => a.QuestionID)).toContain('q-drinks');
    }
  });
});

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

function startSurvey(submit: () => Promise<CallResult<SubmitPreSurveyOutput>>) {
  const sent: unknown[] = [];
  const actor = createActor(
    entrySurveyMachine.provide({
      actors: {
        getPreSurvey: fromPromise(async (): Promise<CallResult<GetPreSurveyOutput>> => ({ ok: true, data: { Survey: preSurvey } })),
        submitPreSurvey: fromPromise(async ({ input }) => {
          sent.push(input);
          return submit();
        }),
      },
    }),
    { input: { returnTo: '/new_tastecard' } },
  ).start();
  return { actor, sent };
}

describe('entrySurvey: behaviour', () => {
  it('refuses to submit until every required question is answered, then sends the answers in question order', async () => {
    const { actor, sent } = startSurvey(async () => ({ ok: true, data: { SubmitTime: '2025-05-01T10:00:00Z' } }));
    await tick();
    expect(select.isAnswering(actor.getSnapshot())).toBe(true);
    expect(select.canSubmit(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'ANSWER', questionID: 'q-note', text: 'Oolong, mostly' });
    actor.send({ type: 'SUBMIT' });
    expect(select.isAnswering(actor.getSnapshot())).toBe(true);
    expect(select.errorCode(actor.getSnapshot())).toBe('SurveyNotComplete');
    actor.send({ type: 'ANSWER', questionID: 'q-drinks', optionIDs: ['tea', 'coffee'] });
    expect(select.errorCode(actor.getSnapshot())).toBeUndefined();
    expect(select.canSubmit(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'SUBMIT' });
    await tick();
    expect(sent).toEqual([
      {
        Survey: {
          SurveyID: 'entry-1',
          Answers: [
            { QuestionID: 'q-drinks', OptionIDs: ['tea', 'coffee'], Text: undefined },
            { QuestionID: 'q-note', OptionIDs: undefined, Text: 'Oolong, mostly' },
          ],
        },
      },
    ]);
    expect(select.isDone(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().output).toEqual({ returnTo: '/new_tastecard' });
  });

  it('SurveyCannotResubmit counts as done', async () => {
    const { actor } = startSurvey(async () => ({ ok: false, code: 'SurveyCannotResubmit' }));
    await tick();
    actor.send({ type: 'ANSWER', questionID: 'q-drinks', optionIDs: ['coffee'] });
    actor.send({ type: 'SUBMIT' });
    await tick();
    expect(select.isDone(actor.getSnapshot())).toBe(true);
    expect(select.returnTo(actor.getSnapshot())).toBe('/new_tastecard');
  });

  it('a send that cannot reach the server keeps the answers; RETRY returns to them', async () => {
    let fail = true;
    const { actor, sent } = startSurvey(async () => {
      if (fail) throw new Error('network down');
      return { ok: true, data: { SubmitTime: 'now' } };
    });
    await tick();
    actor.send({ type: 'ANSWER', questionID: 'q-drinks', optionIDs: ['tea'] });
    actor.send({ type: 'SUBMIT' });
    await tick();
    expect(select.hasFailed(actor.getSnapshot())).toBe(true);
    expect(select.errorCode(actor.getSnapshot())).toBe('NetworkError');
    fail = false;
    actor.send({ type: 'RETRY' });
    expect(select.answerOf(actor.getSnapshot(), 'q-drinks')?.OptionIDs).toEqual(['tea']);
    actor.send({ type: 'SUBMIT' });
    await tick();
    expect(select.isDone(actor.getSnapshot())).toBe(true);
    expect(sent).toHaveLength(2);
  });
});
