import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useMemo, useState, type FormEvent } from 'react';
import { ErrorCode, thirdPartyAuthorize, type ThirdPartyProvider } from '../../../contract/index.ts';
import * as signIn from '../../../machines/sign-in/sign-in.selectors.ts';
import { NETWORK_ERROR } from '../../../machines/sign-in/sign-in.types.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { useFlow } from '../../app/use-flow.ts';
import { Field, FormError } from '../../ui/Field.tsx';
import { Popup } from '../../ui/Popup.tsx';
import { authMessage } from '../../api/account-messages.ts';
import { createSignInFlow } from './sign-in.actors.ts';
import { useSignedIn } from './use-signed-in.ts';
import { emailError, passwordError, requiredError } from '../../ui/validation.ts';
import { isEmbeddedBrowser, PROVIDER_NAMES } from '../../ui/third-party.ts';
import { queries } from '../../api/queries.ts';
import { useSignInReason } from '../../ui/sign-in-reason.ts';

export function LoginPopup(props: { onClose: () => void }) {
  const { api, popups } = useServices();
  const { t, i18n } = useLingui();
  const machine = useMemo(() => createSignInFlow(api), [api]);
  const flow = useFlow(machine);
  const busy = useSelector(flow, signIn.isBusy);
  const errorCode = useSelector(flow, signIn.errorCode);
  const needsNewPassword = useSelector(flow, signIn.needsNewPassword);
  const failed = useSelector(flow, signIn.hasFailed);
  useSignedIn(flow);
  // Opened by "Add to bag" or a wishlist heart: say so (it is done once the visitor is logged in).
  const reason = useSignInReason();

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const emailProblem = touched ? emailError(email) : undefined;
  const passwordProblem = touched ? requiredError(password) : undefined;
  const newPasswordProblem = touched && needsNewPassword ? passwordError(newPassword) : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (needsNewPassword) {
      if (!passwordError(newPassword)) flow.send({ type: 'SUBMIT_NEW_PASSWORD', password: newPassword });
      return;
    }
    if (!emailError(email) && !requiredError(password)) flow.send({ type: 'SUBMIT', email: email.trim(), password });
  };
  const edit = () => errorCode && flow.send({ type: 'EDIT' });

  return (
    <Popup title={<Trans>Log in</Trans>} description={reason} onClose={props.onClose}>
      <form className="form" onSubmit={submit} noValidate aria-busy={busy}>
        {!needsNewPassword ? (
          <>
            <Field
              label={<Trans>E-mail</Trans>}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                edit();
              }}
              error={emailProblem && i18n._(emailProblem)}
            />
            <Field
              label={<Trans>Password</Trans>}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                edit();
              }}
              error={passwordProblem && i18n._(passwordProblem)}
            />
          </>
        ) : (
          <>
            <p>
              <Trans>Please choose a new password to continue.</Trans>
            </p>
            <Field
              label={<Trans>New password</Trans>}
              type="password"
              autoComplete="new-password"
              value={newPassword}
              onChange={(e) => setNewPassword(e.target.value)}
              error={newPasswordProblem && i18n._(newPasswordProblem)}
            />
          </>
        )}
        {errorCode && !failed && <FormError>{i18n._(authMessage(errorCode))}</FormError>}
        {failed && (
          <FormError>
            {i18n._(authMessage(NETWORK_ERROR))}{' '}
            <button type="button" className="link-button" onClick={() => flow.send({ type: 'RETRY' })}>
              <Trans>Try again</Trans>
            </button>
          </FormError>
        )}
        {errorCode === ErrorCode.UserNotConfirmedException && (
          <button type="button" className="link-button" onClick={() => popups.open('signUp', { email: email.trim() })}>
            <Trans>Enter the verification code</Trans>
          </button>
        )}
        <button type="submit" className="button primary wide" disabled={busy}>
          {busy ? t`Logging in…` : needsNewPassword ? t`Save and log in` : t`Log in`}
        </button>
      </form>
      {!needsNewPassword && <ThirdPartyLogin />}
      <div className="form-links">
        <button type="button" className="link-button" onClick={() => popups.open('forgotPassword', { email: email.trim() })}>
          <Trans>Forgot password?</Trans>
        </button>
        <button type="button" className="link-button" onClick={() => popups.open('signUp', {})}>
          <Trans>New here? Create an account</Trans>
        </button>
      </div>
    </Popup>
  );
}


/** One button per configured provider; nothing at all when none is configured. */
function ThirdPartyLogin() {
  const { api } = useServices();
  const { t, i18n } = useLingui();
  const providers = useQuery({ ...queries.thirdPartyProviders(api), meta: { handlesErrors: true } });
  const start = useMutation({
    mutationFn: (Provider: ThirdPartyProvider) => api.call(thirdPartyAuthorize, { Provider }),
    // Off to the provider; it sends the browser back to /third_party_login.
    onSuccess: ({ AuthorizationUrl }) => window.location.assign(AuthorizationUrl),
    meta: { handlesErrors: true },
  });
  const list = providers.data ?? [];
  if (list.length === 0) return null;
  const embedded = isEmbeddedBrowser(navigator.userAgent);
  const failure = errorCode(start.error);
  return (
    <div className="third-party-login" role="group" aria-label={t`Log in with another account`}>
      <p className="divider">
        <Trans>or</Trans>
      </p>
      {list.map((provider) => {
        const name = PROVIDER_NAMES[provider];
        if (provider === 'google' && embedded) {
          return (
            <p key={provider} className="field-hint">
              <Trans>Google login unavailable in embedded browsers</Trans>
            </p>
          );
        }
        return (
          <button
            key={provider}
            type="button"
            className="button wide"
            disabled={start.isPending || start.isSuccess}
            onClick={() => start.mutate(provider)}
          >
            <Trans>Continue with {name}</Trans>
          </button>
        );
      })}
      {failure && <FormError>{i18n._(authMessage(failure))}</FormError>}
    </div>
  );
}
