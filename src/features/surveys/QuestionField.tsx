import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { preloadable } from '../../app/preloadable.tsx';
import type { Bilingual } from '../../../contract/define.ts';
import { choiceBounds, charCount, cleanWord, textMax } from '../../../machines/event-survey/event-survey.rules.ts';
import type { AnswerProblem, LocalAnswer, SurveyQuestion } from '../../../machines/event-survey/event-survey.types.ts';
import { MAX_CUSTOM_WORDS } from '../../../machines/event-survey/event-survey.types.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { RetryAlert } from '../../ui/RetryAlert.tsx';
import { problemMessage } from './survey-words.ts';

// The sliders (and Radix Slider with them) are a chunk of their own, fetched as the survey page opens, so that the
// page's first load stays within its budget.
export const SenseSliders = preloadable(() => import('./SenseSliders.tsx').then((m) => m.SenseSliders));

/** A word of the event's vocabulary (getEventTasteNote). */
export type VocabularyWord = { id: string; name: Bilingual };
export type Vocabulary = { loading: boolean; failed: boolean; retry: () => void; words: VocabularyWord[] };

/** One question of the survey, with the control of its type; `onAnswer` gets the whole new answer. */
export function QuestionField(props: {
  question: SurveyQuestion;
  answer: LocalAnswer | undefined;
  problem: AnswerProblem | undefined;
  vocabulary: Vocabulary;
  onAnswer: (answer: LocalAnswer) => void;
}) {
  const { question: q, problem } = props;
  const { i18n } = useLingui();
  const pick = useBilingual();
  const id = useId();
  const hint = pick(q.Hint);
  const describedBy = [hint ? `${id}-hint` : '', problem ? `${id}-problem` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className="survey-question" data-invalid={problem !== undefined} aria-describedby={describedBy} id={`question-${q.QuestionID}`}>
      <legend className="survey-question-title">
        {pick(q.Title)}{' '}
        {q.Required ? (
          <span className="survey-required">
            <Trans>(required)</Trans>
          </span>
        ) : (
          <span className="survey-optional">
            <Trans>(optional)</Trans>
          </span>
        )}
      </legend>
      {hint && (
        <p id={`${id}-hint`} className="survey-hint">
          {hint}
        </p>
      )}
      {problem && (
        <p id={`${id}-problem`} className="field-error" role="alert">
          {i18n._(problemMessage(problem))}
        </p>
      )}
      <Control {...props} />
    </fieldset>
  );
}

function Control(props: Parameters<typeof QuestionField>[0]) {
  const { question: q, answer, onAnswer } = props;
  switch (q.Type) {
    case 'Radio':
      return <Choices question={q} multiple={false} chosen={answer?.OptionIDs ?? []} onChange={(ids) => onAnswer({ OptionIDs: ids })} />;
    case 'Checkbox':
      return <Choices question={q} multiple chosen={answer?.OptionIDs ?? []} onChange={(ids) => onAnswer({ OptionIDs: ids })} />;
    case 'Aroma':
    case 'TasteNote':
      return <WordChoices {...props} />;
    case 'FiveSenses':
      return <SenseSliders levels={answer?.FiveSenses} onChange={(levels) => onAnswer({ FiveSenses: levels })} />;
    case 'Text':
      return <TextAnswer question={q} text={answer?.Text ?? ''} onChange={(Text) => onAnswer({ Text })} />;
  }
}

/** Radio and Checkbox: native inputs, the whole row a target. */
function Choices(props: { question: SurveyQuestion; multiple: boolean; chosen: string[]; onChange: (ids: string[]) => void }) {
  const pick = useBilingual();
  const { max } = choiceBounds(props.question);
  const full = props.multiple && props.chosen.length >= max;
  return (
    <>
      {props.multiple && props.question.MaxChoices !== undefined && (
        <p className="survey-hint">
          <Trans>
            {props.chosen.length} of at most {max} chosen
          </Trans>
        </p>
      )}
      <ul className="survey-choices">
        {props.question.Options.map((o) => {
          const checked = props.chosen.includes(o.OptionID);
          return (
            <li key={o.OptionID}>
              <label className="survey-choice">
                <input
                  type={props.multiple ? 'checkbox' : 'radio'}
                  name={props.question.QuestionID}
                  value={o.OptionID}
                  checked={checked}
                  disabled={!checked && full}
                  onChange={() =>
                    props.onChange(
                      props.multiple ? (checked ? props.chosen.filter((x) => x !== o.OptionID) : [...props.chosen, o.OptionID]) : [o.OptionID],
                    )
                  }
                />
                <span>{pick(o.Label)}</span>
              </label>
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** Aroma and TasteNote: chips of the event's vocabulary; TasteNote also takes words of one's own. */
function WordChoices(props: Parameters<typeof QuestionField>[0]) {
  const { question: q, answer, onAnswer, vocabulary } = props;
  const { t } = useLingui();
  const pick = useBilingual();
  const id = useId();
  const [custom, setCustom] = useState('');
  const chosen = answer?.OptionIDs ?? [];
  const words = answer?.CustomTasteNote ?? [];
  const { min, max } = choiceBounds(q);
  const count = chosen.length + words.length;
  const full = count >= max;
  const notes = q.Type === 'TasteNote';
  const update = (OptionIDs: string[], CustomTasteNote: string[]) => onAnswer(notes ? { OptionIDs, CustomTasteNote } : { OptionIDs });
  const addCustom = () => {
    const word = cleanWord(custom);
    if (word === '' || full || words.length >= MAX_CUSTOM_WORDS || words.some((w) => w.toLowerCase() === word.toLowerCase())) return;
    update(chosen, [...words, word]);
    setCustom('');
  };
  return (
    <>
      <p className="survey-hint">
        {min > 1 ? (
          <Trans>
            {count} chosen · choose {min} to {max}
          </Trans>
        ) : (
          <Trans>
            {count} chosen · up to {max}
          </Trans>
        )}
      </p>
      {vocabulary.loading ? (
        <p role="status" className="muted">
          <Trans>Loading the words…</Trans>
        </p>
      ) : vocabulary.failed ? (
        <RetryAlert onRetry={vocabulary.retry} small>
          <Trans>The words could not be loaded.</Trans>
        </RetryAlert>
      ) : (
        <ul className="word-list">
          {vocabulary.words.map((w) => {
            const on = chosen.includes(w.id);
            return (
              <li key={w.id}>
                <button
                  type="button"
                  className="word-chip"
                  aria-pressed={on}
                  disabled={!on && full}
                  onClick={() => update(on ? chosen.filter((x) => x !== w.id) : [...chosen, w.id], words)}
                >
                  {pick(w.name)}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {notes && (
        <>
          {words.length > 0 && (
            <ul className="word-list" aria-label={t`Words of your own`}>
              {words.map((w) => (
                <li key={w}>
                  <button type="button" className="word-chip custom" aria-pressed="true" aria-label={t`Remove ${w}`} onClick={() => update(chosen, words.filter((x) => x !== w))}>
                    {w} <span aria-hidden="true">×</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="word-custom">
            <div className="field">
              <label htmlFor={`${id}-custom`}>
                <Trans>A note of your own</Trans>
              </label>
              <input
                id={`${id}-custom`}
                value={custom}
                maxLength={30}
                disabled={full || words.length >= MAX_CUSTOM_WORDS}
                onChange={(e) => setCustom(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    addCustom();
                  }
                }}
              />
            </div>
            <button type="button" className="button" onClick={addCustom} disabled={full || words.length >= MAX_CUSTOM_WORDS}>
              <Trans>Add</Trans>
            </button>
          </div>
        </>
      )}
    </>
  );
}

/** Text: a text area with a counter. */
function TextAnswer(props: { question: SurveyQuestion; text: string; onChange: (text: string) => void }) {
  const id = useId();
  const pick = useBilingual();
  const max = textMax(props.question);
  const count = charCount(props.text.trim());
  return (
    <div className="field survey-text">
      <textarea id={`${id}-text`} rows={4} value={props.text} aria-label={pick(props.question.Title)} aria-describedby={`${id}-count`} onChange={(e) => props.onChange(e.target.value)} />
      <p id={`${id}-count`} className="survey-counter" data-over={count > max}>
        <Trans>
          {count} / {max} characters
        </Trans>
      </p>
    </div>
  );
}
