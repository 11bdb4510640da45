import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { staffCreateSession, staffUpdateSession, type StaffSession } from '../../../contract/index.ts';
import { ApiError } from '../../api/client.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { Field, FieldFrame, FormError } from '../../ui/Field.tsx';
import { Popup } from '../../ui/Popup.tsx';
import { adminQueries, ADMIN_KEY } from './queries.ts';
import { emptySessionForm, formFieldOf, readSessionForm, sessionChanges, sessionFormOf, type FieldProblems, type SessionField, type SessionFormValues } from './session-form.ts';
import { sessionQueries } from './sessions-queries.ts';
import { useFieldProblemText, useSessionErrorText } from './sessions-words.ts';
import { useAdminAccess } from './use-admin-access.ts';

/** What the screen says once a session is saved. */
export type SessionSaved = { session: StaffSession; created: boolean; mailedBookers: number };

/**
 * The new session form (for an existing event), or the same fields of a scheduled session to change: times in
 * Hong Kong time, prices as decimal amounts. Only what changed is sent; a move says its bookers are mailed.
 */
export function SessionFormDialog({ session, onClose, onSaved }: { session?: StaffSession; onClose: () => void; onSaved: (saved: SessionSaved) => void }) {
  const { api, queryClient } = useServices();
  const { t, i18n } = useLingui();
  const problemText = useFieldProblemText();
  const errorText = useSessionErrorText();
  const [values, setValues] = useState<SessionFormValues>(() => (session ? sessionFormOf(session) : emptySessionForm()));
  const [problems, setProblems] = useState<FieldProblems>({});
  const [unchanged, setUnchanged] = useState(false);
  const editing = session !== undefined;

  const save = useMutation({
    mutationFn: async (body: NonNullable<ReturnType<typeof readSessionForm>['body']>): Promise<SessionSaved> => {
      if (!session) return { session: (await api.call(staffCreateSession, body)).Session, created: true, mailedBookers: 0 };
      const changes = sessionChanges(session, body);
      const answer = await api.call(staffUpdateSession, changes.body);
      return { session: answer.Session, created: false, mailedBookers: answer.MailedBookers };
    },
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: [...ADMIN_KEY, 'sessions'] });
      onSaved(saved);
    },
    onError: (error) => {
      // A refusal naming one of the form's fields is said next to it.
      const field = error instanceof ApiError ? formFieldOf(error.details.field) : undefined;
      if (field && (error as ApiError).code !== 'CapacityBelowSold') setProblems({ [field]: 'refused' });
    },
    meta: { handlesErrors: true },
  });
  const code = errorCode(save.error);
  const seatsTaken = save.error instanceof ApiError && typeof save.error.details.SeatsTaken === 'number' ? save.error.details.SeatsTaken : undefined;
  const refusedField = save.error instanceof ApiError ? formFieldOf(save.error.details.field) : undefined;

  const set = (field: SessionField) => (e: { target: { value: string } }) => {
    setValues((old) => ({ ...old, [field]: e.target.value }));
    setUnchanged(false);
    // A refusal speaks of the values as they were sent: once one changes it no longer holds.
    if (save.isError) save.reset();
  };
  const errorOf = (field: SessionField) => {
    if (field === 'Capacity' && code === 'CapacityBelowSold' && seatsTaken !== undefined) {
      return plural(seatsTaken, {
        one: '# seat is sold or held: the capacity cannot go below it.',
        other: '# seats are sold or held: the capacity cannot go below them.',
      });
    }
    const problem = problems[field];
    return problem ? problemText(field, problem) : undefined;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    save.reset();
    const read = readSessionForm(values);
    setProblems(read.problems ?? {});
    if (!read.body) return;
    if (session && Object.keys(sessionChanges(session, read.body).body).length === 1) return setUnchanged(true);
    save.mutate(read.body);
  };

  const moving = session && (values.StartAt !== sessionFormOf(session).StartAt || values.EndAt !== sessionFormOf(session).EndAt);
  const sold = session?.SeatsSold ?? 0;
  const eventName = session ? (i18n.locale === 'zh-Hant' ? session.EventName.zh : session.EventName.en) : '';
  const shownError = code && code !== 'CapacityBelowSold' && !refusedField ? errorText(code, 'save') : undefined;

  return (
    <Popup title={editing ? t`Change the session of ${eventName}` : t`New session`} onClose={onClose}>
      <form className="admin-dialog admin-session-form" onSubmit={submit} noValidate>
        {editing ? (
          <p>
            {sold > 0
              ? plural(sold, { one: '# seat is sold.', other: '# seats are sold.' })
              : t`No seats are sold yet.`}
          </p>
        ) : (
          <EventPicker value={values.EventID} onChange={set('EventID')} error={errorOf('EventID')} />
        )}
        <fieldset className="admin-fieldset">
          <legend>
            <Trans>When (Hong Kong time)</Trans>
          </legend>
          <div className="admin-field-row">
            <Field type="datetime-local" label={<Trans>Starts (Hong Kong time)</Trans>} value={values.StartAt} onChange={set('StartAt')} error={errorOf('StartAt')} />
            <Field type="datetime-local" label={<Trans>Ends (Hong Kong time)</Trans>} value={values.EndAt} onChange={set('EndAt')} error={errorOf('EndAt')} />
          </div>
          {editing && sold > 0 && (
            <p className={moving ? 'admin-warning' : 'field-hint'} role={moving ? 'status' : undefined}>
              <Trans>Moving the session mails every booker of a paid booking about the new date.</Trans>
            </p>
          )}
        </fieldset>
        <div className="admin-field-row">
          <Field type="number" inputMode="numeric" min={1} max={1000} step={1} label={<Trans>Capacity (seats)</Trans>} value={values.Capacity} onChange={set('Capacity')} error={errorOf('Capacity')} />
          <Field inputMode="decimal" autoComplete="off" label={<Trans>Price per seat (HKD)</Trans>} value={values.PriceHKD} onChange={set('PriceHKD')} error={errorOf('PriceHKD')} />
          <Field inputMode="decimal" autoComplete="off" label={<Trans>Price per seat (USD)</Trans>} value={values.PriceUSD} onChange={set('PriceUSD')} error={errorOf('PriceUSD')} />
        </div>
        <fieldset className="admin-fieldset">
          <legend>
            <Trans>Sale (Hong Kong time)</Trans>
          </legend>
          <div className="admin-field-row">
            <Field type="datetime-local" label={<Trans>Sale opens (Hong Kong time)</Trans>} value={values.SaleOpensAt} onChange={set('SaleOpensAt')} error={errorOf('SaleOpensAt')} />
            <Field
              type="datetime-local"
              label={<Trans>Sale closes (Hong Kong time)</Trans>}
              hint={<Trans>Leave empty: the sale closes when the session starts.</Trans>}
              value={values.SaleClosesAt}
              onChange={set('SaleClosesAt')}
              error={errorOf('SaleClosesAt')}
            />
            <Field
              type="datetime-local"
              label={<Trans>SVIP early access opens (Hong Kong time)</Trans>}
              hint={<Trans>Subscribed members may buy from then, before the sale opens. Leave empty for no early access.</Trans>}
              value={values.SvipSaleOpensAt}
              onChange={set('SvipSaleOpensAt')}
              error={errorOf('SvipSaleOpensAt')}
            />
          </div>
        </fieldset>
        <HostField value={values.HostUserID} onChange={set('HostUserID')} error={errorOf('HostUserID')} host={session?.Host ?? null} />
        {shownError && <FormError>{shownError}</FormError>}
        {unchanged && (
          <p role="status">
            <Trans>Nothing has changed.</Trans>
          </p>
        )}
        <div className="admin-dialog-actions">
          <button type="submit" className="button primary" aria-disabled={save.isPending} aria-busy={save.isPending}>
            {save.isPending ? <Trans>Saving…</Trans> : editing ? <Trans>Save changes</Trans> : <Trans>Create session</Trans>}
          </button>
          <button type="button" className="button" onClick={onClose}>
            <Trans>Close</Trans>
          </button>
        </div>
      </form>
    </Popup>
  );
}

/** The event a new session belongs to, from the customers' event list. */
function EventPicker({ value, onChange, error }: { value: string; onChange: (e: { target: { value: string } }) => void; error: string | undefined }) {
  const { api } = useServices();
  const { t, i18n } = useLingui();
  const events = useQuery(sessionQueries.events(api));
  const status: ReactNode = events.isPending ? (
    <Trans>Loading the events…</Trans>
  ) : events.isError ? (
    <>
      <Trans>The events could not be loaded.</Trans>{' '}
      <button type="button" className="link-button" onClick={() => void events.refetch()}>
        <Trans>Try again</Trans>
      </button>
    </>
  ) : events.data.length === 0 ? (
    <Trans>No event is on sale: an event is listed here once it has a session to come.</Trans>
  ) : undefined;
  return (
    <FieldFrame
      label={<Trans>Event</Trans>}
      error={error}
      hint={status ?? <Trans>Events with a session to come.</Trans>}
      control={(links) => (
        <select {...links} value={value} onChange={onChange} disabled={!events.data?.length}>
          <option value="">{t`Choose an event`}</option>
          {events.data?.map((e) => (
            <option key={e.EventID} value={e.EventID}>
              {i18n.locale === 'zh-Hant' ? e.Title.zh : e.Title.en}
            </option>
          ))}
        </select>
      )}
    />
  );
}

/** The host by member id (the call takes HostUserID); the owner, who may list people with roles, picks from them. */
function HostField(props: { value: string; onChange: (e: { target: { value: string } }) => void; error: string | undefined; host: StaffSession['Host'] }) {
  const { api } = useServices();
  const access = useAdminAccess();
  const owner = access.data === 'owner';
  const people = useQuery({ ...adminQueries.staff(api), enabled: owner });
  const listId = useId();
  const hosts = people.data ?? [];
  const named = hosts.find((p) => p.UserID === props.value.trim()) ?? (props.host?.UserID === props.value.trim() ? props.host : undefined);
  const name = named ? `${named.Name} · ${named.Email}` : '';
  return (
    <>
      <Field
        label={<Trans>Host’s member id (optional)</Trans>}
        hint={named ? <Trans>Host: {name}</Trans> : <Trans>A member holding the host role. Leave empty for no host.</Trans>}
        autoComplete="off"
        maxLength={64}
        list={owner && hosts.length > 0 ? listId : undefined}
        value={props.value}
        onChange={props.onChange}
        error={props.error}
      />
      {owner && (
        <datalist id={listId}>
          {hosts.map((p) => (
            <option key={p.UserID} value={p.UserID}>
              {`${p.Name} · ${p.Email}`}
            </option>
          ))}
        </datalist>
      )}
    </>
  );
}
