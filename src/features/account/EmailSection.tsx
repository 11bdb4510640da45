import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useMemo, useState, type FormEvent } from 'react';
import type { UserDetail } from '../../../contract/index.ts';
import * as change from '../../../machines/email-change/email-change.selectors.ts';
import type { CallCode } from '../../../machines/shared/codes.ts';
import { useServices } from '../../app/services.ts';
import { useStore } from '../../app/store.ts';
import { useFlow } from '../../app/use-flow.ts';
import { Field, FormError } from '../../ui/Field.tsx';
import { authMessage } from '../../api/account-messages.ts';
import { CODE_PATTERN, emailError, INVALID_CODE } from '../../ui/validation.ts';
import { codeMessage, useMessage } from './account-ui.tsx';
import { createEmailChangeFlow } from './email-change.actors.ts';

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

/** What the member typed in a field, for one round of the flow: in the next round the field starts empty again. */
function useDraft<T>(round: unknown, empty: T): [T, (value: T) => void] {
  const [draft, setDraft] = useState({ round, value: empty });
  return [Object.is(draft.round, round) ? draft.value : empty, (value) => setDraft({ round, value })];
}

/**
 * Changes the sign-in e-mail in two steps (machines/email-change): the new address gets a code
 * (user-update-email), and the address changes once that code comes back (user-confirm-update-email).
 */
export function EmailSection(props: { member: UserDetail }) {
  const { api, session, preferences } = useServices();
  const { locale } = useStore(preferences);
  const { t } = useLingui();
  const text = useMessage();
  const machine = useMemo(() => createEmailChangeFlow(api, session, locale), [api, session, locale]);
  const flow = useFlow(machine);
  const busy = useSelector(flow, change.isBusy);
  const enteringCode = useSelector(flow, change.isEnteringCode);
  const requesting = useSelector(flow, change.isRequesting);
  const resending = useSelector(flow, change.isResending);
  const confirming = useSelector(flow, change.isConfirming);
  const sentTo = useSelector(flow, change.email);
  const codeJustSent = useSelector(flow, change.isCodeJustSent);
  const changedTo = useSelector(flow, change.changedTo);
  const errorCode = useSelector(flow, change.errorCode);
  // The address form starts empty after each change; the code field after each code sent.
  const lastChangedTo = useSelector(flow, change.lastChangedTo);
  const codesSent = useSelector(flow, change.codesSent);
  const [email, setEmail] = useDraft(lastChangedTo, '');
  const [touched, setTouched] = useDraft(lastChangedTo, false);
  const [code, setCode] = useDraft(codesSent, '');
  const [codeTouched, setCodeTouched] = useDraft(codesSent, false);
  const edit = () => flow.send({ type: 'EDIT' });

  const emailProblem =
    emailError(email) ?? (normalise(email) === normalise(props.member.email) ? SAME_ADDRESS : undefined);
  const codeProblem = CODE_PATTERN.test(code) ? undefined : INVALID_CODE;

  const sendCode = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    flow.send(emailProblem ? { type: 'SUBMIT_INVALID' } : { type: 'SUBMIT_EMAIL', email: normalise(email) });
  };
  const confirmCode = (e: FormEvent) => {
    e.preventDefault();
    setCodeTouched(true);
    if (!codeProblem) flow.send({ type: 'SUBMIT_CODE', code });
  };

  const status = (
    <p className="account-status" role="status">
      {changedTo ? (
        <Trans>Your e-mail address is now {changedTo}</Trans>
      ) : codeJustSent ? (
        <Trans>We have sent a 6-digit code to {sentTo}.</Trans>
      ) : null}
    </p>
  );
  const failure = errorCode && <FormError>{text(codeMessage(errorCode, OWN_WORDS))}</FormError>;

  if (enteringCode) {
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
            edit();
          }}
          error={codeTouched ? text(codeProblem) : undefined}
        />
        {status}
        {failure}
        <button type="submit" className="button primary wide" disabled={busy}>
          {confirming ? t`Confirming…` : t`Confirm`}
        </button>
        <button type="button" className="link-button" disabled={busy} onClick={() => flow.send({ type: 'RESEND' })}>
          {resending ? t`Sending…` : t`Send a new code`}
        </button>
        <button type="button" className="link-button" disabled={busy} onClick={() => flow.send({ type: 'START_OVER' })}>
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
          edit();
        }}
        error={touched ? text(emailProblem) : undefined}
        hint={<Trans>We will send a code to the new address to make sure it is yours.</Trans>}
      />
      {status}
      {failure}
      <button type="submit" className="button primary wide" disabled={busy}>
        {requesting ? t`Sending…` : t`Send code`}
      </button>
    </form>
  );
}
