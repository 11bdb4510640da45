import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ErrorCode, newsletterSubscribe } from '../../../contract/index.ts';
import { NETWORK_ERROR } from '../../../machines/shared/codes.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { emailError } from '../../ui/validation.ts';
import { newsletterQueries } from './queries.ts';
import './newsletter.css';

/**
 * The newsletter's sign-up: the content-managed title and text, an e-mail field and the button. Double
 * opt-in: once sent, it says to open the confirmation link in the mail. For the footer and the landing
 * (the `newsletterSignup` slot). `placement`: in the footer (above its columns), or as a section of a page.
 */
export function NewsletterSignup({ placement = 'page' }: { placement?: 'footer' | 'page' }) {
  const { api } = useServices();
  const { t, i18n } = useLingui();
  const pick = useBilingual();
  const id = useId();
  const block = useQuery(newsletterQueries.block(api));
  const [email, setEmail] = useState('');
  const [checked, setChecked] = useState(false);
  const send = useMutation({
    mutationFn: (Email: string) => api.call(newsletterSubscribe, { Email, Language: i18n.locale === 'zh-Hant' ? 'zh' : 'en' }),
    meta: { handlesErrors: true },
  });
  const problem = checked ? emailError(email) : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    if (!emailError(email)) send.mutate(email.trim());
  };
  const failure = send.isError ? (errorCode(send.error) ?? NETWORK_ERROR) : undefined;
  const title = block.data ? pick(block.data.Title) : t`Newsletter`;

  return (
    <section className={`newsletter-signup newsletter-${placement}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="newsletter-title">
        {title}
      </h2>
      {send.isSuccess ? (
        <p role="status" className="newsletter-done">
          <Trans>
            Almost there: we sent a link to <strong>{send.variables}</strong>. Open it to confirm your subscription.
          </Trans>
        </p>
      ) : (
        <>
          {block.data && <p className="newsletter-text">{pick(block.data.Text)}</p>}
          <form className="newsletter-form" onSubmit={submit} noValidate aria-busy={send.isPending}>
            <label htmlFor={`${id}-email`} className="visually-hidden">
              <Trans>E-mail for the newsletter</Trans>
            </label>
            <input
              id={`${id}-email`}
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder={t`Your e-mail`}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={!!problem}
              aria-describedby={problem || failure ? `${id}-error` : undefined}
            />
            <button type="submit" className="button primary" disabled={send.isPending}>
              {send.isPending ? t`Sending…` : block.data ? pick(block.data.Button) : t`Subscribe`}
            </button>
          </form>
          {(problem || failure) && (
            <p id={`${id}-error`} className="newsletter-error" role="alert">
              {problem ? (
                i18n._(problem)
              ) : failure === ErrorCode.LimitError ? (
                <Trans>Too many sign-ups from here just now. Please try again in an hour.</Trans>
              ) : (
                <Trans>The sign-up could not be sent. Check your connection and press the button again.</Trans>
              )}
            </p>
          )}
        </>
      )}
    </section>
  );
}
