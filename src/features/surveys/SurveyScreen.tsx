import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { CallResponse } from '../../../contract/define.ts';
import type { getEventTasteNote } from '../../../contract/taste-vocabulary.ts';
import * as select from '../../../machines/event-survey/event-survey.selectors.ts';
import { SURVEY_CANNOT_RESUBMIT, SURVEY_NOT_COMPLETE } from '../../../machines/event-survey/event-survey.types.ts';
import { tokens } from '../../../machines/session/session.selectors.ts';
import { messageFor } from '../../api/error-messages.ts';
import { surveyQueries } from '../../api/survey-queries.ts';
import { cookieId } from '../../app/cookie-id.ts';
import { encryptedStorage } from '../../app/encrypted-storage.ts';
import { SURVEY_ANSWERS_PURPOSE, surveyAnswersStore } from '../../app/event-survey-answers.ts';
import { useServices } from '../../app/services.ts';
import { useFlow } from '../../app/use-flow.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { FormError } from '../../ui/Field.tsx';
import { StepProgress } from '../../ui/StepProgress.tsx';
import { createEventSurveyFlow } from './event-survey.actors.ts';
import { preloadable } from '../../app/preloadable.tsx';
import { QuestionField, SenseSliders, type Vocabulary, type VocabularyWord } from './QuestionField.tsx';
import { SurveyAnswers } from './SurveyAnswers.tsx';
import { loadFailureMessage, submitFailureMessage } from './survey-words.ts';
import './surveys.css';

// What shows once submitted (the summary, the taste card's draft) is a chunk of its own, fetched once the page shows.
const SurveySubmitted = preloadable(() => import('./SurveySubmitted.tsx').then((m) => m.SurveySubmitted));

const route = getRouteApi('/survey/$eventID/$varianceID');

/** The device can seal the answers: Web Crypto (secure pages) and storage. */
const canKeepAnswers = () => typeof crypto !== 'undefined' && crypto.subtle !== undefined && typeof document !== 'undefined';

/** Spec §2 survey/{eventID}/{varianceID}: an attendee answers the session's survey (surveyID picks one of several). */
export function SurveyScreen() {
  const { eventID, varianceID } = route.useParams();
  const { surveyID } = route.useSearch();
  // Another survey or session is another flow.
  return <SurveyFlow key={`${eventID}/${varianceID}/${surveyID ?? ''}`} eventID={eventID} varianceID={varianceID} surveyID={surveyID} />;
}

type FlowActor = ReturnType<typeof useFlow<ReturnType<typeof createEventSurveyFlow>>>;

function SurveyFlow(props: { eventID: string; varianceID: string; surveyID: string | undefined }) {
  const { api, session, storage } = useServices();
  const userID = useSelector(session, (s) => tokens(s)?.userID ?? 'member');
  const machine = useMemo(() => {
    const signedIn = () => tokens(session.getSnapshot())?.userID === userID;
    const sealed = canKeepAnswers() ? encryptedStorage({ secret: cookieId(), purpose: SURVEY_ANSWERS_PURPOSE, storage }) : undefined;
    const answers = sealed ? surveyAnswersStore(sealed, userID, signedIn) : undefined;
    return createEventSurveyFlow({ api, answers });
  }, [api, session, storage, userID]);
  const actor = useFlow(machine, { input: { eventID: props.eventID, varianceID: props.varianceID, surveyID: props.surveyID } });
  const page = useSelector(actor, select.page);
  const survey = useSelector(actor, select.survey);
  const errorCode = useSelector(actor, select.errorCode);
  const answers = useSelector(actor, select.answers);
  const submitTime = useSelector(actor, select.submitTime);
  const { i18n } = useLingui();
  const pick = useBilingual();
  const queryClient = useQueryClient();
  const vocabularyQuery = useQuery({ ...surveyQueries.vocabulary(api, props.eventID), enabled: survey !== undefined });
  const words = useMemo(() => {
    const map = new Map<string, VocabularyWord>();
    for (const n of vocabularyQuery.data?.tasteNoteList ?? []) map.set(n.TasteNoteID, { id: n.TasteNoteID, name: n.Name });
    for (const a of vocabularyQuery.data?.aromaList ?? []) map.set(a.AromaID, { id: a.AromaID, name: a.Name });
    return map;
  }, [vocabularyQuery.data]);

  // The questions show once the sliders' chunk is in (or failed: they then try again as they render).
  const [slidersIn, setSlidersIn] = useState(false);
  useEffect(() => {
    let current = true;
    const settled = () => current && setSlidersIn(true);
    SenseSliders.preload().then(settled, settled);
    void SurveySubmitted.preload().catch(() => {});
    return () => {
      current = false;
    };
  }, []);
  // The event record reads the submission afresh once it is complete.
  const complete = useSelector(actor, select.isComplete);
  useEffect(() => {
    if (complete) void queryClient.invalidateQueries({ queryKey: ['member', 'surveyResult'] });
  }, [complete, queryClient]);

  const backToBooking = (
    <Link to="/event_record/$eventID/$varianceID" params={{ eventID: props.eventID, varianceID: props.varianceID }} className="button">
      <Trans>Back to your booking</Trans>
    </Link>
  );

  return (
    <div className="page survey-page">
      {survey && (
        <header className="survey-head">
          <p className="survey-kind">
            <Trans>Event survey</Trans>
          </p>
          <h1>{pick(survey.Title)}</h1>
          {pick(survey.Description) && <p className="muted">{pick(survey.Description)}</p>}
        </header>
      )}
      {(page === 'loading' || (page === 'answering' && !slidersIn)) && (
        <p className="muted survey-status" role="status">
          <Trans>Loading the survey…</Trans>
        </p>
      )}
      {page === 'noSurvey' && (
        <section className="state-page">
          <h1>
            <Trans>No survey here</Trans>
          </h1>
          <p>
            <Trans>This event has no survey to answer.</Trans>
          </p>
          {backToBooking}
        </section>
      )}
      {page === 'loadFailed' && (
        <section className="state-page">
          <h1>
            <Trans>The survey could not be opened</Trans>
          </h1>
          <p>{i18n._(loadFailureMessage(errorCode))}</p>
          <div className="survey-actions">
            <button type="button" className="button primary" onClick={() => actor.send({ type: 'RETRY' })}>
              <Trans>Try again</Trans>
            </button>
            {backToBooking}
          </div>
        </section>
      )}
      {page === 'notOpen' && (
        <section className="survey-card" aria-labelledby="survey-not-open">
          <h2 id="survey-not-open">{i18n._(messageFor('SurveyNotOpen'))}</h2>
          <p className="muted">
            <Trans>Your answers so far are kept on this device. Come back once the tasting has begun.</Trans>
          </p>
          <div className="survey-actions">
            <button type="button" className="button primary" onClick={() => actor.send({ type: 'RETRY' })}>
              <Trans>Check again</Trans>
            </button>
            {backToBooking}
          </div>
        </section>
      )}
      {page === 'answering' && slidersIn && <Answering actor={actor} vocabulary={vocabularyOf(vocabularyQuery)} />}
      {(page === 'reviewing' || page === 'submitting' || page === 'failed') && survey && (
        <section aria-labelledby="survey-review-title">
          <h2 id="survey-review-title" tabIndex={-1} className="survey-group-title">
            <Trans>Check your answers</Trans>
          </h2>
          <SurveyAnswers survey={survey} answers={answers} words={words} onEdit={page === 'reviewing' ? (group) => actor.send({ type: 'EDIT', group }) : undefined} />
          {page === 'failed' && <FormError>{i18n._(submitFailureMessage(errorCode))}</FormError>}
          <div className="survey-nav">
            <button type="button" className="button" disabled={page === 'submitting'} onClick={() => actor.send({ type: 'BACK' })}>
              <Trans>Back</Trans>
            </button>
            {page === 'failed' ? (
              <button type="button" className="button primary" onClick={() => actor.send({ type: 'RETRY' })}>
                <Trans>Try again</Trans>
              </button>
            ) : (
              <button type="button" className="button primary" disabled={page === 'submitting'} onClick={() => actor.send({ type: 'SUBMIT' })}>
                {page === 'submitting' ? <Trans>Sending…</Trans> : <Trans>Submit answers</Trans>}
              </button>
            )}
          </div>
        </section>
      )}
      {page === 'submitted' && survey && (
        <SurveySubmitted
          survey={survey}
          varianceID={props.varianceID}
          answers={answers}
          submitTime={submitTime}
          alreadySent={errorCode === SURVEY_CANNOT_RESUBMIT}
          words={words}
          vocabulary={vocabularyQuery.data}
          backToBooking={backToBooking}
        />
      )}
    </div>
  );
}

type VocabularyQuery = UseQueryResult<CallResponse<typeof getEventTasteNote>>;

/** The event's notes or aromas, as a question's chips. */
function vocabularyOf(query: VocabularyQuery) {
  return (type: 'TasteNote' | 'Aroma'): Vocabulary => ({
    loading: query.isPending,
    failed: query.isError,
    retry: () => void query.refetch(),
    words:
      type === 'Aroma'
        ? (query.data?.aromaList ?? []).map((a) => ({ id: a.AromaID, name: a.Name }))
        : (query.data?.tasteNoteList ?? []).map((n) => ({ id: n.TasteNoteID, name: n.Name })),
  });
}

/** One group of questions: progress, the questions, Back / Next. */
function Answering({ actor, vocabulary }: { actor: FlowActor; vocabulary: (type: 'TasteNote' | 'Aroma') => Vocabulary }) {
  const group = useSelector(actor, select.currentGroup);
  const index = useSelector(actor, select.groupIndex);
  const { current, total } = useSelector(actor, select.progress);
  const answers = useSelector(actor, select.answers);
  const problems = useSelector(actor, select.shownProblems);
  const restored = useSelector(actor, select.restored);
  const kept = useSelector(actor, select.answersKept);
  const errorCode = useSelector(actor, select.errorCode);
  const first = useSelector(actor, select.isFirstGroup);
  const last = useSelector(actor, select.isLastGroup);
  const { t, i18n } = useLingui();
  const pick = useBilingual();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shown = useRef<number | undefined>(undefined);
  // A new group is announced by moving the focus to its heading (not on the first paint).
  useEffect(() => {
    if (shown.current !== undefined && shown.current !== index) headingRef.current?.focus();
    shown.current = index;
  }, [index]);
  // A refused NEXT brings the first flagged question into view.
  const flagged = problems[0]?.questionID;
  useEffect(() => {
    if (flagged) document.getElementById(`question-${flagged}`)?.scrollIntoView?.({ block: 'center' });
  }, [flagged]);
  if (!group) return null;
  const next = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'NEXT' });
  };
  return (
    <section aria-labelledby="survey-group-title">
      <StepProgress
        count={
          <Trans>
            Part {current} of {total}
          </Trans>
        }
        steps={Array.from({ length: total }, (_, i) => t`Part ${i + 1}`)}
        current={index}
      />
      {restored && (
        <p className="notice" role="status">
          <Trans>Welcome back: the answers you gave before are here.</Trans>
        </p>
      )}
      {!kept && (
        <p className="notice">
          <Trans>This device cannot keep your answers: please finish the survey in this visit.</Trans>
        </p>
      )}
      {errorCode === SURVEY_NOT_COMPLETE && <FormError>{i18n._(messageFor(SURVEY_NOT_COMPLETE))}</FormError>}
      <h2 id="survey-group-title" ref={headingRef} tabIndex={-1} className="survey-group-title">
        {pick(group.Title)}
      </h2>
      <form onSubmit={next} noValidate className="survey-form">
        {group.Questions.map((q) => (
          <QuestionField
            key={q.QuestionID}
            question={q}
            answer={answers[q.QuestionID]}
            problem={problems.find((p) => p.questionID === q.QuestionID)}
            vocabulary={vocabulary(q.Type === 'Aroma' ? 'Aroma' : 'TasteNote')}
            onAnswer={(answer) => actor.send({ type: 'ANSWER', questionID: q.QuestionID, answer })}
          />
        ))}
        <div className="survey-nav">
          <button type="button" className="button" disabled={first} onClick={() => actor.send({ type: 'BACK' })}>
            <Trans>Back</Trans>
          </button>
          <button type="submit" className="button primary">
            {last ? <Trans>Review answers</Trans> : <Trans>Next</Trans>}
          </button>
        </div>
      </form>
    </section>
  );
}
