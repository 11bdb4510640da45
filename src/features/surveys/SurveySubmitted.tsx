import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { getProduct } from '../../../contract/catalogue.ts';
import type { CallResponse } from '../../../contract/define.ts';
import type { getEventTasteNote } from '../../../contract/taste-vocabulary.ts';
import type { EventSurvey, LocalAnswer } from '../../../machines/event-survey/event-survey.types.ts';
import { FIVE_SENSES } from '../../../machines/event-survey/event-survey.types.ts';
import { tokens } from '../../../machines/session/session.selectors.ts';
import { blankAnswers } from '../../../machines/taste-card/taste-card.rules.ts';
import type { ChosenWord, TasteCardDraft } from '../../../machines/taste-card/taste-card.types.ts';
import { MAX_AROMAS, MAX_CUSTOM_WORDS, MAX_TASTE_NOTES } from '../../../machines/taste-card/taste-card.types.ts';
import { surveyQueries } from '../../api/survey-queries.ts';
import { cookieId } from '../../app/cookie-id.ts';
import { encryptedStorage } from '../../app/encrypted-storage.ts';
import { useServices } from '../../app/services.ts';
import { TASTE_CARD_DRAFT_PURPOSE, writeTasteCardDraft } from '../../app/taste-card-draft.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { FormError } from '../../ui/Field.tsx';
import { formatDate } from '../../ui/format.ts';
import { formatLevel, SENSE_NAMES } from '../../ui/taste-words.ts';
import { useCurrency } from '../../ui/use-currency.ts';
import type { VocabularyWord } from './QuestionField.tsx';
import { SurveyAnswers } from './SurveyAnswers.tsx';

type EventVocabulary = CallResponse<typeof getEventTasteNote>;

/**
 * The survey's FiveSenses, TasteNote (+ CustomTasteNote) and Aroma answers as a taste-card draft for the survey's
 * drink, or undefined when there is nothing to carry over.
 */
export function tasteCardDraftFrom(
  survey: EventSurvey,
  answers: Record<string, LocalAnswer>,
  vocabulary: EventVocabulary | undefined,
  product: TasteCardDraft['product'],
): TasteCardDraft | undefined {
  const draft = blankAnswers();
  const questions = survey.Groups.flatMap((g) => g.Questions);
  const notes = new Map((vocabulary?.tasteNoteList ?? []).map((n): [string, ChosenWord] => [n.TasteNoteID, { id: n.TasteNoteID, name: n.Name, icon: n.Icon }]));
  const aromas = new Map((vocabulary?.aromaList ?? []).map((a): [string, ChosenWord] => [a.AromaID, { id: a.AromaID, name: a.Name, icon: a.Icon }]));
  let carried = false;
  const add = (list: ChosenWord[], words: Map<string, ChosenWord>, ids: string[], max: number) => {
    for (const id of ids) {
      const word = words.get(id);
      if (word && list.length < max && !list.some((w) => w.id === id)) list.push(word);
    }
  };
  for (const q of questions) {
    const a = answers[q.QuestionID];
    if (!a) continue;
    if (q.Type === 'FiveSenses' && a.FiveSenses && FIVE_SENSES.every((s) => a.FiveSenses?.[s] !== undefined)) {
      draft.fiveSenses = { ...draft.fiveSenses, ...a.FiveSenses };
      carried = true;
    }
    if (q.Type === 'TasteNote') {
      add(draft.notes, notes, a.OptionIDs ?? [], MAX_TASTE_NOTES);
      for (const w of a.CustomTasteNote ?? []) if (draft.customNotes.length < MAX_CUSTOM_WORDS && !draft.customNotes.includes(w)) draft.customNotes.push(w);
    }
    if (q.Type === 'Aroma') add(draft.aromas, aromas, a.OptionIDs ?? [], MAX_AROMAS);
  }
  carried ||= draft.notes.length + draft.customNotes.length + draft.aromas.length > 0;
  // Marked as the survey's: the card says the survey's answers are filled in, not that a draft was kept.
  return carried ? { version: 1, product, step: 'fiveSenses', answers: draft, origin: 'survey' } : undefined;
}

/** Complete: the submit date, what the table tasted, the answers sent, and the way to a taste card. */
export function SurveySubmitted(props: {
  survey: EventSurvey;
  varianceID: string;
  answers: Record<string, LocalAnswer>;
  submitTime: string | undefined;
  alreadySent: boolean;
  words: Map<string, VocabularyWord>;
  vocabulary: EventVocabulary | undefined;
  backToBooking: ReactNode;
}) {
  const { api, session, storage } = useServices();
  const navigate = useNavigate();
  const currency = useCurrency();
  const { i18n } = useLingui();
  const userID = useSelector(session, (s) => tokens(s)?.userID);
  const productID = props.survey.ProductID;
  const save = useMutation({
    mutationFn: async () => {
      if (!productID || !userID) throw new Error('No drink to write a card for');
      const { Product } = await api.call(getProduct, { Currency: currency, ProductID: productID });
      const product = { ProductID: Product.ProductID, Name: Product.Name, Image: Product.Image, ProductTypeID: Product.ProductTypeID };
      const draft = tasteCardDraftFrom(props.survey, props.answers, props.vocabulary, product);
      if (!draft) throw new Error('Nothing to carry over');
      await writeTasteCardDraft(encryptedStorage({ secret: cookieId(), purpose: TASTE_CARD_DRAFT_PURPOSE, storage }), userID, draft);
    },
    onSuccess: () => void navigate({ to: '/taste_card/steps', search: { productID } }),
    meta: { handlesErrors: true },
  });
  const canCarry = productID !== undefined && tasteCardDraftFrom(props.survey, props.answers, props.vocabulary, { ProductID: '', Name: { en: '', zh: '' }, Image: '', ProductTypeID: '' }) !== undefined;
  const date = props.submitTime ? formatDate(props.submitTime) : undefined;
  return (
    <>
      <section className="survey-card survey-done" aria-labelledby="survey-done-title">
        <h2 id="survey-done-title" tabIndex={-1}>
          <Trans>Thank you for your answers</Trans>
        </h2>
        <p>{date ? <Trans>Submitted on {date}</Trans> : <Trans>Submitted</Trans>}</p>
        {props.alreadySent && (
          <p className="muted">
            <Trans>This survey had already been submitted, so these are the answers sent then.</Trans>
          </p>
        )}
        {canCarry && (
          <div className="survey-carry">
            <p className="muted">
              <Trans>Keep what you tasted: your five senses, notes and aromas start a taste card for this drink.</Trans>
            </p>
            <button type="button" className="button primary" disabled={save.isPending} onClick={() => save.mutate()}>
              {save.isPending ? <Trans>Opening…</Trans> : <Trans>Save as a taste card</Trans>}
            </button>
            {save.isError && <FormError>{i18n._(msgCouldNotOpen)}</FormError>}
          </div>
        )}
        <div className="survey-actions">{props.backToBooking}</div>
      </section>
      <TableSummary surveyID={props.survey.SurveyID} varianceID={props.varianceID} />
      <section aria-labelledby="survey-sent-title">
        <h2 id="survey-sent-title" className="survey-group-title">
          <Trans>Your answers</Trans>
        </h2>
        <SurveyAnswers survey={props.survey} answers={props.answers} words={props.words} />
      </section>
    </>
  );
}

const msgCouldNotOpen = msg`The taste card could not be started. Check your connection and try again.`;

/** get-survey-summary: the session's average five senses and most chosen notes, small and simple. */
function TableSummary({ surveyID, varianceID }: { surveyID: string; varianceID: string }) {
  const { api } = useServices();
  const { i18n } = useLingui();
  const pick = useBilingual();
  const summary = useQuery(surveyQueries.summary(api, surveyID, varianceID));
  if (!summary.data) {
    return summary.isError ? null : (
      <p className="muted" role="status">
        <Trans>Adding up the table’s answers…</Trans>
      </p>
    );
  }
  const senses = summary.data.Questions.find((q) => q.Type === 'FiveSenses' && q.FiveSensesAverage)?.FiveSensesAverage;
  const notes = summary.data.Questions.filter((q) => q.Type === 'TasteNote')
    .flatMap((q) => q.Choices)
    .slice(0, 5);
  const count = summary.data.Submissions;
  return (
    <section className="survey-card survey-summary" aria-labelledby="survey-summary-title">
      <h2 id="survey-summary-title">
        <Trans>What the table tasted</Trans>
      </h2>
      <p className="muted">
        <Plural value={count} one="From # guest’s answers" other="From # guests’ answers" />
      </p>
      {senses && (
        <ul className="survey-summary-senses">
          {FIVE_SENSES.map((s) => (
            <li key={s}>
              <span>{i18n._(SENSE_NAMES[s])}</span>
              <span className="survey-bar" aria-hidden="true">
                <span style={{ inlineSize: `${(senses[s] / 5) * 100}%` }} />
              </span>
              <span className="survey-summary-level">{formatLevel(senses[s], i18n.locale)}</span>
            </li>
          ))}
        </ul>
      )}
      {notes.length > 0 && (
        <>
          <h3>
            <Trans>Top notes</Trans>
          </h3>
          <ol className="survey-top-notes">
            {notes.map((n) => (
              <li key={n.ID}>
                {pick(n.Name)} <span className="muted">×{n.Count}</span>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
