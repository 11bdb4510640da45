import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useMemo, useState, type FormEvent } from 'react';
import * as signUp from '../../../machines/sign-up/sign-up.selectors.ts';
import { useServices } from '../../app/services.ts';
import { useFlow } from '../../app/use-flow.ts';
import { useStore } from '../../app/store.ts';
import { Field, FormError } from '../../ui/Field.tsx';
import { Popup } from '../../ui/Popup.tsx';
import { authMessage } from '../../api/account-messages.ts';
import { createSignUpFlow } from './sign-up.actors.ts';
import { MembershipNote } from '../../ui/MembershipNote.tsx';
import { useSignUpReason } from './sign-up-reason.ts';
import { useSignedIn } from './use-signed-in.ts';
import { CODE_PATTERN, confirmError, emailError, INVALID_CODE, passwordError, requiredError } from '../../ui/validation.ts';

type Gender = 'male' | 'female' | 'other';

export function SignUpPopup(props: { email?: string; givenName?: string; familyName?: string; onClose: () => void }) {
  const { api, preferences, popups } = useServices();
  const { locale } = useStore(preferences);
  const { t, i18n } = useLingui();
  const machine = useMemo(() => createSignUpFlow(api, { language: locale }), [api, locale]);
  const flow = useFlow(machine, { input: { email: props.email } });
  const busy = useSelector(flow, signUp.isBusy);
  const errorCode = useSelector(flow, signUp.errorCode);
  const verifying = useSelector(flow, signUp.isVerifying);
  const canResend = useSelector(flow, signUp.canResend);
  const canSubmitCode = useSelector(flow, signUp.canSubmitCode);
  const sentTo = useSelector(flow, signUp.email);
  useSignedIn(flow);
  // Opened from a login popup that "Add to bag" or a wishlist heart opened: the same reason (issue 14), as a sign-up.
  const reason = useSignUpReason();

  const [form, setForm] = useState({ givenName: props.givenName ?? '', familyName: props.familyName ?? '', email: props.email ?? '', password: '', confirm: '', gender: '' });
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [codeTouched, setCodeTouched] = useState(false);
  const problems = {
    givenName: requiredError(form.givenName),
    familyName: requiredError(form.familyName),
    email: emailError(form.email),
    password: passwordError(form.password),
    confirm: confirmError(form.password, form.confirm),
  };
  const shown = (key: keyof typeof problems) => (touched && problems[key] ? i18n._(problems[key]!) : undefined);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
    if (errorCode) flow.send({ type: 'EDIT' });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (Object.values(problems).some(Boolean)) return;
    flow.send({
      type: 'SUBMIT',
      email: form.email.trim(),
      password: form.password,
      given_name: form.givenName.trim(),
      family_name: form.familyName.trim(),
      ...(form.gender ? { gender: form.gender as Gender } : {}),
    });
  };
  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    setCodeTouched(true);
    if (CODE_PATTERN.test(code.trim())) flow.send({ type: 'SUBMIT_CODE', code: code.trim() });
  };

  if (verifying) {
    return (
      <Popup title={<Trans>Verify your e-mail</Trans>} onClose={props.onClose}>
        <form className="form" onSubmit={submitCode} noValidate aria-busy={busy}>
          <p>
            <Trans>We have sent a 6-digit code to {sentTo}. Enter it here, or open the link in the e-mail.</Trans>
          </p>
          <Field
            label={<Trans>Verification code</Trans>}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => {
              setCode(e.target.value.replace(/\D/g, ''));
              // Retyping after a refused code: the old message no longer applies.
              if (errorCode) flow.send({ type: 'EDIT' });
            }}
            error={codeTouched && !CODE_PATTERN.test(code) ? i18n._(INVALID_CODE) : undefined}
          />
          {errorCode && <FormError>{i18n._(authMessage(errorCode))}</FormError>}
          <button type="submit" className="button primary wide" disabled={!canSubmitCode}>
            {busy ? t`Checking…` : t`Verify`}
          </button>
          <button type="button" className="link-button" disabled={!canResend} onClick={() => flow.send({ type: 'RESEND' })}>
            <Trans>Send a new code</Trans>
          </button>
        </form>
      </Popup>
    );
  }

  return (
    <Popup title={<Trans>Create an account</Trans>} description={reason} onClose={props.onClose}>
      <MembershipNote />
      <form className="form" onSubmit={submit} noValidate aria-busy={busy}>
        <div className="field-row">
          <Field label={<Trans>Given name</Trans>} autoComplete="given-name" value={form.givenName} onChange={set('givenName')} error={shown('givenName')} />
          <Field label={<Trans>Family name</Trans>} autoComplete="family-name" value={form.familyName} onChange={set('familyName')} error={shown('familyName')} />
        </div>
        <Field label={<Trans>E-mail</Trans>} type="email" autoComplete="email" value={form.email} onChange={set('email')} error={shown('email')} />
        <Field
          label={<Trans>Password</Trans>}
          type="password"
          autoComplete="new-password"
          value={form.password}
          onChange={set('password')}
          error={shown('password')}
          hint={<Trans>At least 8 characters, with a lowercase letter, an uppercase letter and a number.</Trans>}
        />
        <Field label={<Trans>Confirm password</Trans>} type="password" autoComplete="new-password" value={form.confirm} onChange={set('confirm')} error={shown('confirm')} />
        <div className="field">
          <label htmlFor="signup-gender">
            <Trans>Gender (optional)</Trans>
          </label>
          <select id="signup-gender" value={form.gender} onChange={set('gender')}>
            <option value="">{t`Prefer not to say`}</option>
            <option value="female">{t`Female`}</option>
            <option value="male">{t`Male`}</option>
            <option value="other">{t`Other`}</option>
          </select>
        </div>
        {errorCode && <FormError>{i18n._(authMessage(errorCode))}</FormError>}
        <button type="submit" className="button primary wide" disabled={busy}>
          {busy ? t`Creating your account…` : t`Create account`}
        </button>
      </form>
      <div className="form-links">
        <button type="button" className="link-button" onClick={() => popups.open('login')}>
          <Trans>Already a member? Log in</Trans>
        </button>
      </div>
    </Popup>
  );
}
