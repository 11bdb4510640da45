import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import * as select from '../../../machines/taste-card/taste-card.selectors.ts';
import type { AnswerProblem, RecipeDraft } from '../../../machines/taste-card/taste-card.types.ts';
import { AFTER_TASTES, BODIES, MAX_RECIPE_STEPS, TIME_UNITS, WATER_FLOWS } from '../../../machines/taste-card/taste-card.types.ts';
import { Field } from '../../ui/Field.tsx';
import { useTasteCardFlow } from './flow-context.ts';
import { AFTER_TASTE_WORDS, BODY_WORDS, problemMessage, TIME_UNIT_WORDS, WATER_FLOW_WORDS } from './taste-card-words.ts';

/** Step 3: the recipe, every part optional; numbers with their units. */
export function RecipeStep() {
  const actor = useTasteCardFlow();
  const recipe = useSelector(actor, (s) => select.answers(s).recipe);
  const steps = useSelector(actor, (s) => select.answers(s).steps);
  const problems = useSelector(actor, select.shownProblems);
  const { t, i18n } = useLingui();
  const id = useId();
  const set = (patch: Partial<RecipeDraft>) => actor.send({ type: 'SET_RECIPE', recipe: patch });
  const errorOf = (field: AnswerProblem['field']) => {
    const p = problems.find((x) => x.field === field && !('index' in x));
    return p ? i18n._(problemMessage(p)) : undefined;
  };
  const stepError = (index: number) => {
    const p = problems.find((x) => x.field === 'Step' && 'index' in x && x.index === index);
    return p ? i18n._(problemMessage(p)) : undefined;
  };

  return (
    <div className="taste-recipe form">
      <p className="taste-hint">
        <Trans>How you brewed it. Everything here is optional: an incense card has no water.</Trans>
      </p>
      <div className="field-row">
        <Field label={t`Water (ml)`} inputMode="decimal" value={recipe.water} onChange={(e) => set({ water: e.target.value })} error={errorOf('Water')} />
        <Field label={t`Amount (g)`} inputMode="decimal" value={recipe.amount} onChange={(e) => set({ amount: e.target.value })} error={errorOf('Amount')} />
      </div>
      <div className="field-row">
        <Field
          label={t`Temperature (°C)`}
          inputMode="numeric"
          value={recipe.temperature}
          onChange={(e) => set({ temperature: e.target.value })}
          error={errorOf('Temperature')}
        />
        <div className="field">
          <label htmlFor={`${id}-flow`}>
            <Trans>Water flow</Trans>
          </label>
          <select id={`${id}-flow`} value={recipe.waterFlow} onChange={(e) => set({ waterFlow: e.target.value as RecipeDraft['waterFlow'] })}>
            <option value="">{t`Not said`}</option>
            {WATER_FLOWS.map((f) => (
              <option key={f} value={f}>
                {i18n._(WATER_FLOW_WORDS[f])}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="field-row taste-time">
        <Field
          label={t`Brewing time`}
          inputMode="decimal"
          value={recipe.brewingTime}
          onChange={(e) => set({ brewingTime: e.target.value })}
          error={errorOf('BrewingTime')}
        />
        <div className="field">
          <label htmlFor={`${id}-unit`}>
            <Trans>Unit</Trans>
          </label>
          <select id={`${id}-unit`} value={recipe.brewingUnit} onChange={(e) => set({ brewingUnit: e.target.value as RecipeDraft['brewingUnit'] })}>
            {TIME_UNITS.map((u) => (
              <option key={u} value={u}>
                {i18n._(TIME_UNIT_WORDS[u])}
              </option>
            ))}
          </select>
        </div>
      </div>

      <fieldset className="taste-steps-list">
        <legend className="taste-section-title">
          <Trans>Steps</Trans>
        </legend>
        {steps.length === 0 && (
          <p className="taste-empty">
            <Trans>No steps yet.</Trans>
          </p>
        )}
        <ol>
          {steps.map((text, index) => (
            <li key={index} className="taste-step-row">
              <div className="field" data-invalid={stepError(index) !== undefined}>
                <label htmlFor={`${id}-step-${index}`}>
                  <Trans>Step {index + 1}</Trans>
                </label>
                <textarea
                  id={`${id}-step-${index}`}
                  rows={2}
                  maxLength={300}
                  value={text}
                  aria-invalid={stepError(index) !== undefined}
                  aria-describedby={stepError(index) ? `${id}-step-${index}-error` : undefined}
                  onChange={(e) => actor.send({ type: 'SET_STEP', index, text: e.target.value })}
                />
                {stepError(index) && (
                  <p id={`${id}-step-${index}-error`} className="field-error" role="alert">
                    {stepError(index)}
                  </p>
                )}
              </div>
              <div className="taste-step-actions">
                <button type="button" className="icon-button" disabled={index === 0} aria-label={t`Move step ${index + 1} up`} onClick={() => actor.send({ type: 'MOVE_STEP', from: index, to: index - 1 })}>
                  <span aria-hidden="true">↑</span>
                </button>
                <button
                  type="button"
                  className="icon-button"
                  disabled={index === steps.length - 1}
                  aria-label={t`Move step ${index + 1} down`}
                  onClick={() => actor.send({ type: 'MOVE_STEP', from: index, to: index + 1 })}
                >
                  <span aria-hidden="true">↓</span>
                </button>
                <button type="button" className="icon-button" aria-label={t`Remove step ${index + 1}`} onClick={() => actor.send({ type: 'REMOVE_STEP', index })}>
                  <span aria-hidden="true">×</span>
                </button>
              </div>
            </li>
          ))}
        </ol>
        <button type="button" className="button" disabled={steps.length >= MAX_RECIPE_STEPS} onClick={() => actor.send({ type: 'ADD_STEP' })}>
          <Trans>Add a step</Trans>
        </button>
      </fieldset>

      <fieldset className="taste-cup">
        <legend className="taste-section-title">
          <Trans>How the cup was</Trans>
        </legend>
        <div className="field-row">
          <div className="field">
            <label htmlFor={`${id}-body`}>
              <Trans>Body</Trans>
            </label>
            <select id={`${id}-body`} value={recipe.body} onChange={(e) => set({ body: e.target.value as RecipeDraft['body'] })}>
              <option value="">{t`Not said`}</option>
              {BODIES.map((b) => (
                <option key={b} value={b}>
                  {i18n._(BODY_WORDS[b])}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-after`}>
              <Trans>After taste</Trans>
            </label>
            <select id={`${id}-after`} value={recipe.afterTaste} onChange={(e) => set({ afterTaste: e.target.value as RecipeDraft['afterTaste'] })}>
              <option value="">{t`Not said`}</option>
              {AFTER_TASTES.map((a) => (
                <option key={a} value={a}>
                  {i18n._(AFTER_TASTE_WORDS[a])}
                </option>
              ))}
            </select>
          </div>
        </div>
        <Field label={t`Flavour`} maxLength={200} value={recipe.flavour} onChange={(e) => set({ flavour: e.target.value })} error={errorOf('Flavour')} />
        <Field label={t`Feeling`} maxLength={200} value={recipe.feeling} onChange={(e) => set({ feeling: e.target.value })} error={errorOf('Feeling')} />
      </fieldset>
    </div>
  );
}
