import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { ErrorCode, USERNAME_CHANGE_WAIT_DAYS, userUpdateName, type UserDetail } from '../../../contract/index.ts';
import { ApiError } from '../../api/client.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { Field } from '../../ui/Field.tsx';
import { failureMessage, SaveStatus, useMessage } from './account-ui.tsx';
import { USERNAME_AVAILABLE, USERNAME_MAX, USERNAME_TAKEN, usernameError } from './account-validation.ts';
import { accountQueries } from './queries.ts';

const DAY_MS = 86_400_000;
/** Spec §2: the username check runs while typing, after a short pause. */
const CHECK_DELAY_MS = 400;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Whole days until the username may change again, or 0. */
function daysUntil(iso: string | undefined): number {
  if (!iso) return 0;
  const ms = Date.parse(iso) - Date.now();
  return ms > 0 ? Math.ceil(ms / DAY_MS) : 0;
}

function DaysRemaining({ days }: { days: number }) {
  return <Plural value={days} one="# day remaining" other="# days remaining" />;
}

/** The username, with a live availability check, saved with user-update-name. */
export function UsernameSection(props: { member: UserDetail }) {
  const { api, session } = useServices();
  const { t } = useLingui();
  const text = useMessage();
  const current = props.member.name;
  const [name, setName] = useState('');
  const candidate = name.trim();
  const problem = candidate ? usernameError(candidate) : undefined;
  const unchanged = candidate === current;
  // The member's own name in other letter case is theirs to take; the server would only say "taken".
  const ownName = !unchanged && candidate.toLowerCase() === current.toLowerCase();
  const toCheck = candidate && !problem && !unchanged && !ownName ? candidate : '';
  const debounced = useDebounced(toCheck, CHECK_DELAY_MS);
  const settled = toCheck !== '' && debounced === toCheck;
  const check = useQuery({ ...accountQueries.usernameAvailable(api, debounced), enabled: settled });

  const save = useMutation({
    mutationFn: (newName: string) => api.call(userUpdateName, { accessToken: '', name: newName }),
    onSuccess: (answer) => session.send({ type: 'USER_UPDATED', user: answer.userDetailInfo }),
    meta: { handlesErrors: true },
  });
  const waitDays = daysUntil(props.member.nameChangeAllowedAt);
  const saveError = save.error instanceof ApiError ? save.error : undefined;
  const saveCode = errorCode(save.error);
  const limitDays = saveCode === ErrorCode.UpdateNameLimit ? Number(saveError?.details.DaysRemaining) || waitDays : 0;

  const taken = (settled && check.data === false) || saveCode === ErrorCode.NameAlreadyExists;
  const available = ownName || (settled && check.data === true);
  const checking = toCheck !== '' && (!settled || check.isPending);

  const fieldError = problem ? text(problem) : taken ? text(USERNAME_TAKEN) : undefined;
  const canSave = !!candidate && !problem && !unchanged && !taken && waitDays === 0 && !save.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (canSave) save.mutate(candidate);
  };

  const otherFailure =
    save.isError && saveCode !== ErrorCode.UpdateNameLimit && saveCode !== ErrorCode.NameAlreadyExists
      ? text(failureMessage(save.error))
      : undefined;

  return (
    <form className="form" onSubmit={submit} noValidate aria-busy={save.isPending}>
      <p>
        {current ? (
          <Trans>
            Your username: <strong className="account-username">{current}</strong>
          </Trans>
        ) : (
          <Trans>You have not chosen a username yet.</Trans>
        )}
      </p>
      {waitDays > 0 && (
        <p className="notice">
          <Trans>You can change your username once every {USERNAME_CHANGE_WAIT_DAYS} days.</Trans>{' '}
          <strong>
            <DaysRemaining days={waitDays} />
          </strong>
        </p>
      )}
      <Field
        label={<Trans>New username</Trans>}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={USERNAME_MAX}
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          if (!save.isPending) save.reset();
        }}
        error={fieldError}
        hint={<Trans>3 to 30 letters, numbers or underscores.</Trans>}
      />
      <p className="account-availability" role="status" data-available={available && !fieldError ? 'true' : undefined}>
        {fieldError
          ? null
          : unchanged && candidate
            ? t`This is your current username`
            : available
              ? text(USERNAME_AVAILABLE)
              : checking
                ? t`Checking…`
                : check.isError && settled
                  ? t`Could not check the username just now.`
                  : null}
      </p>
      {limitDays > 0 && (
        <p className="form-error" role="alert">
          <DaysRemaining days={limitDays} />
        </p>
      )}
      <SaveStatus saved={save.isSuccess} error={otherFailure} />
      <button type="submit" className="button primary wide" disabled={!canSave}>
        {save.isPending ? t`Saving…` : t`Save username`}
      </button>
    </form>
  );
}
