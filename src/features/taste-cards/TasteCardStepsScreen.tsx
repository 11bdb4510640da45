import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState } from 'react';
import * as select from '../../../machines/taste-card/taste-card.selectors.ts';
import type { TasteCardStep } from '../../../machines/taste-card/taste-card.types.ts';
import { STEPS } from '../../../machines/taste-card/taste-card.types.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { StepProgress } from '../../ui/StepProgress.tsx';
import { preloadable } from '../../app/preloadable.tsx';
import { useTasteCardFlow } from './flow-context.ts';
import { FlowStarting } from './FlowStarting.tsx';
import { STEP_NAMES } from './taste-card-words.ts';

// Every step is a chunk of its own (the five senses' one with Radix Slider), fetched as soon as this screen's
// chunk runs (below), at the latest while the flow is still reading the draft and the drink, so that the steps
// page's first load stays within its budget (issue 14, Fast). The flow shows "getting ready" until the step it
// opens on is in.
const FiveSensesStep = preloadable(() => import('./FiveSensesStep.tsx').then((m) => m.FiveSensesStep));
const NotesStep = preloadable(() => import('./NotesStep.tsx').then((m) => m.NotesStep));
const RecipeStep = preloadable(() => import('./RecipeStep.tsx').then((m) => m.RecipeStep));
const DetailsStep = preloadable(() => import('./DetailsStep.tsx').then((m) => m.DetailsStep));
const ReviewStep = preloadable(() => import('./ReviewStep.tsx').then((m) => m.ReviewStep));

const STEP_SCREENS = {
  fiveSenses: FiveSensesStep,
  notes: NotesStep,
  recipe: RecipeStep,
  details: DetailsStep,
  review: ReviewStep,
} satisfies Record<TasteCardStep, unknown>;

/** The steps whose chunks have come in (or failed: the step then tries again as it renders). */
const settledSteps = new Set<TasteCardStep>();

function prefetchSteps() {
  for (const step of STEPS) {
    STEP_SCREENS[step].preload().then(
      () => settledSteps.add(step),
      () => settledSteps.add(step),
    );
  }
}

// The steps are fetched as soon as this chunk runs, also when the router preloads the page from a link that
// shows it (the product page's "Write a taste card"): the first step is then in by the tap (issue 30).
prefetchSteps();

/** Whether the chunk of `step` has come in; re-renders once it has. */
function useStepIn(step: TasteCardStep): boolean {
  const [, setSettled] = useState(0);
  const isIn = settledSteps.has(step);
  useEffect(() => {
    if (isIn) return;
    let current = true;
    const settled = () => {
      settledSteps.add(step);
      if (current) setSettled((n) => n + 1);
    };
    STEP_SCREENS[step].preload().then(settled, settled);
    return () => {
      current = false;
    };
  }, [step, isIn]);
  return isIn;
}

/** taste_card/steps: a phone-first stepper, one step at a time, with a progress indicator. */
export function TasteCardStepsScreen() {
  const actor = useTasteCardFlow();
  const page = useSelector(actor, select.page);
  const step = useSelector(actor, select.step);
  const product = useSelector(actor, select.product);
  const restored = useSelector(actor, select.restoredNotice);
  const { i18n } = useLingui();
  const pick = useBilingual();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  // A new step is announced by moving the focus to its heading (not on the first paint).
  const shown = useRef<TasteCardStep | undefined>(undefined);
  const stepIn = useStepIn(step);
  useEffect(() => {
    if (shown.current !== undefined && shown.current !== step) headingRef.current?.focus();
    shown.current = step;
  }, [step]);

  if (page === 'starting' || !product || !stepIn) return <FlowStarting />;
  const current = STEPS.indexOf(step) + 1;

  return (
    <section className="taste-steps" aria-labelledby={headingId}>
      <div className="taste-product-bar">
        <img src={product.Image} alt="" width={48} height={48} />
        <p>
          <span className="taste-product-bar-label">
            <Trans>Taste card for</Trans>
          </span>{' '}
          <strong>{pick(product.Name)}</strong>
        </p>
        <button type="button" className="button small" onClick={() => actor.send({ type: 'CHANGE_PRODUCT' })}>
          <Trans>Change</Trans>
        </button>
      </div>
      <StepProgress
        count={
          <Trans>
            Step {current} of {STEPS.length}
          </Trans>
        }
        steps={STEPS.map((s) => i18n._(STEP_NAMES[s]))}
        current={current - 1}
      />
      <h1 id={headingId} ref={headingRef} tabIndex={-1} className="taste-step-title">
        {i18n._(STEP_NAMES[step])}
      </h1>
      {restored && step !== 'review' && (
        <p className="notice" role="status">
          {restored === 'survey' ? <Trans>Your survey answers are filled in: check them and add the rest.</Trans> : <Trans>We kept your draft from last time.</Trans>}
        </p>
      )}
      {step === 'fiveSenses' && <FiveSensesStep />}
      {step === 'notes' && <NotesStep />}
      {step === 'recipe' && <RecipeStep />}
      {step === 'details' && <DetailsStep />}
      {step === 'review' && <ReviewStep />}
      {step !== 'review' && (
        <div className="taste-nav">
          <button type="button" className="button" onClick={() => actor.send({ type: 'BACK' })}>
            <Trans>Back</Trans>
          </button>
          <button type="button" className="button primary" onClick={() => actor.send({ type: 'NEXT' })}>
            <Trans>Next</Trans>
          </button>
        </div>
      )}
    </section>
  );
}
