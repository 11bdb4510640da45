import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { fullAnswers, honey, jasmine, roasted } from '../../machines/taste-card-steps/taste-card-steps.fixtures.ts';
import { tasteCardStepsMachine } from '../../machines/taste-card-steps/taste-card-steps.machine.ts';
import { blankAnswers } from '../../machines/taste-card-steps/taste-card-steps.rules.ts';
import * as select from '../../machines/taste-card-steps/taste-card-steps.selectors.ts';
import { replayOnActor } from '../support/replay.ts';
import { coverage, formatCoverage, modelPaths } from './coverage.ts';
import { tasteCardStepsModel } from './taste-card-steps.model.ts';

const paths = modelPaths(tasteCardStepsModel);

describe('tasteCardSteps: model paths', () => {
  it('reach every state and take every transition', () => {
    const c = coverage(tasteCardStepsMachine, paths);
    expect(c.states.missing, formatCoverage(c)).toEqual([]);
    expect(c.transitions.missing, formatCoverage(c)).toEqual([]);
  });

  it(`replay on a running actor (${paths.length} paths)`, async () => {
    for (const p of paths) await replayOnActor(tasteCardStepsModel, p);
  });
});

describe('tasteCardSteps: behaviour', () => {
  it('the answers go step by step; the review hands the card back with them', () => {
    const actor = createActor(tasteCardStepsMachine, { input: { answers: blankAnswers(), step: 'fiveSenses', checked: [] } }).start();
    actor.send({ type: 'SET_LEVEL', sense: 'Umami', level: 9 });
    expect(select.answers(actor.getSnapshot()).fiveSenses.Umami).toBe(3);
    expect(select.canGoOn(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'NEXT' });
    expect(select.step(actor.getSnapshot())).toBe('notes');
    expect(select.shownProblems(actor.getSnapshot())).toEqual([{ field: 'TasteNote', code: 'tooFew', min: 3 }]);
    for (const note of [jasmine, honey, roasted]) actor.send({ type: 'TOGGLE_NOTE', note });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'SET_DETAILS', title: 'Bright' });
    actor.send({ type: 'NEXT' });
    expect(select.step(actor.getSnapshot())).toBe('review');
    expect(select.canGoOn(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'SUBMIT' });
    expect(select.result(actor.getSnapshot())).toMatchObject({ outcome: 'submitted', step: 'review', checked: ['notes'], answers: { title: 'Bright' } });
  });

  it('resumes at the step it is given; back from the first step ends with the answers kept', () => {
    const actor = createActor(tasteCardStepsMachine, { input: { answers: fullAnswers, step: 'recipe', checked: [] } }).start();
    expect(select.step(actor.getSnapshot())).toBe('recipe');
    actor.send({ type: 'BACK' });
    actor.send({ type: 'BACK' });
    actor.send({ type: 'BACK' });
    expect(select.result(actor.getSnapshot())).toMatchObject({ outcome: 'back', step: 'fiveSenses', answers: fullAnswers });
  });
});
