import type { SnapshotFrom } from 'xstate';
import type { tasteCardStepsMachine } from './taste-card-steps.machine.ts';
import type { AnswerProblem, TasteCardAnswers, TasteCardStep, TasteCardStepsOutput } from './taste-card-steps.types.ts';
import { problemsOf } from './taste-card-steps.rules.ts';

export type TasteCardStepsSnapshot = SnapshotFrom<typeof tasteCardStepsMachine>;

/** The step shown. */
export const step = (s: TasteCardStepsSnapshot): TasteCardStep => s.context.step;
export const answers = (s: TasteCardStepsSnapshot): TasteCardAnswers => s.context.answers;

/** Problems of the step shown, once the member tried to go on (before that, nothing is flagged). */
export const shownProblems = (s: TasteCardStepsSnapshot): AnswerProblem[] =>
  s.context.checked.includes(s.context.step) ? problemsOf(s.context.step, s.context.answers) : [];

/** Whether NEXT would go on from the step shown (the review has no NEXT: it saves). */
export const canGoOn = (s: TasteCardStepsSnapshot): boolean => s.can({ type: 'NEXT' }) && problemsOf(s.context.step, s.context.answers).length === 0;

/** How the steps ended, once they did. */
export const result = (s: TasteCardStepsSnapshot): TasteCardStepsOutput | undefined => (s.status === 'done' ? s.output : undefined);
