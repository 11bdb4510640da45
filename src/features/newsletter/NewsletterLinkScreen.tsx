import { Trans } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { ErrorCode, newsletterConfirm, newsletterUnsubscribe } from '../../../contract/index.ts';
import { NETWORK_ERROR } from '../../../machines/shared/codes.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import './newsletter.css';

const confirmRoute = getRouteApi('/newsletter/confirm');
const unsubscribeRoute = getRouteApi('/newsletter/unsubscribe');

/** The newsletter's confirmation link (/newsletter/confirm?token=…): confirms once opened, and says so. */
export function NewsletterConfirmScreen() {
  const { token } = confirmRoute.useSearch();
  return <LinkPage action="confirm" token={token} />;
}

/** Every newsletter's unsubscribe link (/newsletter/unsubscribe?token=…): unsubscribes once opened, and says so. */
export function NewsletterUnsubscribeScreen() {
  const { token } = unsubscribeRoute.useSearch();
  return <LinkPage action="unsubscribe" token={token} />;
}

function LinkPage({ action, token }: { action: 'confirm' | 'unsubscribe'; token: string | undefined }) {
  const { api } = useServices();
  const run = useMutation({
    mutationKey: ['newsletter', action, token],
    mutationFn: (Token: string) => api.call(action === 'confirm' ? newsletterConfirm : newsletterUnsubscribe, { Token }),
    meta: { handlesErrors: true },
  });
  const { mutate } = run;
  // Once per link: a confirmation link is used up by its first use.
  const sent = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    mutate(token);
  }, [token, mutate]);

  const failure = !token ? ErrorCode.ObjectNotFound : run.isError ? (errorCode(run.error) ?? NETWORK_ERROR) : undefined;
  const email = run.data?.Email;
  return (
    <section className="page state-page newsletter-link-page" aria-live="polite">
      {run.isSuccess ? (
        action === 'confirm' ? (
          <>
            <h1>
              <Trans>You are subscribed</Trans>
            </h1>
            <p>
              <Trans>
                Our newsletter will come to <strong>{email}</strong>. Every issue has a link to unsubscribe in one click.
              </Trans>
            </p>
          </>
        ) : (
          <>
            <h1>
              <Trans>You are unsubscribed</Trans>
            </h1>
            <p>
              <Trans>
                No more newsletters will be sent to <strong>{email}</strong>. Changed your mind? Sign up again at the foot of any page.
              </Trans>
            </p>
          </>
        )
      ) : failure ? (
        <>
          <h1>{action === 'confirm' ? <Trans>This confirmation link does not work</Trans> : <Trans>This unsubscribe link does not work</Trans>}</h1>
          <p>
            {failure === NETWORK_ERROR || (failure !== ErrorCode.ObjectNotFound && failure !== ErrorCode.InvalidParameter && failure !== ErrorCode.MissingParameter) ? (
              <Trans>The shop did not answer. Check your connection and try again.</Trans>
            ) : action === 'confirm' ? (
              <Trans>It may have expired (links work for 7 days) or been used already. Sign up again at the foot of any page for a new one.</Trans>
            ) : (
              <Trans>The link is incomplete or not ours. Copy the whole link from the newsletter mail.</Trans>
            )}
          </p>
          {token && (failure === NETWORK_ERROR || (failure !== ErrorCode.ObjectNotFound && failure !== ErrorCode.InvalidParameter)) && (
            <button type="button" className="button primary" onClick={() => mutate(token)}>
              <Trans>Try again</Trans>
            </button>
          )}
        </>
      ) : (
        <p className="muted" role="status">
          {action === 'confirm' ? <Trans>Confirming your subscription…</Trans> : <Trans>Unsubscribing…</Trans>}
        </p>
      )}
      {(run.isSuccess || failure) && (
        <Link to="/home" className="button">
          <Trans>Back to the shop</Trans>
        </Link>
      )}
    </section>
  );
}
