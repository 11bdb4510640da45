import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { entryGateMachine } from '../../machines/entry-gate/entry-gate.machine.ts';
import * as select from '../../machines/entry-gate/entry-gate.selectors.ts';
import type { EntryGateInput } from '../../machines/entry-gate/entry-gate.types.ts';
import { coverage, modelPaths } from './coverage.ts';
import { entryGateModel } from './entry-gate.model.ts';
import { replayOnActor } from '../support/replay.ts';

const paths = modelPaths(entryGateModel);

describe('entryGate: model paths', () => {
  it('reach every state and take every transition', () => {
    const c = coverage(entryGateMachine, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, p) => {
    await replayOnActor(entryGateModel, p);
  });
});

const decide = (input: EntryGateInput) => createActor(entryGateMachine, { input }).start().getSnapshot();

describe('entryGate: behaviour', () => {
  it.each([
    [{ loggedIn: false, preSurveyDone: false, target: '/shopping_bag' }, 'loginRequired', '/home?login=true'],
    [{ loggedIn: false, preSurveyDone: true, target: '/shopping_bag' }, 'loginRequired', '/home?login=true'],
    [{ loggedIn: true, preSurveyDone: false, target: '/shopping_bag' }, 'surveyDue', '/entry_survey'],
    [{ loggedIn: true, preSurveyDone: true, target: '/shopping_bag' }, 'allowed', undefined],
    [{ loggedIn: false, preSurveyDone: false, target: '/search_boxset', requiresLogin: false }, 'allowed', undefined],
    [{ loggedIn: true, preSurveyDone: false, target: '/search_boxset', requiresLogin: false }, 'surveyDue', '/entry_survey'],
  ] as const)('%j → %s', (input, decision, redirect) => {
    const s = decide(input);
    expect(s.status).toBe('done');
    expect(select.decision(s)).toBe(decision);
    expect(select.redirect(s)).toBe(redirect);
    expect(s.output).toEqual({ redirect, returnTo: input.target });
    expect(select.returnTo(s)).toBe(input.target);
  });
});
