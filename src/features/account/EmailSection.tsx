import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { userConfirmUpdateEmail, userUpdateEmail, type UserDetail } from '../../../contract/index.ts';
import type { CallCode } from '../../../machines/shared/codes.ts';
import { useServices } from '../../app/services.ts';
import { useStore } from '../../app/store.ts';
import { Field, FormError } from '../../ui/Field.tsx';
import { authMessage } from '../../api/account-messages.ts';
import { CODE_PATTERN, emailError, INVALID_CODE } from '../../ui/validation.ts';
import { failureMessage, useMessage } from './account-ui.tsx';

const SAME_ADDRESS = msg`This is already your e-mail address`;
/** Words for the answers of user-update-email and user-confirm-update-email. */
const OWN_WORDS: Partial<Record<CallCode, MessageDescriptor>> = {
  UsernameExistsException: authMessage('UsernameExistsException'),
  CodeMismatchException: authMessage('CodeMismatchException'),
  ExpiredCodeException: authMessage('ExpiredCodeException'),
  LimitError: authMessage('LimitError'),
  // The server's answer to the current address (checked here first, too).
  InvalidParameter: SAME_ADDRESS,
};

const normalise = (email: string) => email.trim().toLowerCase();

/**
 * Changes the sign-in e-mail in two steps: the new address gets a code (user-update-email),
 * and the address changes once that code comes back (user-confirm-update-email).
 */
export function EmailSection(props: { member: UserDetail }) {
  const { api, session, preferences } = useServices();
  const { locale } = useStore(preferences);
  const { t } = useLingui();
  const text = useMessage();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [codeTouched, setCodeTouched] = useState(false);
  /** The address the last code went to: set, the form is at the code step. */
  const [sentTo, setSentTo] = useState<string>();
  const [changedTo, setChangedTo] = useState<string>();

  const request = useMutation({
    mutationFn: (newEmail: string) => api.call(userUpdateEmail, { accessToken: '', email: newEmail, Language: locale }),
    onSuccess: (_answer, newEmail) => {
      setSentTo(newEmail);
      setCode('');
      setCodeTouched(false);
      confirm.reset();
    },
    meta: { handlesErrors: true },
  });
  const confirm = useMutation({
    mutationFn: (value: string) => api.call(userConfirmUpdateEmail, { accessToken: '', AttributeName: 'email', code: value }),
    onSuccess: (answer) => {
      session.send({ type: 'USER_UPDATED', user: answer.userDetailInfo });
      setChangedTo(answer.userDetailInfo.email);
      setSentTo(undefined);
      setEmail('');
      setCode('');
      setTouched(false);
      setCodeTouched(false);
      request.reset();
    },
    meta: { handlesErrors: true },
  });
  const busy = request.isPending || confirm.isPending;

  const emailProblem =
    emailError(email) ?? (normalise(email) === normalise(props.member.email) ? SAME_ADDRESS : undefined);
  const codeProblem = CODE_PATTERN.test(code) ? undefined : INVALID_CODE;

  const sendCode = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    setChangedTo(undefined);
    if (!emailProblem && !busy) request.mutate(normalise(email));
  };
  const confirmCode = (e: FormEvent) => {
    e.preventDefault();
    setCodeTouched(true);
    if (!codeProblem && !busy) confirm.mutate(code);
  };
  const startOver = () => {
    setSentTo(undefined);
    setCode('');
    setCodeTouched(false);
    request.reset();
    confirm.reset();
  };

  const status = (
    <p className="account-status" role="status">
      {changedTo ? (
        <Trans>Your e-mail address is now {changedTo}</Trans>
      ) : sentTo && request.isSuccess ? (
        <Trans>We have sent a 6-digit code to {sentTo}.</Trans>
      ) : null}
    </p>
  );

  if (sentTo) {
    const failure = confirm.isError ? confirm.error : request.isError ? request.error : undefined;
    return (
      <form className="form" onSubmit={confirmCode} noValidate aria-busy={busy}>
        <p>
          <Trans>
            Enter the code we sent to <strong className="account-email">{sentTo}</strong>. Your e-mail address changes once
            you confirm it.
          </Trans>
        </p>
        <Field
          label={<Trans>Code</Trans>}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(e) => {
            setCode(e.target.value.replace(/\D/g, ''));
            if (!confirm.isPending) confirm.reset();
          }}
          error={codeTouched ? text(codeProblem) : undefined}
        />
        {status}
        {failure !== undefined && <FormError>{text(failureMessage(failure, OWN_WORDS))}</FormError>}
        <button type="submit" className="button primary wide" disabled={busy}>
          {confirm.isPending ? t`Confirming…` : t`Confirm`}
        </button>
        <button type="button" className="link-button" disabled={busy} onClick={() => request.mutate(sentTo)}>
          {request.isPending ? t`Sending…` : t`Send a new code`}
        </button>
        <button type="button" className="link-button" disabled={busy} onClick={startOver}>
          <Trans>Use another address</Trans>
        </button>
      </form>
    );
  }

  return (
    <form className="form" onSubmit={sendCode} noValidate aria-busy={busy}>
      <p>
        <Trans>
          Your e-mail address: <strong className="account-email">{props.member.email}</strong>
        </Trans>
      </p>
      <Field
        label={<Trans>New e-mail address</Trans>}
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          if (!request.isPending) request.reset();
        }}
        error={touched ? text(emailProblem) : undefined}
        hint={<Trans>We will send a code to the new address to make sure it is yours.</Trans>}
      />
      {status}
      {request.isError && <FormError>{text(failureMessage(request.error, OWN_WORDS))}</FormError>}
      <button type="submit" className="button primary wide" disabled={busy}>
        {request.isPending ? t`Sending…` : t`Send code`}
      </button>
    </form>
  );
}
