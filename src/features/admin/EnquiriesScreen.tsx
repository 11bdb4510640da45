import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { ENQUIRY_PAGE_MAX, EnquirySort, staffUpdateEnquiry, type EnquiryStatus, type EnquiryType, type StaffEnquiry } from '../../../contract/index.ts';
import { EnquiryNote } from '../../../contract/staff-b2b.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { hongKongDateTime } from '../../ui/event-dates.ts';
import { useAdminErrorText } from './admin-words.ts';
import { adminColumns, AdminTable, FilterSelect, PageSizeField, Pager, useKeysetPages, useListSort, type AdminColumn } from './AdminTable.tsx';
import { ENQUIRIES_KEY, enquiryQueries } from './enquiries-queries.ts';

type Shown = EnquiryStatus | 'all';

/** staff-list-enquiries's order without a Sort. */
const NEWEST_FIRST: EnquirySort = { Field: 'CreatedAt', Direction: 'desc' };

function useEnquiryWords() {
  const { t } = useLingui();
  return useMemo(() => {
    const status: Record<EnquiryStatus, string> = { new: t`New`, contacted: t`Contacted`, closed: t`Closed` };
    const type: Record<EnquiryType, string> = {
      teaCollection: t`Tea collection`,
      coffeeCollection: t`Coffee collection`,
      incenseCollection: t`Incense collection`,
      curatedBoxSets: t`Curated box sets`,
      bespokeGiftSets: t`Bespoke gift sets`,
      businessPartnerships: t`Business partnerships`,
    };
    return { status, type };
  }, [t]);
}

/** Business enquiries (issue 32): what companies asked, newest first, and where staff are with each. */
export function EnquiriesScreen() {
  const { api } = useServices();
  const { t } = useLingui();
  const words = useEnquiryWords();
  const errorText = useAdminErrorText();
  const [shown, setShown] = useState<Shown>('new');
  const [size, setSize] = useState(25);
  const [open, setOpen] = useState<StaffEnquiry | null>(null);
  const pages = useKeysetPages();
  const sort = useListSort<EnquirySort['Field']>(pages);
  const list = useQuery(enquiryQueries.list(api, { Status: shown, Size: size, ...sort.body }, pages.key));
  const code = errorCode(list.error);
  const reason = code ? errorText(code, 'load') : '';

  const columns = useMemo((): AdminColumn<StaffEnquiry>[] => {
    const col = adminColumns<StaffEnquiry>();
    return [
      col.accessor('CreatedAt', { header: () => t`Received`, sortDescFirst: true, cell: (c) => hongKongDateTime(c.getValue()) }),
      col.accessor('FullName', {
        header: () => t`From`,
        cell: (c) => (
          <>
            {c.getValue()}
            <br />
            <span className="muted small">{c.row.original.Email}</span>
            <br />
            <span className="muted small">{c.row.original.Phone}</span>
          </>
        ),
      }),
      col.accessor('EnquiryType', { header: () => t`About`, cell: (c) => words.type[c.getValue() as EnquiryType] ?? c.getValue() }),
      col.accessor('Message', { header: () => t`Message`, cell: (c) => <span className="admin-enquiry-message">{c.getValue()}</span> }),
      col.accessor('Status', { header: () => t`Status`, cell: (c) => words.status[c.getValue() as EnquiryStatus] }),
      col.display({
        id: 'actions',
        header: () => t`Actions`,
        cell: (c) => (
          <button type="button" className="button small" aria-label={t`Update the enquiry of ${c.row.original.FullName}`} onClick={() => setOpen(c.row.original)}>
            <Trans>Update</Trans>
          </button>
        ),
      }),
    ];
  }, [t, words]);

  return (
    <section className="admin-screen" aria-labelledby="admin-enquiries-title">
      <h2 id="admin-enquiries-title">
        <Trans>Business enquiries</Trans>
      </h2>
      <div className="admin-filters">
        <FilterSelect
          label={<Trans>Show</Trans>}
          value={shown}
          onChange={setShown}
          pages={pages}
          options={[
            { value: 'new', label: words.status.new },
            { value: 'contacted', label: words.status.contacted },
            { value: 'closed', label: words.status.closed },
            { value: 'all', label: t`All` },
          ]}
        />
        <PageSizeField value={size} max={ENQUIRY_PAGE_MAX} onChange={setSize} pages={pages} />
      </div>
      <AdminTable
        caption={sort.chosen ? <Trans>Business enquiries</Trans> : <Trans>Business enquiries, newest first</Trans>}
        columns={columns}
        rows={list.data?.EnquiryList}
        rowId={(r) => r.EnquiryID}
        empty={<Trans>No enquiries here.</Trans>}
        failed={code ? <Trans>The enquiries could not be loaded. {reason}</Trans> : undefined}
        onRetry={() => void list.refetch()}
        busy={list.isFetching}
        sort={sort.table(EnquirySort.entries.Field.options, NEWEST_FIRST)}
      />
      <Pager pages={pages} list={list} busy={list.isFetching} label={t`Pages of enquiries`} />
      {open && <EnquiryForm key={open.EnquiryID} enquiry={open} onDone={() => setOpen(null)} />}
    </section>
  );
}

/** The status and note of one enquiry; saved once however often Save is pressed while it saves. */
function EnquiryForm({ enquiry, onDone }: { enquiry: StaffEnquiry; onDone: () => void }) {
  const { api } = useServices();
  const { t } = useLingui();
  const words = useEnquiryWords();
  const errorText = useAdminErrorText();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<EnquiryStatus>(enquiry.Status);
  const [note, setNote] = useState(enquiry.Note);
  const [noteInvalid, setNoteInvalid] = useState(false);
  const statusId = useId();
  const noteId = useId();
  const save = useMutation({
    mutationFn: (body: { Status: EnquiryStatus; Note: string }) => api.call(staffUpdateEnquiry, { EnquiryID: enquiry.EnquiryID, ...body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ENQUIRIES_KEY }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    const parsed = v.safeParse(EnquiryNote, note);
    setNoteInvalid(!parsed.success);
    if (parsed.success) save.mutate({ Status: status, Note: parsed.output });
  };
  const failure = errorCode(save.error);
  const name = enquiry.FullName;
  return (
    <form className="admin-enquiry-form" onSubmit={submit} aria-label={t`Update the enquiry of ${name}`} noValidate>
      <h3>
        <Trans>Enquiry of {name}</Trans>
      </h3>
      <p className="admin-enquiry-message">{enquiry.Message || '—'}</p>
      <div className="field">
        <label htmlFor={statusId}>
          <Trans>Status</Trans>
        </label>
        <select id={statusId} value={status} onChange={(e) => setStatus(e.target.value as EnquiryStatus)}>
          <option value="new">{words.status.new}</option>
          <option value="contacted">{words.status.contacted}</option>
          <option value="closed">{words.status.closed}</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={noteId}>
          <Trans>Note for the team (the enquirer never sees it)</Trans>
        </label>
        <textarea id={noteId} rows={3} value={note} onChange={(e) => setNote(e.target.value)} aria-invalid={noteInvalid || undefined} aria-describedby={noteInvalid ? `${noteId}-error` : undefined} />
        {noteInvalid && (
          <p id={`${noteId}-error`} className="field-error">
            <Trans>At most 1,000 characters.</Trans>
          </p>
        )}
      </div>
      {failure && (
        <p className="form-error" role="alert">
          {errorText(failure, 'load')}
        </p>
      )}
      {save.isSuccess && (
        <p className="admin-done" role="status">
          <Trans>Saved.</Trans>
        </p>
      )}
      <div className="admin-actions">
        <button type="submit" className="button primary" disabled={save.isPending}>
          {save.isPending ? <Trans>Saving…</Trans> : <Trans>Save</Trans>}
        </button>
        <button type="button" className="button" onClick={onDone}>
          <Trans>Close</Trans>
        </button>
      </div>
    </form>
  );
}
