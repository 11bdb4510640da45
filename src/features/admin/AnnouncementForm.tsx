import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { staffSendAnnouncement, type CallBodyInput } from '../../../contract/index.ts';
import { AnnouncementBody, AnnouncementTitle, ShopLinkPath } from '../../../contract/announcement-fields.ts';
import { ApiError } from '../../api/client.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { Field, FieldFrame, FormError } from '../../ui/Field.tsx';
import { hongKongDateTime } from '../../ui/event-dates.ts';
import { useAdminErrorText } from './admin-words.ts';
import './dashboard.css';

type Words = { titleEn: string; titleZh: string; bodyEn: string; bodyZh: string; link: string };
type FieldName = keyof Words;
const BLANK: Words = { titleEn: '', titleZh: '', bodyEn: '', bodyZh: '', link: '' };

/** Each field checked with the call's own schema (contract/announcement-fields.ts). */
const SCHEMAS: Record<FieldName, v.GenericSchema<string, string>> = {
  titleEn: AnnouncementTitle,
  titleZh: AnnouncementTitle,
  bodyEn: AnnouncementBody,
  bodyZh: AnnouncementBody,
  link: ShopLinkPath,
};

/** A new key for one filling of the form: every press of this filling sends it, so the server sends the words once. */
const newRequestId = () => crypto.randomUUID();

/**
 * A push announcement to every device on the shop's global topic (issue 32, staff-send-announcement), in English
 * and Chinese, optionally opening a page of the shop. The form makes one RequestID when it is filled: a double
 * press, or Send again after a lost answer, sends the words once (the server answers the repeat as Repeated).
 * Once sent the words are kept read-only until staff start a new announcement, with a new RequestID.
 */
export function AnnouncementForm() {
  const { api } = useServices();
  const { t } = useLingui();
  const errorText = useAdminErrorText();
  const [words, setWords] = useState<Words>(BLANK);
  const [invalid, setInvalid] = useState<Partial<Record<FieldName, boolean>>>({});
  const [requestId, setRequestId] = useState(newRequestId);
  // Set on the first press, before React renders the pending state: a second press in the same moment sends nothing.
  const pressed = useRef(false);
  const send = useMutation({
    mutationFn: (body: CallBodyInput<typeof staffSendAnnouncement>) => api.call(staffSendAnnouncement, body),
    onError: () => {
      pressed.current = false;
    },
    meta: { handlesErrors: true },
  });
  const code = errorCode(send.error);
  const reusedKey = send.error instanceof ApiError && send.error.code === 'InvalidParameter' && send.error.details.field === 'RequestID';
  const done = send.data;
  const headingId = useId();

  const messages: Record<FieldName, string> = {
    titleEn: t`Enter a title in English (at most 80 characters).`,
    titleZh: t`Enter a title in Chinese (at most 80 characters).`,
    bodyEn: t`Enter the message in English (at most 300 characters).`,
    bodyZh: t`Enter the message in Chinese (at most 300 characters).`,
    link: t`Enter a page of the shop starting with one /, such as /new_in (not a full web address), or leave it empty.`,
  };
  const edit = (name: FieldName) => (value: string) => setWords((w) => ({ ...w, [name]: value }));
  const error = (name: FieldName) => (invalid[name] ? messages[name] : undefined);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (pressed.current || done) return;
    const checked = (Object.keys(SCHEMAS) as FieldName[]).map((name) => {
      // An empty link is no link: the notification opens the home page.
      if (name === 'link' && words.link.trim() === '') return [name, { success: true, output: undefined }] as const;
      return [name, v.safeParse(SCHEMAS[name], words[name])] as const;
    });
    setInvalid(Object.fromEntries(checked.map(([name, r]) => [name, !r.success])));
    if (!checked.every(([, r]) => r.success)) return;
    const out = Object.fromEntries(checked.map(([name, r]) => [name, r.output])) as Record<FieldName, string | undefined>;
    pressed.current = true;
    send.mutate({
      RequestID: requestId,
      Title: { en: out.titleEn!, zh: out.titleZh! },
      Body: { en: out.bodyEn!, zh: out.bodyZh! },
      ...(out.link ? { Link: out.link } : {}),
    });
  };

  const startAgain = () => {
    setWords(BLANK);
    setInvalid({});
    setRequestId(newRequestId());
    pressed.current = false;
    send.reset();
  };

  const locked = send.isPending || !!done;
  const sentAt = done ? hongKongDateTime(done.SentAt) : '';
  const delivered = done?.Delivery.Sent ?? 0;
  const failed = done ? done.Delivery.Failed + done.Delivery.Refused : 0;
  return (
    <section className="dashboard-card" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <Trans>Send an announcement</Trans>
      </h3>
      <p className="muted small">
        <Trans>A push notification to every device that takes the shop’s news: members read it in their language, everyone else in English.</Trans>
      </p>
      <form className="announcement-form" onSubmit={submit} noValidate aria-label={t`Announcement`}>
        <Field label={<Trans>Title (English)</Trans>} value={words.titleEn} maxLength={80} readOnly={locked} onChange={(e) => edit('titleEn')(e.target.value)} error={error('titleEn')} />
        <Field
          label={<Trans>Title (Chinese)</Trans>}
          lang="zh-Hant"
          value={words.titleZh}
          maxLength={80}
          readOnly={locked}
          onChange={(e) => edit('titleZh')(e.target.value)}
          error={error('titleZh')}
        />
        <FieldFrame
          label={<Trans>Message (English)</Trans>}
          error={error('bodyEn')}
          control={(links) => <textarea {...links} value={words.bodyEn} maxLength={300} readOnly={locked} onChange={(e) => edit('bodyEn')(e.target.value)} />}
        />
        <FieldFrame
          label={<Trans>Message (Chinese)</Trans>}
          error={error('bodyZh')}
          control={(links) => (
            <textarea {...links} lang="zh-Hant" value={words.bodyZh} maxLength={300} readOnly={locked} onChange={(e) => edit('bodyZh')(e.target.value)} />
          )}
        />
        <div className="announcement-wide">
          <Field
            label={<Trans>Opens (optional)</Trans>}
            hint={<Trans>A page of the shop, such as /new_in. Empty: the home page.</Trans>}
            value={words.link}
            maxLength={200}
            autoComplete="off"
            spellCheck={false}
            readOnly={locked}
            onChange={(e) => edit('link')(e.target.value)}
            error={error('link')}
          />
        </div>
        <div className="announcement-wide" aria-live="polite">
          {done && (
            <p className="admin-done" role="status">
              {done.Repeated ? (
                <Trans>Already sent at {sentAt}: nothing was sent again.</Trans>
              ) : (
                <Trans>
                  Sent at {sentAt}. Devices reached: {delivered}; not reached: {failed}.
                </Trans>
              )}
            </p>
          )}
        </div>
        {code && (
          <div className="announcement-wide">
            <FormError>
              {reusedKey ? <Trans>This announcement was already sent with other words. Start a new announcement to send these.</Trans> : errorText(code, 'load')}
            </FormError>
          </div>
        )}
        <div className="announcement-wide admin-actions">
          {done || reusedKey ? (
            <button type="button" className="button" onClick={startAgain}>
              <Trans>Write a new announcement</Trans>
            </button>
          ) : (
            <button type="submit" className="button primary" disabled={send.isPending} aria-busy={send.isPending}>
              {send.isPending ? <Trans>Sending…</Trans> : code ? <Trans>Send again</Trans> : <Trans>Send to every device</Trans>}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
