import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import * as entrySurvey from '../../../machines/entry-survey/entry-survey.selectors.ts';
import { useServices } from '../../app/services.ts';
import { useFlow } from '../../app/use-flow.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { FormError } from '../../ui/Field.tsx';
import { authMessage } from '../../api/account-messages.ts';
import { createEntrySurveyFlow } from './entry-survey.actors.ts';
import './auth.css';

const route = getRouteApi('/entry_survey');

/** Spec §2 and §4: the entry survey a member answers before paid-member pages; then back to where they were going. */
export function EntrySurveyScreen() {
  const { api, session } = useServices();
  const { returnTo } = route.useSearch();
  const router = useRouter();
  const pick = useBilingual();
  const { t, i18n } = useLingui();
  const machine = useMemo(() => createEntrySurveyFlow(api), [api]);
  const flow = useFlow(machine, { input: { returnTo: returnTo ?? '/home' } });
  const survey = useSelector(flow, entrySurvey.survey);
  const busy = useSelector(flow, entrySurvey.isBusy);
  const canSubmit = useSelector(flow, entrySurvey.canSubmit);
  const errorCode = useSelector(flow, entrySurvey.errorCode);
  const failed = useSelector(flow, entrySurvey.hasFailed);
  const snapshot = useSelector(flow, (s) => s);

  useEffect(() => {
    const subscription = flow.subscribe((snapshot) => {
      if (snapshot.status !== 'done') return;
      session.send({ type: 'STATUS_UPDATED', checking: { PreSurvey: true } });
      void router.navigate({ to: snapshot.output.returnTo, replace: true });
    });
    return () => subscription.unsubscribe();
  }, [flow, session, router]);

  if (failed) {
    return (
      <section className="page state-page" role="alert">
        <h1>
          <Trans>The survey could not be loaded</Trans>
        </h1>
        <button type="button" className="button primary" onClick={() => flow.send({ type: 'RETRY' })}>
          <Trans>Try again</Trans>
        </button>
      </section>
    );
  }
  if (!survey) return <div className="page pending" aria-busy="true" />;

  return (
    <form
      className="page form survey"
      aria-busy={busy}
      onSubmit={(e) => {
        e.preventDefault();
        flow.send({ type: 'SUBMIT' });
      }}
    >
      <h1>{pick(survey.Title)}</h1>
      <p className="muted">
        <Trans>A few questions before you go on, so we can suggest what suits you.</Trans>
      </p>
      {survey.Questions.map((q) => {
        const answer = entrySurvey.answerOf(snapshot, q.QuestionID);
        return (
          <fieldset key={q.QuestionID} className="survey-question">
            <legend>
              {pick(q.Title)}
              {!q.Required && <span className="muted"> {t`(optional)`}</span>}
            </legend>
            {q.Type === 'Text' ? (
              <textarea
                aria-label={pick(q.Title)}
                maxLength={1000}
                value={answer?.Text ?? ''}
                onChange={(e) => flow.send({ type: 'ANSWER', questionID: q.QuestionID, text: e.target.value })}
              />
            ) : (
              <div className="choice-grid">
                {q.Options.map((o) => {
                  const chosen = answer?.OptionIDs?.includes(o.OptionID) ?? false;
                  return (
                    <label key={o.OptionID} className="choice-chip" data-checked={chosen}>
                      <input
                        type={q.Type === 'Radio' ? 'radio' : 'checkbox'}
                        name={q.QuestionID}
                        checked={chosen}
                        onChange={(e) => {
                          const current = answer?.OptionIDs ?? [];
                          const optionIDs =
                            q.Type === 'Radio'
                              ? [o.OptionID]
                              : e.target.checked
                                ? [...current, o.OptionID]
                                : current.filter((id) => id !== o.OptionID);
                          flow.send({ type: 'ANSWER', questionID: q.QuestionID, optionIDs });
                        }}
                      />
                      {pick(o.Label)}
                    </label>
                  );
                })}
              </div>
            )}
          </fieldset>
        );
      })}
      {errorCode && <FormError>{i18n._(authMessage(errorCode))}</FormError>}
      <button type="submit" className="button primary wide" disabled={!canSubmit}>
        {busy ? t`Sending…` : t`Continue`}
      </button>
      {!canSubmit && !busy && (
        <p className="muted small">
          <Trans>Answer the questions without "(optional)" to continue.</Trans>
        </p>
      )}
    </form>
  );
}
