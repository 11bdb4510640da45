import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { staffCreateSession, staffUpdateSession, type StaffEvent, type StaffSession } from '../../../contract/index.ts';
import { ApiError } from '../../api/client.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { Field, FieldFrame, FormError } from '../../ui/Field.tsx';
import { Popup } from '../../ui/Popup.tsx';
import { adminQueries, ADMIN_KEY } from './queries.ts';
import { emptySessionForm, formFieldOf, readSessionForm, sessionChanges, sessionFormOf, type FieldProblems, type SessionField, type SessionFormValues } from './session-form.ts';
import { EVENT_PICK_SIZE, sessionQueries } from './sessions-queries.ts';
import { useFieldProblemText, useSessionErrorText } from './sessions-words.ts';
import { useAdminAccess } from './use-admin-access.ts';

/** What the screen says once a session is saved. */
export type SessionSaved = { session: StaffSession; created: boolean; mailedBookers: number };

/** An event a new session can be for, as the picker names it. */
export type PickedEvent = Pick<StaffEvent, 'EventID' | 'Title' | 'Published'>;

/**
 * The new session form (for an existing event: `event` chosen first, if given), or the same fields of a
 * scheduled session to change: times in Hong Kong time, prices as decimal amounts. Only what changed is sent; a
 * move says its bookers are mailed.
 */
export function SessionFormDialog({ session, event, onClose, onSaved }: { session?: StaffSession; event?: PickedEvent; onClose: () => void; onSaved: (saved: SessionSaved) => void }) {
  const { api, queryClient } = useServices();
  const { t, i18n } = useLingui();
  const problemText = useFieldProblemText();
  const errorText = useSessionErrorText();
  const [values, setValues] = useState<SessionFormValues>(() => (session ? sessionFormOf(session) : emptySessionForm(event?.EventID)));
  const [picked, setPicked] = useState<PickedEvent | undefined>(event);
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

  const change = (field: SessionField, value: string) => {
    setValues((old) => ({ ...old, [field]: value }));
    setUnchanged(false);
    // A refusal speaks of the values as they were sent: once one changes it no longer holds.
    if (save.isError) save.reset();
  };
  const set = (field: SessionField) => (e: { target: { value: string } }) => change(field, e.target.value);
  const pick = (chosen: PickedEvent | undefined) => {
    setPicked(chosen);
    change('EventID', chosen?.EventID ?? '');
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
          <EventPicker value={values.EventID} picked={picked} onPick={pick} error={errorOf('EventID')} />
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

/** How long typing rests before the events are searched (Enter searches at once). */
const EVENT_SEARCH_DELAY_MS = 300;

/**
 * The event a new session belongs to: found by part of its title or its id among every event (staff-list-events),
 * hidden ones and those with no session yet too, then chosen in a list. The event chosen stays listed while
 * another search runs.
 */
function EventPicker(props: { value: string; picked: PickedEvent | undefined; onPick: (event: PickedEvent | undefined) => void; error: string | undefined }) {
  const { value, picked, onPick, error } = props;
  const { api } = useServices();
  const { t, i18n } = useLingui();
  const [typed, setTyped] = useState('');
  const [text, setText] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setText(typed.trim()), EVENT_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = useQuery(sessionQueries.pickEvents(api, text));
  const listed: PickedEvent[] = found.data?.EventList ?? [];
  const options = picked && !listed.some((e) => e.EventID === picked.EventID) ? [picked, ...listed] : listed;
  const titleOf = (e: PickedEvent) => (i18n.locale === 'zh-Hant' && e.Title.zh ? e.Title.zh : e.Title.en);
  const labelOf = (e: PickedEvent) => {
    const title = titleOf(e);
    return e.Published ? title : t`${title} (hidden from customers)`;
  };
  // Enter searches now rather than sending the session form.
  const searchNow = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    setText(typed.trim());
  };

  const status: ReactNode = found.isPending ? (
    <Trans>Loading the events…</Trans>
  ) : found.isError ? (
    <Trans>The events could not be loaded.</Trans>
  ) : listed.length === 0 ? (
    text ? (
      <Trans>No event matches “{text}”.</Trans>
    ) : (
      <Trans>There are no events yet: make one under Events first.</Trans>
    )
  ) : found.data.LastEvaluatedKey ? (
    <Trans>The first {EVENT_PICK_SIZE} events are listed: type more of a title to find others.</Trans>
  ) : text ? (
    plural(listed.length, { one: '# event matches.', other: '# events match.' })
  ) : undefined;
  const chosen = options.find((e) => e.EventID === value);
  return (
    <div className="admin-event-picker">
      <Field
        type="text"
        enterKeyHint="search"
        autoComplete="off"
        maxLength={100}
        label={<Trans>Find the event</Trans>}
        hint={<Trans>Part of its title, or its event id. Hidden events and events with no session yet are listed too.</Trans>}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        onKeyDown={searchNow}
      />
      <FieldFrame
        label={<Trans>Event</Trans>}
        error={error}
        hint={
          <>
            {/* Said as the list changes under the search. */}
            <span role="status">{status}</span>
            {found.isError && (
              <>
                {' '}
                <button type="button" className="link-button" onClick={() => void found.refetch()}>
                  <Trans>Try again</Trans>
                </button>
              </>
            )}
            {chosen && !chosen.Published && (
              <>
                {status ? ' ' : ''}
                <Trans>Customers do not see this event while it is hidden: show it under Events to sell this session.</Trans>
              </>
            )}
          </>
        }
        control={(links) => (
          <select {...links} value={value} onChange={(e) => onPick(options.find((o) => o.EventID === e.target.value))} disabled={options.length === 0} aria-busy={found.isFetching}>
            <option value="">{t`Choose an event`}</option>
            {options.map((e) => (
              <option key={e.EventID} value={e.EventID}>
                {labelOf(e)}
              </option>
            ))}
          </select>
        )}
      />
    </div>
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
