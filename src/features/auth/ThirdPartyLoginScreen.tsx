import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import { ErrorCode, type TokenSet } from '../../../contract/index.ts';
import * as thirdParty from '../../../machines/third-party-sign-in/third-party-sign-in.selectors.ts';
import { NETWORK_ERROR, type CallCode } from '../../../machines/third-party-sign-in/third-party-sign-in.types.ts';
import { useServices } from '../../app/services.ts';
import { useFlow } from '../../app/use-flow.ts';
import { Field, FormError } from '../../ui/Field.tsx';
import { authMessage } from '../../api/account-messages.ts';
import { requiredError } from '../../ui/validation.ts';
import { createThirdPartySignInFlow } from './third-party-sign-in.actors.ts';

const route = getRouteApi('/third_party_login');

/** The code exchange was refused: the login has to start again. */
const EXCHANGE_MESSAGES: Partial<Record<CallCode, MessageDescriptor>> = {
  NotAuthorizedException: msg`This login has expired or could not be confirmed. Please log in again.`,
  AccountDisabled: msg`This account has been disabled.`,
};
/** While linking, a refused request means the pending link has expired. */
const LINK_MESSAGES: Partial<Record<CallCode, MessageDescriptor>> = {
  NotAuthorizedException: msg`This link request has expired. Please log in with the provider again.`,
};

/**
 * /third_party_login: the provider sent the browser back with a code. Exchanges it and signs in;
 * an e-mail that already has an account asks for that account's password to link the two (spec §4).
 */
export function ThirdPartyLoginScreen() {
  const { code, state, error } = route.useSearch();
  if (error || !code || !state) return <LoginNotCompleted cancelled={!!error} />;
  return <ThirdPartyExchange code={code} state={state} />;
}

function LoginNotCompleted(props: { cancelled: boolean }) {
  const { popups } = useServices();
  return (
    <section className="page state-page">
      <h1>{props.cancelled ? <Trans>The login was cancelled</Trans> : <Trans>This login link is incomplete</Trans>}</h1>
      <p>
        <Trans>You are not logged in. Please try again.</Trans>
      </p>
      <button type="button" className="button primary" onClick={() => popups.open('login')}>
        <Trans>Log in</Trans>
      </button>
    </section>
  );
}

function ThirdPartyExchange(props: { code: string; state: string }) {
  const { api, session, pageHistory, popups } = useServices();
  const router = useRouter();
  const { t, i18n } = useLingui();
  // A code works once: the flow keeps its exchange, so a restart (React's strict effects) reuses it.
  const [machine] = useState(() => createThirdPartySignInFlow(api));
  const flow = useFlow(machine, { input: { code: props.code, state: props.state } });
  const busy = useSelector(flow, thirdParty.isBusy);
  const errorCode = useSelector(flow, thirdParty.errorCode);
  const needsPassword = useSelector(flow, thirdParty.needsPassword);
  const email = useSelector(flow, thirdParty.linkEmail);
  const failed = useSelector(flow, thirdParty.hasFailed);
  const rejected = useSelector(flow, thirdParty.isRejected);

  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const passwordProblem = touched ? requiredError(password) : undefined;

  useEffect(() => {
    const subscription = flow.subscribe((snapshot) => {
      if (snapshot.status !== 'done') return;
      const tokens: TokenSet | undefined = snapshot.output.tokens;
      if (!tokens) return;
      session.send({ type: 'SIGNED_IN', tokens });
      popups.closeAll();
      void router.navigate({ to: pageHistory.redirectTarget(), replace: true });
    });
    return () => subscription.unsubscribe();
  }, [flow, session, popups, pageHistory, router]);

  if (rejected) {
    return (
      <section className="page state-page">
        <h1>
          <Trans>We could not log you in</Trans>
        </h1>
        <FormError>{i18n._(EXCHANGE_MESSAGES[errorCode ?? ErrorCode.UnknownError] ?? authMessage(errorCode ?? ErrorCode.UnknownError))}</FormError>
        <button type="button" className="button primary" onClick={() => popups.open('login')}>
          <Trans>Log in again</Trans>
        </button>
      </section>
    );
  }

  if (needsPassword) {
    const submit = (e: FormEvent) => {
      e.preventDefault();
      setTouched(true);
      if (!requiredError(password)) flow.send({ type: 'SUBMIT_PASSWORD', password });
    };
    return (
      <section className="page state-page" aria-busy={busy}>
        <h1>
          <Trans>Link your accounts</Trans>
        </h1>
        <p>
          <Trans>
            This e-mail already has a Sip &amp; Gather account. Enter its password to link it with this login; from then on
            either way logs you in.
          </Trans>
        </p>
        <form className="form" onSubmit={submit} noValidate aria-busy={busy}>
          <Field label={<Trans>E-mail</Trans>} type="email" autoComplete="username" value={email ?? ''} readOnly />
          <Field
            label={<Trans>Password</Trans>}
            type="password"
            autoComplete="current-password"
            autoFocus
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              if (errorCode) flow.send({ type: 'EDIT' });
            }}
            error={passwordProblem && i18n._(passwordProblem)}
          />
          {errorCode && <FormError>{i18n._(LINK_MESSAGES[errorCode] ?? authMessage(errorCode))}</FormError>}
          {errorCode === ErrorCode.NotAuthorizedException && (
            <button type="button" className="link-button" onClick={() => popups.open('login')}>
              <Trans>Log in again</Trans>
            </button>
          )}
          <button type="submit" className="button primary wide" disabled={busy}>
            {busy ? t`Linking…` : t`Link and log in`}
          </button>
        </form>
        <div className="form-links">
          <button type="button" className="link-button" onClick={() => popups.open('forgotPassword', { email: email ?? '' })}>
            <Trans>Forgot password?</Trans>
          </button>
        </div>
      </section>
    );
  }

  if (failed) {
    return (
      <section className="page state-page">
        <h1>
          <Trans>We could not log you in</Trans>
        </h1>
        <FormError>{i18n._(authMessage(NETWORK_ERROR))}</FormError>
        <button type="button" className="button primary" onClick={() => flow.send({ type: 'RETRY' })}>
          <Trans>Try again</Trans>
        </button>
      </section>
    );
  }

  return (
    <section className="page state-page" aria-busy={busy} role="status">
      <h1>
        <Trans>Signing you in…</Trans>
      </h1>
    </section>
  );
}
