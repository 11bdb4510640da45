import { Trans } from '@lingui/react/macro';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { EventRecord } from '../../../contract/event-orders.ts';
import type { EventSurvey } from '../../../contract/event-surveys.ts';
import type { ApiClient } from '../../api/client.ts';
import { surveyQueries } from '../../api/survey-queries.ts';
import { useServices } from '../../app/services.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { formatDate } from '../../ui/format.ts';

/** The event's surveys and the member's answers to them, asked by the record's loader before the screen mounts. */
export async function prefetchSessionSurveys(queryClient: QueryClient, api: ApiClient, EventID: string, VarianceID: string) {
  const surveys = await queryClient.ensureQueryData(surveyQueries.list(api, EventID)).catch(() => []);
  await Promise.all(surveys.map((survey) => queryClient.prefetchQuery(surveyQueries.result(api, survey.SurveyID, VarianceID))));
}

/** Issue 17: once the session has started, its surveys (getEventSurveyList), each answered or not (getSurveyResult). */
export function SessionSurveys({ record }: { record: EventRecord }) {
  const { api } = useServices();
  // A booker's record says so by the server's clock (guest details close at the start); a guest's by the session's time.
  const started = record.Role === 'Booker' ? !record.CanEditGuests : record.Tab === 'ended' || Date.now() >= Date.parse(record.Session.StartAt);
  const open = started && record.Tab !== 'cancelled';
  const surveys = useQuery({ ...surveyQueries.list(api, record.EventID), enabled: open });
  if (!open || !surveys.data || surveys.data.length === 0) return null;
  return (
    <section className="section record-surveys" aria-labelledby="record-surveys-title">
      <h2 id="record-surveys-title">
        <Trans>Your tasting notes</Trans>
      </h2>
      <ul className="record-survey-list">
        {surveys.data.map((survey) => (
          <SurveyRow key={survey.SurveyID} survey={survey} record={record} several={surveys.data.length > 1} />
        ))}
      </ul>
    </section>
  );
}

function SurveyRow({ survey, record, several }: { survey: EventSurvey; record: EventRecord; several: boolean }) {
  const { api } = useServices();
  const pick = useBilingual();
  const result = useQuery(surveyQueries.result(api, survey.SurveyID, record.VarianceID));
  const submitted = result.data?.SubmitTime;
  const date = submitted ? formatDate(submitted) : undefined;
  const link = { to: '/survey/$eventID/$varianceID', params: { eventID: record.EventID, varianceID: record.VarianceID }, search: several ? { surveyID: survey.SurveyID } : {} } as const;
  return (
    <li className="record-survey">
      <p className="record-survey-title">{pick(survey.Title)}</p>
      {date ? (
        <p className="record-survey-state">
          <span className="badge ok">
            <Trans>Submitted on {date}</Trans>
          </span>{' '}
          <Link {...link}>
            <Trans>See your answers</Trans>
          </Link>
        </p>
      ) : result.isPending ? null : (
        <Link {...link} className="button small primary">
          <Trans>Answer the survey</Trans>
        </Link>
      )}
    </li>
  );
}

