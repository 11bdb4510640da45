import { Trans, useLingui } from '@lingui/react/macro';
import { isAnswered } from '../../../machines/event-survey/event-survey.rules.ts';
import type { EventSurvey, LocalAnswer, SurveyQuestion } from '../../../machines/event-survey/event-survey.types.ts';
import { FIVE_SENSES } from '../../../machines/event-survey/event-survey.types.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { SENSE_NAMES } from '../../ui/taste-words.ts';
import type { VocabularyWord } from './QuestionField.tsx';
import { LEVEL_WORDS } from './survey-words.ts';

/** Every answer, group by group (the review, with Edit per group; and what was sent, once submitted). */
export function SurveyAnswers(props: {
  survey: EventSurvey;
  answers: Record<string, LocalAnswer>;
  words: Map<string, VocabularyWord>;
  onEdit?: ((group: number) => void) | undefined;
}) {
  const pick = useBilingual();
  const { t } = useLingui();
  return (
    <div className="survey-answers">
      {props.survey.Groups.map((g, index) => {
        const title = pick(g.Title);
        return (
          <section key={g.GroupID} className="survey-answers-group" aria-labelledby={`answers-${g.GroupID}`}>
            <div className="survey-answers-head">
              <h3 id={`answers-${g.GroupID}`}>{title}</h3>
              {props.onEdit && (
                <button type="button" className="button small" onClick={() => props.onEdit?.(index)} aria-label={t`Edit ${title}`}>
                  <Trans>Edit</Trans>
                </button>
              )}
            </div>
            <dl>
              {g.Questions.map((q) => (
                <div key={q.QuestionID}>
                  <dt>{pick(q.Title)}</dt>
                  <dd>
                    <AnswerText question={q} answer={props.answers[q.QuestionID]} words={props.words} />
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        );
      })}
    </div>
  );
}

function AnswerText({ question: q, answer, words }: { question: SurveyQuestion; answer: LocalAnswer | undefined; words: Map<string, VocabularyWord> }) {
  const pick = useBilingual();
  const { i18n } = useLingui();
  const list = (items: string[]) => items.join(i18n.locale === 'zh-Hant' ? '、' : ', ');
  if (!answer || !isAnswered(q, answer))
    return (
      <span className="muted">
        <Trans>Not answered</Trans>
      </span>
    );
  switch (q.Type) {
    case 'Radio':
    case 'Checkbox':
      return <>{list((answer.OptionIDs ?? []).map((id) => pick(q.Options.find((o) => o.OptionID === id)?.Label ?? { en: id, zh: id })))}</>;
    case 'Aroma':
    case 'TasteNote':
      return (
        <>
          {list([...(answer.OptionIDs ?? []).map((id) => (words.get(id) ? pick(words.get(id)!.name) : id)), ...(answer.CustomTasteNote ?? [])])}
        </>
      );
    case 'FiveSenses':
      return (
        <ul className="survey-answer-senses">
          {FIVE_SENSES.map((s) => {
            const level = answer.FiveSenses?.[s];
            return (
              <li key={s}>
                {i18n._(SENSE_NAMES[s])}: {level === undefined ? '—' : `${level} · ${i18n._(LEVEL_WORDS[level] ?? LEVEL_WORDS[3]!)}`}
              </li>
            );
          })}
        </ul>
      );
    case 'Text':
      return <span className="survey-answer-text">{answer.Text?.trim()}</span>;
  }
}
