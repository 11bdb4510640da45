import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import * as v from 'valibot';
import { NEWSLETTER_BODY_MAX, NEWSLETTER_SUBJECT_MAX, NewsletterBody, NewsletterSubject } from '../../../contract/staff-newsletter-fields.ts';
import * as flowOf from '../../../machines/newsletter-send/newsletter-send.selectors.ts';
import type { NewsletterWords } from '../../../machines/newsletter-send/newsletter-send.types.ts';
import { useServices } from '../../app/services.ts';
import { useFlow } from '../../app/use-flow.ts';
import { Field, FormError } from '../../ui/Field.tsx';
import { formatNumber } from '../../ui/format.ts';
import { Popup } from '../../ui/Popup.tsx';
import { StepProgress } from '../../ui/StepProgress.tsx';
import { useNewsletterErrorText } from './content-words.ts';
import { createNewsletterSendFlow } from './newsletter-send.actors.ts';

type WordField = 'subjectEn' | 'subjectZh' | 'bodyEn' | 'bodyZh';

/** Paragraphs as the mail writes them (services/newsletter/issues.ts): blank lines split them. */
export const paragraphsOf = (body: string) =>
  body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

/** An issue as subscribers read it, in English and in Chinese side by side (one under the other on a phone). */
export function IssuePreview({ words }: { words: NewsletterWords }) {
  const { t } = useLingui();
  const letter = (lang: 'en' | 'zh', heading: ReactNode) => (
    <article className="newsletter-letter" lang={lang === 'zh' ? 'zh-Hant' : 'en'} aria-label={lang === 'zh' ? t`In Chinese` : t`In English`}>
      <p className="muted small">{heading}</p>
      <h4>{words.Subject[lang]}</h4>
      {paragraphsOf(words.Body[lang]).map((p, i) => (
        <p key={i}>{p}</p>
      ))}
      <p className="muted small">{lang === 'zh' ? '取消訂閱' : 'Unsubscribe'}</p>
    </article>
  );
  return (
    <div className="content-form-pair">
      {letter('en', <Trans>In English</Trans>)}
      {letter('zh', <Trans>In Chinese</Trans>)}
    </div>
  );
}

/**
 * Writing and sending one issue (machines/newsletter-send): write (save the draft as often as wanted), preview both
 * languages, confirm with the number of subscribers it goes to, send. The composer makes one RequestID when it
 * opens: a double press or Try again after a lost answer sends the issue once.
 */
export function NewsletterComposer({ issueID, words: initial, onClose }: { issueID?: string | undefined; words: NewsletterWords; onClose: () => void }) {
  const services = useServices();
  const { t, i18n } = useLingui();
  const errorText = useNewsletterErrorText();
  const machine = useMemo(() => createNewsletterSendFlow(services), [services]);
  const [requestID] = useState(() => crypto.randomUUID());
  const flow = useFlow(machine, { input: { IssueID: issueID, Words: initial, RequestID: requestID } });
  const composing = useSelector(flow, flowOf.isComposing);
  const saving = useSelector(flow, flowOf.isSaving);
  const previewing = useSelector(flow, flowOf.isPreviewing);
  const confirming = useSelector(flow, flowOf.isConfirming);
  const sending = useSelector(flow, flowOf.isSending);
  const failed = useSelector(flow, flowOf.isFailed);
  const cancelled = useSelector(flow, flowOf.isCancelled);
  const saved = useSelector(flow, flowOf.draftSaved);
  const words = useSelector(flow, flowOf.words);
  const audience = useSelector(flow, flowOf.audience);
  const error = useSelector(flow, flowOf.error);
  const sent = useSelector(flow, flowOf.sent);
  const canSend = useSelector(flow, flowOf.canSend);
  const savedID = useSelector(flow, flowOf.issueID);
  const [values, setValues] = useState<Record<WordField, string>>(() => ({
    subjectEn: initial.Subject.en,
    subjectZh: initial.Subject.zh,
    bodyEn: initial.Body.en,
    bodyZh: initial.Body.zh,
  }));
  const [invalid, setInvalid] = useState<Partial<Record<WordField, true>>>({});
  const bodyIds = { bodyEn: useId(), bodyZh: useId() };
  useEffect(() => {
    if (cancelled) onClose();
  }, [cancelled, onClose]);

  const subjectMax = formatNumber(NEWSLETTER_SUBJECT_MAX, i18n.locale);
  const bodyMax = formatNumber(NEWSLETTER_BODY_MAX, i18n.locale);
  const fieldWords: Record<WordField, string> = {
    subjectEn: t`Enter the English subject (at most ${subjectMax} characters).`,
    subjectZh: t`Enter the Chinese subject (at most ${subjectMax} characters).`,
    bodyEn: t`Enter the English text (at most ${bodyMax} characters).`,
    bodyZh: t`Enter the Chinese text (at most ${bodyMax} characters).`,
  };
  const step = composing || saving ? 0 : previewing ? 1 : 2;
  const stepNames = [t`Write`, t`Preview`, t`Send`];
  const stepName = stepNames[step]!;
  const stepNumber = step + 1;

  const submit = (type: 'SAVE' | 'PREVIEW') => (e?: FormEvent) => {
    e?.preventDefault();
    if (!composing) return;
    // The calls' own schemas: trimmed, not empty, within their lengths.
    const subject = v.safeParse(NewsletterSubject, { en: values.subjectEn, zh: values.subjectZh });
    const body = v.safeParse(NewsletterBody, { en: values.bodyEn, zh: values.bodyZh });
    const wrong: Partial<Record<WordField, true>> = {};
    for (const issue of subject.issues ?? []) wrong[issue.path?.[0]?.key === 'zh' ? 'subjectZh' : 'subjectEn'] = true;
    for (const issue of body.issues ?? []) wrong[issue.path?.[0]?.key === 'zh' ? 'bodyZh' : 'bodyEn'] = true;
    setInvalid(wrong);
    if (subject.success && body.success) flow.send({ type, words: { Subject: subject.output, Body: body.output } });
  };
  const set = (field: WordField, value: string) => setValues((before) => ({ ...before, [field]: value }));
  const close = () => (sent ? onClose() : flow.getSnapshot().can({ type: 'CANCEL' }) ? flow.send({ type: 'CANCEL' }) : undefined);
  const title = savedID ? t`Newsletter issue: ${words.Subject.en || values.subjectEn}` : t`New newsletter issue`;
  const total = audience?.Total ?? 0;
  const en = audience?.En ?? 0;
  const zh = audience?.Zh ?? 0;

  const area = (field: 'bodyEn' | 'bodyZh', label: ReactNode) => {
    const id = bodyIds[field];
    const wrong = invalid[field] ? fieldWords[field] : undefined;
    return (
      <div className="field" data-invalid={!!wrong}>
        <label htmlFor={id}>{label}</label>
        <textarea
          id={id}
          rows={10}
          lang={field === 'bodyZh' ? 'zh-Hant' : undefined}
          value={values[field]}
          maxLength={NEWSLETTER_BODY_MAX}
          disabled={saving}
          onChange={(e) => set(field, e.target.value)}
          aria-invalid={!!wrong}
          aria-describedby={`${id}-hint${wrong ? ` ${id}-error` : ''}`}
        />
        <p id={`${id}-hint`} className="field-hint">
          <Trans>A blank line starts a new paragraph. The unsubscribe link is added at the foot.</Trans>
        </p>
        {wrong && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {wrong}
          </p>
        )}
      </div>
    );
  };

  return (
    <Popup title={title} onClose={close}>
      <div className="admin-dialog newsletter-composer">
        {!sent && <StepProgress count={<Trans>Step {stepNumber} of 3: {stepName}</Trans>} steps={stepNames} current={step} />}
        {sent ? (
          <>
            <p role="status">
              {sent.Issue.Status === 'sent'
                ? t`Sent. Every subscriber’s mail has gone.`
                : plural(sent.Issue.Recipients, { one: 'Sent. Its mail goes out to # subscriber now.', other: 'Sent. Its mails go out to # subscribers now.' })}
            </p>
            <div className="admin-dialog-actions">
              <button type="button" className="button primary" onClick={onClose}>
                <Trans>Done</Trans>
              </button>
            </div>
          </>
        ) : composing || saving ? (
          <form onSubmit={submit('PREVIEW')} noValidate aria-label={t`Write the issue`}>
            <div className="content-form-pair">
              <Field label={<Trans>Subject in English</Trans>} value={values.subjectEn} maxLength={NEWSLETTER_SUBJECT_MAX} disabled={saving} onChange={(e) => set('subjectEn', e.target.value)} error={invalid.subjectEn && fieldWords.subjectEn} />
              <Field
                label={<Trans>Subject in Chinese</Trans>}
                lang="zh-Hant"
                value={values.subjectZh}
                maxLength={NEWSLETTER_SUBJECT_MAX}
                disabled={saving}
                onChange={(e) => set('subjectZh', e.target.value)}
                error={invalid.subjectZh && fieldWords.subjectZh}
              />
            </div>
            <div className="content-form-pair">
              {area('bodyEn', <Trans>Text in English</Trans>)}
              {area('bodyZh', <Trans>Text in Chinese</Trans>)}
            </div>
            {error && <FormError>{errorText(error)}</FormError>}
            {saved && (
              <p className="admin-done" role="status">
                <Trans>Draft saved.</Trans>
              </p>
            )}
            <div className="admin-dialog-actions">
              <button type="submit" className="button primary" aria-disabled={saving} aria-busy={saving}>
                {saving ? <Trans>Saving…</Trans> : <Trans>Preview</Trans>}
              </button>
              <button type="button" className="button" aria-disabled={saving} onClick={() => submit('SAVE')()}>
                <Trans>Save draft</Trans>
              </button>
              <button type="button" className="button" onClick={close}>
                <Trans>Close</Trans>
              </button>
            </div>
          </form>
        ) : previewing ? (
          <>
            <p>
              <Trans>This is the issue as subscribers will read it. Each reads the language they chose.</Trans>
            </p>
            <IssuePreview words={words} />
            <div className="admin-dialog-actions">
              <button type="button" className="button primary" onClick={() => flow.send({ type: 'NEXT' })}>
                <Trans>Next</Trans>
              </button>
              <button type="button" className="button" onClick={() => flow.send({ type: 'EDIT' })}>
                <Trans>Edit</Trans>
              </button>
              <button type="button" className="button" onClick={close}>
                <Trans>Close</Trans>
              </button>
            </div>
          </>
        ) : (
          <>
            <p>
              {total === 0 ? (
                t`No one is subscribed yet: there is no one to send it to.`
              ) : (
                <>
                  {plural(total, { one: 'It goes to # subscriber.', other: 'It goes to # subscribers.' })} {t`In English: ${en}. In Chinese: ${zh}.`}{' '}
                  <Trans>Once sent, it cannot be changed.</Trans>
                </>
              )}
            </p>
            {failed && error && <FormError>{errorText(error)}</FormError>}
            {sending && (
              <p role="status">
                <Trans>Sending…</Trans>
              </p>
            )}
            <div className="admin-dialog-actions">
              {failed ? (
                // Sent meanwhile by someone else: trying again cannot help. A button of its own (key), so the second
                // click of a double click on Send that failed fast does not land on it.
                error !== 'NewsletterAlreadySent' && (
                  <button key="retry" type="button" className="button primary" onClick={() => flow.send({ type: 'RETRY' })}>
                    <Trans>Try again</Trans>
                  </button>
                )
              ) : (
                total > 0 && (
                  <button key="send" type="button" className="button primary" aria-disabled={!canSend} aria-busy={sending} onClick={() => flow.send({ type: 'SEND' })}>
                    {plural(total, { one: 'Send to # subscriber', other: 'Send to # subscribers' })}
                  </button>
                )
              )}
              {confirming && (
                <button type="button" className="button" onClick={() => flow.send({ type: 'BACK' })}>
                  <Trans>Back to the preview</Trans>
                </button>
              )}
              {!sending && (
                <button type="button" className="button" onClick={close}>
                  <Trans>Close</Trans>
                </button>
              )}
            </div>
          </>
        )}
      </div>
    </Popup>
  );
}
