import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import * as select from '../../../machines/taste-card/taste-card.selectors.ts';
import type { TasteCardStep } from '../../../machines/taste-card/taste-card.types.ts';
import { FIVE_SENSES } from '../../../machines/taste-card/taste-card.types.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { useTasteCardFlow } from './flow-context.ts';
import {
  AFTER_TASTE_WORDS,
  BODY_WORDS,
  LEVEL_WORDS,
  problemMessage,
  saveFailureMessage,
  SENSE_NAMES,
  STEP_NAMES,
  TIME_UNIT_WORDS,
  WATER_FLOW_WORDS,
} from './taste-card-words.ts';

/** Step 5: the card as it will read, each part with Edit; Save sends it. */
export function ReviewStep() {
  const actor = useTasteCardFlow();
  const a = useSelector(actor, select.answers);
  const product = useSelector(actor, select.product);
  const saving = useSelector(actor, select.isSaving);
  const failed = useSelector(actor, select.saveFailed);
  const errorCode = useSelector(actor, select.errorCode);
  const problems = useSelector(actor, select.shownProblems);
  const { t, i18n } = useLingui();
  const pick = useBilingual();
  const r = a.recipe;
  const recipeParts = [
    r.water && t`Water ${r.water} ml`,
    r.amount && t`Amount ${r.amount} g`,
    r.temperature && t`${r.temperature} °C`,
    r.brewingTime && `${r.brewingTime} ${i18n._(TIME_UNIT_WORDS[r.brewingUnit])}`,
    r.waterFlow && t`Water flow: ${i18n._(WATER_FLOW_WORDS[r.waterFlow])}`,
    r.body && t`Body: ${i18n._(BODY_WORDS[r.body])}`,
    r.afterTaste && t`After taste: ${i18n._(AFTER_TASTE_WORDS[r.afterTaste])}`,
    r.flavour.trim() && t`Flavour: ${r.flavour.trim()}`,
    r.feeling.trim() && t`Feeling: ${r.feeling.trim()}`,
  ].filter(Boolean);

  return (
    <div className="taste-review">
      <article className="taste-card-preview" aria-label={t`Your taste card`}>
        <img src={a.photo?.dataUrl ?? product?.Image} alt="" className="taste-card-preview-image" />
        <h2>{a.title.trim() || <Trans>(no title yet)</Trans>}</h2>
        {a.description.trim() && <p>{a.description.trim()}</p>}
      </article>

      <ReviewPart step="details" title={i18n._(STEP_NAMES.details)} onEdit={(s) => actor.send({ type: 'GO_TO', step: s })}>
        <p>{a.photo ? <Trans>With your photo</Trans> : <Trans>With the drink's own picture</Trans>}</p>
      </ReviewPart>
      <ReviewPart step="fiveSenses" title={i18n._(STEP_NAMES.fiveSenses)} onEdit={(s) => actor.send({ type: 'GO_TO', step: s })}>
        <dl className="taste-review-senses">
          {FIVE_SENSES.map((s) => (
            <div key={s}>
              <dt>{i18n._(SENSE_NAMES[s])}</dt>
              <dd>
                {a.fiveSenses[s]} · {LEVEL_WORDS[a.fiveSenses[s]] ? i18n._(LEVEL_WORDS[a.fiveSenses[s]]!) : '—'}
              </dd>
            </div>
          ))}
        </dl>
      </ReviewPart>
      <ReviewPart step="notes" title={i18n._(STEP_NAMES.notes)} onEdit={(s) => actor.send({ type: 'GO_TO', step: s })}>
        <ul className="word-list" aria-label={t`Taste notes`}>
          {a.notes.map((n) => (
            <li key={n.id} className="word-chip static">
              {pick(n.name)}
            </li>
          ))}
          {a.customNotes.map((w) => (
            <li key={`c-${w}`} className="word-chip static custom">
              {w}
            </li>
          ))}
        </ul>
        {(a.aromas.length > 0 || a.customAromas.length > 0) && (
          <ul className="word-list" aria-label={t`Aromas`}>
            {a.aromas.map((n) => (
              <li key={n.id} className="word-chip static">
                {pick(n.name)}
              </li>
            ))}
            {a.customAromas.map((w) => (
              <li key={`c-${w}`} className="word-chip static custom">
                {w}
              </li>
            ))}
          </ul>
        )}
      </ReviewPart>
      <ReviewPart step="recipe" title={i18n._(STEP_NAMES.recipe)} onEdit={(s) => actor.send({ type: 'GO_TO', step: s })}>
        {recipeParts.length === 0 && a.steps.length === 0 ? (
          <p>
            <Trans>No recipe.</Trans>
          </p>
        ) : (
          <>
            {recipeParts.length > 0 && <p>{recipeParts.join(' · ')}</p>}
            {a.steps.length > 0 && (
              <ol className="taste-review-steps">
                {a.steps.map((s, i) => (
                  <li key={i}>{s}</li>
                ))}
              </ol>
            )}
          </>
        )}
      </ReviewPart>

      {problems.length > 0 && (
        <div className="form-error" role="alert">
          <p>
            <Trans>Something needs a look before saving:</Trans>
          </p>
          <ul>
            {problems.map((p, i) => (
              <li key={i}>{i18n._(problemMessage(p))}</li>
            ))}
          </ul>
        </div>
      )}
      {failed && (
        <div className="form-error" role="alert">
          <p>{i18n._(saveFailureMessage(errorCode))}</p>
        </div>
      )}
      <div className="taste-nav">
        <button type="button" className="button" disabled={saving} onClick={() => actor.send({ type: 'BACK' })}>
          <Trans>Back</Trans>
        </button>
        {failed ? (
          <button type="button" className="button primary" onClick={() => actor.send({ type: 'RETRY' })}>
            <Trans>Try again</Trans>
          </button>
        ) : (
          <button type="button" className="button primary" disabled={saving} aria-busy={saving} onClick={() => actor.send({ type: 'SUBMIT' })}>
            {saving ? <Trans>Saving…</Trans> : <Trans>Save and publish</Trans>}
          </button>
        )}
      </div>
    </div>
  );
}

function ReviewPart(props: { step: Exclude<TasteCardStep, 'review'>; title: string; onEdit: (step: Exclude<TasteCardStep, 'review'>) => void; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <section className="taste-review-part">
      <header>
        <h2 className="taste-section-title">{props.title}</h2>
        <button type="button" className="button small" aria-label={t`Edit ${props.title}`} onClick={() => props.onEdit(props.step)}>
          <Trans>Edit</Trans>
        </button>
      </header>
      {props.children}
    </section>
  );
}
