import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ErrorCode, ENQUIRY_TYPES, b2bEnquiry } from '../../../contract/index.ts';
import { NETWORK_ERROR } from '../../../machines/shared/codes.ts';
import { ApiError } from '../../api/client.ts';
import { errorCode } from '../../api/error-code.ts';
import { messageFor } from '../../api/error-messages.ts';
import { useServices } from '../../app/services.ts';
import { Field, FormError } from '../../ui/Field.tsx';
import { PhoneFields } from '../../ui/PhoneFields.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import { ENQUIRY_TYPE_NAMES, draftErrors, emptyDraft, refusedField, toBody, type DraftField, type EnquiryDraft } from './enquiry-form.ts';
import './b2b.css';

const FIELD_ORDER: readonly DraftField[] = ['FullName', 'Email', 'ContactNumber', 'EnquiryType', 'Message', 'PrivacyConsent'];

/**
 * Spec §2 b2b_enquiry: a business's enquiry (spec §3 fields). Checked field by field when sent, each problem
 * under its field and the first wrong one focused, then again as they are corrected (not on leaving a field:
 * a message appearing then moves the button under a pointer about to press it); a failed send keeps every
 * value and says why, with a retry; sent, it says what happens next.
 */
export function B2bEnquiryScreen() {
  const { api } = useServices();
  const { t, i18n } = useLingui();
  const [draft, setDraft] = useState<EnquiryDraft>(emptyDraft);
  const [shown, setShown] = useState<ReadonlySet<DraftField>>(new Set());
  const form = useRef<HTMLFormElement>(null);
  const send = useMutation({
    mutationFn: (d: EnquiryDraft) => api.call(b2bEnquiry, toBody(d, i18n.locale === 'zh-Hant' ? 'zh' : 'en')),
    meta: { handlesErrors: true },
  });
  const errors = draftErrors(draft);
  const errorOf = (field: DraftField) => {
    if (shown.has(field) && errors[field]) return i18n._(errors[field]);
    return refused?.field === field ? i18n._(refused.message) : undefined;
  };
  const set = <K extends keyof EnquiryDraft>(field: K, value: EnquiryDraft[K]) => setDraft((d) => ({ ...d, [field]: value }));

  // A field the server refused (a form sent past the checks here) shows its problem where it is.
  const failure = send.error ? (errorCode(send.error) ?? NETWORK_ERROR) : undefined;
  const refused = send.error instanceof ApiError ? refusedField(send.error) : undefined;

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    setShown(new Set(FIELD_ORDER));
    const first = FIELD_ORDER.find((f) => errors[f]);
    if (first) {
      form.current?.querySelector<HTMLElement>(`[data-field="${first}"] :is(input, select, textarea)`)?.focus();
      return;
    }
    send.mutate(draft);
  };

  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!send.isSuccess) return;
    // The answer replaces the form: its top, not the sticky bar's underside, and screen readers start there.
    window.scrollTo({ top: 0 });
    heading.current?.focus({ preventScroll: true });
  }, [send.isSuccess]);

  if (send.isSuccess) {
    const email = draft.Email.trim();
    return (
      <section className="page b2b-page b2b-sent" aria-labelledby="b2b-sent-title">
        <h1 id="b2b-sent-title" ref={heading} tabIndex={-1}>
          <Trans>Thank you, your enquiry is sent</Trans>
        </h1>
        <p>
          <Trans>Here is what happens next:</Trans>
        </p>
        <ol className="b2b-next">
          <li>
            <Trans>
              A copy of your enquiry is on its way to <strong>{email}</strong>. If it has not arrived in a few minutes, look in your spam folder.
            </Trans>
          </li>
          <li>
            <Trans>Our business team reads it and contacts you by e-mail or phone within 2 working days.</Trans>
          </li>
          <li>
            <Trans>To add anything meanwhile, reply to the confirmation mail.</Trans>
          </li>
        </ol>
        <div className="b2b-actions">
          <Link to="/home" className="button primary">
            <Trans>Back to the shop</Trans>
          </Link>
          <button
            type="button"
            className="button"
            onClick={() => {
              setDraft(emptyDraft());
              setShown(new Set());
              send.reset();
            }}
          >
            <Trans>Send another enquiry</Trans>
          </button>
        </div>
      </section>
    );
  }

  return (
    <div className="page b2b-page">
      <header className="b2b-intro">
        <h1>
          <Trans>Business enquiries</Trans>
        </h1>
        <p>
          <Trans>
            Hotels, restaurants, offices and shops: tell us what you are looking for — our collections, box sets or gifts made for your guests — and our
            business team will come back to you.
          </Trans>
        </p>
      </header>
      <form ref={form} className="form b2b-form" onSubmit={submit} noValidate aria-busy={send.isPending}>
        <div data-field="FullName">
          <Field
            label={<Trans>Full name</Trans>}
            autoComplete="name"
            maxLength={120}
            value={draft.FullName}
            onChange={(e) => set('FullName', e.target.value)}
            error={errorOf('FullName')}
            required
          />
        </div>
        <div data-field="Email">
          <Field
            label={<Trans>E-mail</Trans>}
            type="email"
            autoComplete="email"
            inputMode="email"
            value={draft.Email}
            onChange={(e) => set('Email', e.target.value)}
            error={errorOf('Email')}
            required
          />
        </div>
        <div data-field="ContactNumber">
          <PhoneFields
            label={<Trans>Contact number</Trans>}
            callingCode={draft.CountryCallingCode}
            phone={draft.ContactNumber}
            onCallingCode={(code) => set('CountryCallingCode', code)}
            onPhone={(phone) => set('ContactNumber', phone)}
            error={errorOf('ContactNumber')}
            required
          />
        </div>
        <div data-field="EnquiryType">
          <SelectField
            label={<Trans>Enquiry type</Trans>}
            value={draft.EnquiryType}
            onChange={(e) => set('EnquiryType', e.target.value as EnquiryDraft['EnquiryType'])}
            error={errorOf('EnquiryType')}
            required
          >
            <option value="" disabled>
              {t`Choose one`}
            </option>
            {ENQUIRY_TYPES.map((type) => (
              <option key={type} value={type}>
                {i18n._(ENQUIRY_TYPE_NAMES[type])}
              </option>
            ))}
          </SelectField>
        </div>
        <div data-field="Message" className="field" data-invalid={!!errorOf('Message')}>
          <label htmlFor="b2b-message">
            <Trans>Message (optional)</Trans>
          </label>
          <textarea
            id="b2b-message"
            rows={5}
            value={draft.Message}
            onChange={(e) => set('Message', e.target.value)}
            aria-invalid={!!errorOf('Message')}
            aria-describedby="b2b-message-hint"
          />
          <p id="b2b-message-hint" className="field-hint">
            <Trans>Quantities, dates, the kind of place you run: anything that helps us answer well.</Trans>
          </p>
          {errorOf('Message') && (
            <p className="field-error" role="alert">
              {errorOf('Message')}
            </p>
          )}
        </div>
        {/* The honeypot: hidden from people and from screen readers; a script that fills every field fills it. */}
        <div className="b2b-hp" aria-hidden="true">
          <label htmlFor="b2b-website">Website</label>
          <input id="b2b-website" name="website" tabIndex={-1} autoComplete="off" value={draft.Website} onChange={(e) => set('Website', e.target.value)} />
        </div>
        <div data-field="PrivacyConsent" className="b2b-consent" data-invalid={!!errorOf('PrivacyConsent')}>
          <label className="b2b-check">
            <input
              type="checkbox"
              checked={draft.PrivacyConsent}
              onChange={(e) => set('PrivacyConsent', e.target.checked)}
              aria-invalid={!!errorOf('PrivacyConsent')}
              aria-describedby={errorOf('PrivacyConsent') ? 'b2b-consent-error' : undefined}
              required
            />
            <span>
              <Trans>
                I agree that Sip & Gather keeps and uses these details to answer my enquiry, as the{' '}
                <Link to="/privacy_policy" target="_blank">
                  privacy policy
                </Link>{' '}
                says.
              </Trans>
            </span>
          </label>
          {errorOf('PrivacyConsent') && (
            <p id="b2b-consent-error" className="field-error" role="alert">
              {errorOf('PrivacyConsent')}
            </p>
          )}
        </div>
        {failure && !send.isPending && (
          <div className="b2b-failure">
            <FormError>
              {failure === NETWORK_ERROR ? (
                <Trans>Your enquiry could not be sent: the shop did not answer. Check your connection; everything you typed is still here.</Trans>
              ) : refused ? (
                <Trans>Your enquiry could not be sent: please check the marked field.</Trans>
              ) : failure === ErrorCode.LimitError ? (
                <Trans>Too many enquiries were sent from here in the last hour. Please try again later; everything you typed is still here.</Trans>
              ) : (
                <>
                  <Trans>Your enquiry could not be sent; everything you typed is still here.</Trans> {i18n._(messageFor(failure))}
                </>
              )}
            </FormError>
            {failure !== ErrorCode.LimitError && !refused && (
              <button type="button" className="button" onClick={() => submit()}>
                <Trans>Try again</Trans>
              </button>
            )}
          </div>
        )}
        <button type="submit" className="button primary wide" disabled={send.isPending}>
          {send.isPending ? t`Sending…` : t`Send enquiry`}
        </button>
      </form>
    </div>
  );
}
