import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ErrorCode, userChangePassword } from '../../../contract/index.ts';
import type { CallCode } from '../../../machines/shared/codes.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { Field } from '../../ui/Field.tsx';
import { confirmError, passwordError, requiredError } from '../../ui/validation.ts';
import { failureMessage, SaveStatus, useMessage } from './account-ui.tsx';

const WRONG_CURRENT = msg`Your current password is not right`;
const OWN_WORDS: Partial<Record<CallCode, MessageDescriptor>> = {
  InvalidPasswordException: msg`Password must be at least 8 characters with a lowercase letter, an uppercase letter and a number`,
  LimitError: msg`Too many attempts. Please wait a few minutes and try again.`,
};
const WRONG_CURRENT_CODES = new Set<CallCode | undefined>([ErrorCode.IncorrectUsernameOrPassword, ErrorCode.NotAuthorizedException]);

const EMPTY = { current: '', proposed: '', confirm: '' };

/** Changes the password: the current one, a new one by the spec §5 rules, and its confirmation. */
export function PasswordSection() {
  const { api } = useServices();
  const { t } = useLingui();
  const text = useMessage();
  const [form, setForm] = useState(EMPTY);
  const [touched, setTouched] = useState(false);
  const save = useMutation({
    mutationFn: (body: { previousPassword: string; proposedPassword: string }) =>
      api.call(userChangePassword, { ...body, accessToken: '' }),
    onSuccess: () => {
      setForm(EMPTY);
      setTouched(false);
    },
    meta: { handlesErrors: true },
  });
  const wrongCurrent = WRONG_CURRENT_CODES.has(errorCode(save.error));
  const problems = {
    current: requiredError(form.current) ?? (wrongCurrent ? WRONG_CURRENT : undefined),
    proposed: passwordError(form.proposed),
    confirm: confirmError(form.proposed, form.confirm),
  };
  const shown = (key: keyof typeof problems) => (touched ? text(problems[key]) : undefined);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
    if (!save.isPending) save.reset();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (requiredError(form.current) || problems.proposed || problems.confirm) return;
    save.mutate({ previousPassword: form.current, proposedPassword: form.proposed });
  };

  const busy = save.isPending;
  return (
    <form className="form" onSubmit={submit} noValidate aria-busy={busy}>
      <Field
        label={<Trans>Current password</Trans>}
        type="password"
        autoComplete="current-password"
        value={form.current}
        onChange={set('current')}
        error={shown('current')}
      />
      <Field
        label={<Trans>New password</Trans>}
        type="password"
        autoComplete="new-password"
        value={form.proposed}
        onChange={set('proposed')}
        error={shown('proposed')}
        hint={<Trans>At least 8 characters, with a lowercase letter, an uppercase letter and a number.</Trans>}
      />
      <Field
        label={<Trans>Confirm new password</Trans>}
        type="password"
        autoComplete="new-password"
        value={form.confirm}
        onChange={set('confirm')}
        error={shown('confirm')}
      />
      <SaveStatus saved={save.isSuccess} error={save.isError && !wrongCurrent ? text(failureMessage(save.error, OWN_WORDS)) : undefined} />
      <button type="submit" className="button primary wide" disabled={busy}>
        {busy ? t`Saving…` : t`Change password`}
      </button>
    </form>
  );
}
