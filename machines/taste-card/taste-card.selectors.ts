import type { SnapshotFrom } from 'xstate';
import type { tasteCardMachine } from './taste-card.machine.ts';
import type { AnswerProblem, CallCode, CardProduct, PhotoProblem, TasteCardAnswers, TasteCardOutput, TasteCardStep } from './taste-card.types.ts';
import { STEPS } from './taste-card.types.ts';
import { problemsOf, stepIndex } from './taste-card.rules.ts';
import * as tasteCardSteps from '../taste-card-steps/taste-card-steps.selectors.ts';

export type TasteCardSnapshot = SnapshotFrom<typeof tasteCardMachine>;

/** Reading the draft or the drink, removing the draft, or saving. */
export const isBusy = (s: TasteCardSnapshot): boolean => s.hasTag('busy');
export const isSaving = (s: TasteCardSnapshot): boolean => s.hasTag('saving');

/** Which page the flow is on: the route follows it (taste_card/select_product, taste_card/steps, taste_card/success). */
export type TasteCardPage = 'starting' | 'selectProduct' | 'steps' | 'success' | 'left' | 'unchanged';
export function page(s: TasteCardSnapshot): TasteCardPage {
  if (s.matches('saved')) return 'success';
  if (s.matches('left')) return 'left';
  if (s.matches('restoring') || s.matches('loadingProduct') || s.matches('productFailed')) return 'starting';
  if (s.matches({ editing: 'selectingProduct' })) return 'selectProduct';
  // Asking about leaving happens over the page the member is on.
  if (s.matches('confirmingLeave') || s.matches('discarding')) return 'unchanged';
  return 'steps';
}

/** The step shown (the review while saving or failed). */
export const step = (s: TasteCardSnapshot): TasteCardStep => s.context.step;
/** 1-based position and count, for the progress indicator. */
export const progress = (s: TasteCardSnapshot): { current: number; total: number } => ({
  current: stepIndex(s.context.step) + 1,
  total: STEPS.length,
});

export const product = (s: TasteCardSnapshot): CardProduct | undefined => s.context.product;
export const answers = (s: TasteCardSnapshot): TasteCardAnswers => s.context.answers;

/** Problems of the step shown, once the member tried to go on (before that, nothing is flagged). */
export const shownProblems = (s: TasteCardSnapshot): AnswerProblem[] =>
  s.context.checked.includes(s.context.step) ? problemsOf(s.context.step, s.context.answers) : [];
/** The five steps (machines/taste-card-steps) while the member writes: their snapshot. The answers and the step are followed in this flow's context. */
export function steps(s: TasteCardSnapshot): tasteCardSteps.TasteCardStepsSnapshot | undefined {
  // Children are typed by every actor this flow may run; the one invoked as tasteCardSteps is the steps' flow once provided.
  const child: unknown = s.matches({ editing: 'writing' }) ? s.children.tasteCardSteps?.getSnapshot() : undefined;
  return typeof child === 'object' && child !== null && 'context' in child ? (child as tasteCardSteps.TasteCardStepsSnapshot) : undefined;
}
/** Whether NEXT would go on from the step shown (asks the steps while writing, this flow while choosing the drink). */
export const canGoOn = (s: TasteCardSnapshot): boolean => {
  const child = steps(s);
  return child ? tasteCardSteps.canGoOn(child) : s.can({ type: 'NEXT' }) && problemsOf(s.context.step, s.context.answers).length === 0;
};

export const photoProblem = (s: TasteCardSnapshot): PhotoProblem | undefined => s.context.photoProblem;
/** The drink could not be read (network): show the reason and a retry. */
export const productFailed = (s: TasteCardSnapshot): boolean => s.matches('productFailed');
/** The card was not saved: show why; retry or back to the review. */
export const saveFailed = (s: TasteCardSnapshot): boolean => s.matches('failed');
export const errorCode = (s: TasteCardSnapshot): CallCode | undefined => s.context.errorCode;

/** The leave dialog is open. */
export const confirmingLeave = (s: TasteCardSnapshot): boolean => s.matches('confirmingLeave');
/** A draft from an earlier visit was restored (say so, once). */
export const restored = (s: TasteCardSnapshot): boolean => s.context.restored;
/** What to say of the answers the card opened with: the member's draft from last time, a survey's answers, or nothing. */
export const restoredNotice = (s: TasteCardSnapshot): 'draft' | 'survey' | undefined =>
  s.context.restored ? (s.context.restoredOrigin === 'survey' ? 'survey' : 'draft') : undefined;
/** The drink of a draft kept on this device, offered while choosing (choosing it resumes the draft). */
export const draftOffered = (s: TasteCardSnapshot): CardProduct | undefined => s.context.savedDraft?.product;
/** The draft cannot be kept on this device (answers last for this visit only). */
export const draftKept = (s: TasteCardSnapshot): boolean => s.context.draftStoreOn;

export const isDone = (s: TasteCardSnapshot): boolean => s.status === 'done';
export const outcome = (s: TasteCardSnapshot): TasteCardOutput | undefined => (s.status === 'done' ? (s.output as TasteCardOutput) : undefined);
