import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, Link, useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import * as signUp from '../../../machines/sign-up/sign-up.selectors.ts';
import { useServices } from '../../app/services.ts';
import { useFlow } from '../../app/use-flow.ts';
import { FormError } from '../../ui/Field.tsx';
import { authMessage } from '../../api/account-messages.ts';
import { createSignUpFlow } from './sign-up.actors.ts';

const route = getRouteApi('/verify_sign_up');

/** The verification link of the sign-up mail: confirms the code from the address, signs in, shows success. */
export function VerifySignUpScreen() {
  const { api, session, popups } = useServices();
  const { email, code } = route.useSearch();
  const router = useRouter();
  const { t, i18n } = useLingui();
  const machine = useMemo(() => createSignUpFlow(api), [api]);
  // Starting with the e-mail puts the flow straight at the code step.
  const flow = useFlow(machine, { input: { email: email ?? '' } });
  const busy = useSelector(flow, signUp.isBusy);
  const errorCode = useSelector(flow, signUp.errorCode);
  const canResend = useSelector(flow, signUp.canResend);
  const sent = useRef(false);

  useEffect(() => {
    if (!sent.current && email && code) {
      sent.current = true;
      flow.send({ type: 'SUBMIT_CODE', code });
    }
    const subscription = flow.subscribe((snapshot) => {
      if (snapshot.status !== 'done') return;
      session.send({ type: 'SIGNED_IN', tokens: snapshot.output.tokens });
      void router.navigate({ to: '/verify_success', replace: true });
    });
    return () => subscription.unsubscribe();
  }, [flow, email, code, session, router]);

  if (!email || !code) {
    return (
      <section className="page state-page">
        <h1>
          <Trans>This verification link is incomplete</Trans>
        </h1>
        <button type="button" className="button primary" onClick={() => popups.open('signUp', { email })}>
          <Trans>Enter the verification code</Trans>
        </button>
      </section>
    );
  }
  return (
    <section className="page state-page" aria-busy={busy}>
      <h1>{errorCode ? t`We could not verify your e-mail` : t`Verifying your e-mail…`}</h1>
      {errorCode && (
        <>
          <FormError>{i18n._(authMessage(errorCode))}</FormError>
          <button type="button" className="button primary" disabled={!canResend} onClick={() => flow.send({ type: 'RESEND' })}>
            <Trans>Send a new code</Trans>
          </button>
          <button type="button" className="link-button" onClick={() => popups.open('signUp', { email })}>
            <Trans>Enter the verification code</Trans>
          </button>
        </>
      )}
    </section>
  );
}

export function VerifySuccessScreen() {
  const { pageHistory } = useServices();
  return (
    <section className="page state-page" role="status">
      <h1>
        <Trans>Your e-mail is verified</Trans>
      </h1>
      <p>
        <Trans>Welcome to Sip &amp; Gather. You are signed in.</Trans>
      </p>
      <Link to={pageHistory.redirectTarget()} className="button primary">
        <Trans>Continue</Trans>
      </Link>
    </section>
  );
}
