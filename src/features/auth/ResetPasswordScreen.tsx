import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { ErrorCode, userUpdateForgetPassword } from '../../../contract/index.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { Field, FormError } from '../../ui/Field.tsx';
import { authMessage } from '../../api/account-messages.ts';
import { confirmError, passwordError } from '../../ui/validation.ts';

const route = getRouteApi('/reset_password');

/** The password-reset link: a new password set with the link's temporary token. */
export function ResetPasswordScreen() {
  const { api, popups } = useServices();
  const { token } = route.useSearch();
  const { t, i18n } = useLingui();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState(false);
  const save = useMutation({
    mutationFn: (proposedPassword: string) => api.call(userUpdateForgetPassword, { accessToken: token ?? '', proposedPassword }),
    meta: { handlesErrors: true },
  });
  const problems = { password: passwordError(password), confirm: confirmError(password, confirm) };

  if (!token) {
    return (
      <section className="page state-page">
        <h1>
          <Trans>This reset link is incomplete</Trans>
        </h1>
        <button type="button" className="button primary" onClick={() => popups.open('forgotPassword', {})}>
          <Trans>Send me a new link</Trans>
        </button>
      </section>
    );
  }
  if (save.isSuccess) {
    return (
      <section className="page state-page" role="status">
        <h1>
          <Trans>Password changed</Trans>
        </h1>
        <p>
          <Trans>Your password has been changed. Log in with your new password.</Trans>
        </p>
        <button type="button" className="button primary" onClick={() => popups.open('login')}>
          <Trans>Log in</Trans>
        </button>
      </section>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!problems.password && !problems.confirm) save.mutate(password);
  };
  const failure = errorCode(save.error);
  return (
    <form className="page form narrow" onSubmit={submit} noValidate aria-busy={save.isPending}>
      <h1>
        <Trans>Choose a new password</Trans>
      </h1>
      <Field
        label={<Trans>New password</Trans>}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
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
      {failure && <FormError>{i18n._(authMessage(failure))}</FormError>}
      {failure === ErrorCode.ExpiredCodeException && (
        <button type="button" className="link-button" onClick={() => popups.open('forgotPassword', {})}>
          <Trans>Send me a new link</Trans>
        </button>
      )}
      <button type="submit" className="button primary wide" disabled={save.isPending}>
        {save.isPending ? t`Saving…` : t`Save new password`}
      </button>
    </form>
  );
}
