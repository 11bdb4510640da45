import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useMemo, useState, type FormEvent } from 'react';
import * as forgot from '../../../machines/forgot-password/forgot-password.selectors.ts';
import { useServices } from '../../app/services.ts';
import { useFlow } from '../../app/use-flow.ts';
import { useStore } from '../../app/store.ts';
import { Field, FormError } from '../../ui/Field.tsx';
import { Popup } from '../../ui/Popup.tsx';
import { authMessage } from '../../api/account-messages.ts';
import { createForgotPasswordFlow } from './forgot-password.actors.ts';
import { CODE_PATTERN, confirmError, emailError, INVALID_CODE, passwordError } from '../../ui/validation.ts';

export function ForgotPasswordPopup(props: { email?: string; onClose: () => void }) {
  const { api, preferences, popups } = useServices();
  const { locale } = useStore(preferences);
  const { t, i18n } = useLingui();
  const machine = useMemo(() => createForgotPasswordFlow(api, locale), [api, locale]);
  const flow = useFlow(machine);
  const busy = useSelector(flow, forgot.isBusy);
  const errorCode = useSelector(flow, forgot.errorCode);
  const enteringCode = useSelector(flow, forgot.isEnteringCode);
  const canResend = useSelector(flow, forgot.canResend);
  const done = useSelector(flow, forgot.isDone);
  const sentTo = useSelector(flow, forgot.email);

  const [email, setEmail] = useState(props.email ?? '');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState(false);
  const edit = () => errorCode && flow.send({ type: 'EDIT' });

  if (done) {
    return (
      <Popup title={<Trans>Password changed</Trans>} onClose={props.onClose}>
        <p role="status">
          <Trans>Your password has been changed. Log in with your new password.</Trans>
        </p>
        <button type="button" className="button primary wide" onClick={() => popups.open('login')}>
          <Trans>Log in</Trans>
        </button>
      </Popup>
    );
  }

  if (enteringCode) {
    const problems = {
      code: CODE_PATTERN.test(code) ? undefined : INVALID_CODE,
      password: passwordError(password),
      confirm: confirmError(password, confirm),
    };
    const submit = (e: FormEvent) => {
      e.preventDefault();
      setTouched(true);
      if (!Object.values(problems).some(Boolean)) flow.send({ type: 'SUBMIT_CODE', code, password });
    };
    return (
      <Popup title={<Trans>Choose a new password</Trans>} onClose={props.onClose}>
        <form className="form" onSubmit={submit} noValidate aria-busy={busy}>
          <p>
            <Trans>If {sentTo} has an account, we have sent it a 6-digit code.</Trans>
          </p>
          <Field
            label={<Trans>Code</Trans>}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => {
              setCode(e.target.value.replace(/\D/g, ''));
              edit();
            }}
            error={touched && problems.code ? i18n._(problems.code) : undefined}
          />
          <Field
            label={<Trans>New password</Trans>}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              edit();
            }}
            error={touched && problems.password ? i18n._(problems.password) : undefined}
          />
          <Field
            label={<Trans>Confirm password</Trans>}
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            error={touched && problems.confirm ? i18n._(problems.confirm) : undefined}
          />
          {errorCode && <FormError>{i18n._(authMessage(errorCode))}</FormError>}
          <button type="submit" className="button primary wide" disabled={busy}>
            {busy ? t`Saving…` : t`Save new password`}
          </button>
          <button type="button" className="link-button" disabled={!canResend} onClick={() => flow.send({ type: 'RESEND' })}>
            <Trans>Send a new code</Trans>
          </button>
        </form>
      </Popup>
    );
  }

  const problem = touched ? emailError(email) : undefined;
  return (
    <Popup title={<Trans>Forgot password</Trans>} onClose={props.onClose}>
      <form
        className="form"
        noValidate
        aria-busy={busy}
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (!emailError(email)) flow.send({ type: 'SUBMIT_EMAIL', email: email.trim() });
        }}
      >
        <p>
          <Trans>Enter your e-mail and we will send you a code to choose a new password.</Trans>
        </p>
        <Field
          label={<Trans>E-mail</Trans>}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            edit();
          }}
          error={problem && i18n._(problem)}
        />
        {errorCode && <FormError>{i18n._(authMessage(errorCode))}</FormError>}
        <button type="submit" className="button primary wide" disabled={busy}>
          {busy ? t`Sending…` : t`Send code`}
        </button>
      </form>
    </Popup>
  );
}
