import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { CallResponse, staffSessionSurveyResults, StaffSession } from '../../../contract/index.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { hongKongDateTime } from '../../ui/event-dates.ts';
import { RetryAlert } from '../../ui/RetryAlert.tsx';
import { formatLevel, SENSE_NAMES, SENSES } from '../../ui/taste-words.ts';
import { useAdminErrorText } from './admin-words.ts';
import { BarChart } from './BarChart.tsx';
import { dashboardQueries } from './dashboard-queries.ts';
import './dashboard.css';

type Results = CallResponse<typeof staffSessionSurveyResults>;
type Survey = Results['Surveys'][number];
type Question = Survey['Questions'][number];

/**
 * What a session's guests answered (issue 32, staff-session-survey-results): staff pick a session (started ones
 * first, where the answers are) and read, survey by survey, each question's counts per answer as bars, the five
 * senses' levels as bars with their average, and the latest texts.
 */
export function SurveyResultsScreen() {
  const { api } = useServices();
  const { t } = useLingui();
  const bilingual = useBilingual();
  const errorText = useAdminErrorText();
  const pickerId = useId();
  const [sessionId, setSessionId] = useState('');
  const past = useQuery(dashboardQueries.sessions(api, 'past'));
  const upcoming = useQuery(dashboardQueries.sessions(api, 'upcoming'));
  const listCode = errorCode(past.error ?? upcoming.error);
  const listReason = listCode ? errorText(listCode, 'load') : '';
  const loadingList = past.isPending || upcoming.isPending;
  const option = (s: StaffSession) => (
    <option key={s.SessionID} value={s.SessionID}>
      {`${bilingual(s.EventName)} · ${hongKongDateTime(s.StartAt)}`}
    </option>
  );

  return (
    <section className="admin-screen" aria-labelledby="admin-surveys-title">
      <h2 id="admin-surveys-title">
        <Trans>Survey results</Trans>
      </h2>
      {listCode ? (
        <RetryAlert
          onRetry={() => {
            void past.refetch();
            void upcoming.refetch();
          }}
        >
          <Trans>The sessions could not be loaded. {listReason}</Trans>
        </RetryAlert>
      ) : (
        <div className="admin-filters">
          <div className="field survey-picker">
            <label htmlFor={pickerId}>
              <Trans>Session</Trans>
            </label>
            <select id={pickerId} value={sessionId} disabled={loadingList} aria-busy={loadingList} onChange={(e) => setSessionId(e.target.value)}>
              <option value="">{loadingList ? t`Loading the sessions…` : t`Choose a session`}</option>
              {!!past.data?.length && <optgroup label={t`Started (latest first)`}>{past.data.map(option)}</optgroup>}
              {!!upcoming.data?.length && <optgroup label={t`Upcoming (soonest first)`}>{upcoming.data.map(option)}</optgroup>}
            </select>
          </div>
        </div>
      )}
      {!loadingList && !listCode && !past.data?.length && !upcoming.data?.length && (
        <p role="status">
          <Trans>There are no sessions yet.</Trans>
        </p>
      )}
      {sessionId ? (
        <SessionResults sessionId={sessionId} />
      ) : (
        <p className="muted">
          <Trans>Choose a session to see what its guests answered.</Trans>
        </p>
      )}
    </section>
  );
}

/** One session's results (also shown to its host, HostSessionsScreen). */
export function SessionResults({ sessionId }: { sessionId: string }) {
  const { api } = useServices();
  const bilingual = useBilingual();
  const errorText = useAdminErrorText();
  const results = useQuery(dashboardQueries.surveyResults(api, sessionId));
  const code = errorCode(results.error);
  if (code) {
    // A host reads only the sessions they host: said plainly, with no retry that could not help.
    if (code === 'Forbidden')
      return (
        <p role="alert">
          <Trans>Only the session’s host, the shop’s staff and its owner may read these results.</Trans>
        </p>
      );
    if (code === 'ObjectNotFound')
      return (
        <p role="alert">
          <Trans>This session no longer exists.</Trans>
        </p>
      );
    const reason = errorText(code, 'load');
    return (
      <RetryAlert onRetry={() => void results.refetch()}>
        <Trans>The results could not be loaded. {reason}</Trans>
      </RetryAlert>
    );
  }
  const data = results.data;
  if (!data)
    return (
      <p className="muted" role="status">
        <Trans>Loading the results…</Trans>
      </p>
    );
  const title = bilingual(data.EventTitle);
  const when = hongKongDateTime(data.StartsAt);
  return (
    <div className="admin-screen" aria-busy={results.isFetching}>
      <h3>
        <Trans>
          {title}, {when}
        </Trans>
      </h3>
      {data.Surveys.length === 0 ? (
        <p role="status">
          <Trans>This event has no survey.</Trans>
        </p>
      ) : (
        data.Surveys.map((survey) => <SurveyResults key={survey.SurveyID} survey={survey} />)
      )}
    </div>
  );
}

function SurveyResults({ survey }: { survey: Survey }) {
  const bilingual = useBilingual();
  const headingId = useId();
  const responses = survey.Responses;
  const title = bilingual(survey.Title);
  return (
    <section className="dashboard-card" aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      <p>
        <Trans>Responses: {responses}</Trans>
      </p>
      {responses === 0 ? (
        <p role="status">
          <Trans>No guest of this session has answered this survey yet.</Trans>
        </p>
      ) : (
        survey.Questions.map((q) => <QuestionResults key={q.QuestionID} question={q} responses={responses} />)
      )}
    </section>
  );
}

function QuestionResults({ question, responses }: { question: Question; responses: number }) {
  const { t, i18n } = useLingui();
  const bilingual = useBilingual();
  const headingId = useId();
  const title = bilingual(question.Title);
  const answered = question.Answered;
  const choices = question.Choices.map((c) => ({ name: bilingual(c.Name), count: c.Count }));
  const counted = choices.map(({ name, count }) => t`${name}: ${count}`).join(', ');
  return (
    <section className="survey-question" aria-labelledby={headingId}>
      <h4 id={headingId}>{title}</h4>
      <p className="muted small">
        <Trans>
          Answered by {answered} of {responses}
        </Trans>
      </p>
      {answered === 0 ? (
        <p>
          <Trans>Nobody answered this question.</Trans>
        </p>
      ) : question.Type === 'FiveSenses' ? (
        <div className="survey-senses">
          {SENSES.map((sense) => {
            const name = i18n._(SENSE_NAMES[sense]);
            const average = question.FiveSensesAverage ? formatLevel(question.FiveSensesAverage[sense], i18n.locale) : '—';
            const levels = (question.FiveSensesDistribution?.[sense] ?? []).map((count, i) => ({ level: i + 1, count }));
            const spread = levels.map(({ level, count }) => t`level ${level}: ${count}`).join(', ');
            return (
              <div key={sense}>
                <h5>
                  <Trans>
                    {name}: average {average}
                  </Trans>
                </h5>
                <BarChart
                  layout="rows"
                  summary={t`${title}, ${name}: average ${average} of 5; ${spread}.`}
                  caption={t`${name}: answers per level`}
                  labelHeader={<Trans>Level</Trans>}
                  valueHeader={<Trans>Answers</Trans>}
                  max={answered}
                  bars={levels.map(({ level, count }) => ({ label: t`Level ${level}`, short: String(level), value: count }))}
                />
              </div>
            );
          })}
        </div>
      ) : question.Type === 'Text' ? (
        question.Texts?.length ? (
          <ul className="dashboard-plain-list" aria-label={t`Latest answers to ${title}`}>
            {question.Texts.map((text, i) => (
              <li key={i}>“{text}”</li>
            ))}
          </ul>
        ) : (
          <p>
            <Trans>No written answers.</Trans>
          </p>
        )
      ) : (
        <BarChart
          layout="rows"
          summary={t`${title}: ${counted}.`}
          caption={t`${title}: answers per choice`}
          labelHeader={<Trans>Answer</Trans>}
          valueHeader={<Trans>Chosen by</Trans>}
          max={answered}
          bars={choices.map(({ name, count }) => ({ label: name, value: count }))}
        />
      )}
    </section>
  );
}
