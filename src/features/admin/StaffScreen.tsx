import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { setStaffRole, STAFF_ROLES, StaffSort, type RoleAuth, type StaffMember } from '../../../contract/index.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { FormError } from '../../ui/Field.tsx';
import { hongKongDateTime } from '../../ui/event-dates.ts';
import { OwnerOnly } from './OwnerOnly.tsx';
import { useAdminErrorText, useRoleName } from './admin-words.ts';
import { adminColumns, AdminTable, useListSort, type AdminColumn } from './AdminTable.tsx';
import { ADMIN_KEY, adminQueries } from './queries.ts';
import { useAdminAccess } from './use-admin-access.ts';

type RoleChoice = RoleAuth | 'none';
const CHOICES: readonly RoleChoice[] = [...STAFF_ROLES, 'none'];

/** list-staff's order without a Sort: owners, then staff, then hosts. */
const OWNERS_FIRST: StaffSort = { Field: 'Role', Direction: 'asc' };

/** One change of role (set-staff-role): every one is an audit row; the list is read afresh after it. */
function useSetRole() {
  const { api, queryClient } = useServices();
  return useMutation({
    mutationFn: (body: { Email: string; Role: RoleChoice }) => api.call(setStaffRole, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...ADMIN_KEY, 'staff'] }),
    meta: { handlesErrors: true },
  });
}

/** Who runs the shop (issue 32, the owner's only): roles given, changed and taken away. */
export function StaffScreen() {
  const access = useAdminAccess();
  if (access.data !== 'owner') return <OwnerOnly />;
  return <StaffList />;
}

function StaffList() {
  const { api } = useServices();
  const { t } = useLingui();
  const roleName = useRoleName();
  const errorText = useAdminErrorText();
  const sort = useListSort<StaffSort['Field']>();
  const list = useQuery({ ...adminQueries.staff(api, sort.chosen), placeholderData: keepPreviousData });
  const code = errorCode(list.error);
  const reason = code ? errorText(code, 'load') : '';
  const [done, setDone] = useState('');

  const columns = useMemo((): AdminColumn<StaffMember>[] => {
    const col = adminColumns<StaffMember>();
    return [
      col.accessor('Name', { header: () => t`Name` }),
      col.accessor('Email', { header: () => t`E-mail` }),
      col.accessor('Role', { header: () => t`Role`, cell: (c) => roleName(c.getValue()) }),
      col.accessor('GrantedAt', { header: () => t`Since`, sortDescFirst: true, cell: (c) => hongKongDateTime(c.getValue()) }),
      col.display({ id: 'change', header: () => t`Change role`, cell: (c) => <RoleChange member={c.row.original} onDone={setDone} /> }),
    ];
  }, [t, roleName]);

  return (
    <section className="admin-screen" aria-labelledby="admin-staff-title">
      <h2 id="admin-staff-title">
        <Trans>Staff</Trans>
      </h2>
      <p className="admin-done" role="status">
        {done}
      </p>
      <AdminTable
        caption={sort.chosen ? <Trans>People who hold a role</Trans> : <Trans>People who hold a role, owners first</Trans>}
        columns={columns}
        rows={list.data}
        rowId={(m) => m.UserID}
        empty={<Trans>Nobody holds a role.</Trans>}
        failed={code ? <Trans>The staff could not be loaded. {reason}</Trans> : undefined}
        onRetry={() => void list.refetch()}
        busy={list.isFetching}
        sort={sort.table(StaffSort.entries.Field.options, OWNERS_FIRST)}
      />
      <GiveRole onDone={setDone} />
    </section>
  );
}

/** A member's role changed in place; 'No role' takes it away. */
function RoleChange({ member, onDone }: { member: StaffMember; onDone: (message: string) => void }) {
  const { t } = useLingui();
  const roleName = useRoleName();
  const errorText = useAdminErrorText();
  const [role, setRole] = useState<RoleChoice>(member.Role);
  const change = useSetRole();
  const code = errorCode(change.error);
  const id = useId();
  const email = member.Email;
  const save = (e: FormEvent) => {
    e.preventDefault();
    if (change.isPending || role === member.Role) return;
    const now = roleName(role);
    change.mutate({ Email: member.Email, Role: role }, { onSuccess: () => onDone(t`${email} now: ${now}.`) });
  };
  return (
    <form className="admin-inline-form" onSubmit={save}>
      <label htmlFor={id} className="visually-hidden">
        <Trans>Role of {email}</Trans>
      </label>
      <select id={id} value={role} onChange={(e) => setRole(e.target.value as RoleChoice)}>
        {CHOICES.map((r) => (
          <option key={r} value={r}>
            {roleName(r)}
          </option>
        ))}
      </select>
      <button type="submit" className="button small" disabled={role === member.Role || change.isPending} aria-label={t`Save the role of ${email}`}>
        <Trans>Save</Trans>
      </button>
      {code && <FormError>{errorText(code, 'role')}</FormError>}
    </form>
  );
}

/** A role for someone who holds none yet: an existing account, by its e-mail. */
function GiveRole({ onDone }: { onDone: (message: string) => void }) {
  const { t } = useLingui();
  const roleName = useRoleName();
  const errorText = useAdminErrorText();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<RoleAuth>('staff');
  const give = useSetRole();
  const code = errorCode(give.error);
  const ids = { email: useId(), role: useId() };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const typed = email.trim();
    if (give.isPending || !typed) return;
    give.mutate(
      { Email: typed, Role: role },
      {
        onSuccess: () => {
          setEmail('');
          const now = roleName(role);
          onDone(t`${typed} now: ${now}.`);
        },
      },
    );
  };
  return (
    <form className="admin-filters admin-give-role" onSubmit={submit} aria-labelledby="admin-give-role-title">
      <h3 id="admin-give-role-title">
        <Trans>Give someone a role</Trans>
      </h3>
      <div className="field">
        <label htmlFor={ids.email}>
          <Trans>Their account’s e-mail</Trans>
        </label>
        <input id={ids.email} type="email" value={email} required maxLength={254} autoComplete="off" onChange={(e) => setEmail(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={ids.role}>
          <Trans>Role</Trans>
        </label>
        <select id={ids.role} value={role} onChange={(e) => setRole(e.target.value as RoleAuth)}>
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {roleName(r)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button" disabled={give.isPending}>
        <Trans>Give the role</Trans>
      </button>
      {code && <FormError>{errorText(code, 'role')}</FormError>}
    </form>
  );
}
