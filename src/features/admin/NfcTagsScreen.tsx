import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { STAFF_NFC_TAGS_PAGE_MAX, StaffNfcTagSort, staffUpdateNfcTag, type StaffNfcTag } from '../../../contract/index.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { hongKongDateTime } from '../../ui/event-dates.ts';
import { formatNumber } from '../../ui/format.ts';
import { useAdminErrorText } from './admin-words.ts';
import { adminColumns, AdminTable, FilterSelect, PageSizeField, Pager, useKeysetPages, useListSort, type AdminColumn } from './AdminTable.tsx';
import { useLocalName } from './catalogue-form.ts';
import { NfcTagDialog, tagAddress } from './NfcTagDialog.tsx';
import { NFC_KEY, nfcQueries, type NfcTagFilters } from './nfc-queries.ts';
import './gatherings.css';

type StatusFilter = NonNullable<NfcTagFilters['Status']>;

/** staff-list-nfc-tags's order without a Sort. */
const NEWEST_FIRST: StaffNfcTagSort = { Field: 'CreatedAt', Direction: 'desc' };

type Action = { type: 'create' } | { type: 'repoint'; tag: StaffNfcTag };

/**
 * The back office's NFC tags (issue 32): the tags on tins and bottles, newest first and paged on the server, each with
 * its address, its product and how many members added a drink by it; staff make a tag for a product, point one at
 * another product, retire one (it stops answering) and put it back in use.
 */
export function NfcTagsScreen() {
  const { api, queryClient } = useServices();
  const { t, i18n } = useLingui();
  const localName = useLocalName();
  const errorText = useAdminErrorText();
  const [status, setStatus] = useState<StatusFilter>('all');
  const [size, setSize] = useState<number>(25);
  const [action, setAction] = useState<Action | null>(null);
  const [done, setDone] = useState('');
  const pages = useKeysetPages();
  const sort = useListSort<StaffNfcTagSort['Field']>(pages);
  const list = useQuery(nfcQueries.list(api, { Status: status, Size: size, ...sort.body }, pages.key));
  const code = errorCode(list.error);
  const reason = code ? errorText(code, 'load') : '';
  const busy = list.isFetching;
  const locale = i18n.locale;

  // Retiring and putting back: one press at a time (the button is disabled while it is out).
  const sending = useRef(false);
  const retire = useMutation({
    mutationFn: (change: { tag: StaffNfcTag; retired: boolean }) => api.call(staffUpdateNfcTag, { TagID: change.tag.TagID, Retired: change.retired }),
    onSuccess: async ({ Tag }) => {
      await queryClient.invalidateQueries({ queryKey: NFC_KEY });
      const id = Tag.TagID;
      setDone(Tag.Retired ? t`Tag ${id} retired: it no longer answers.` : t`Tag ${id} is in use again.`);
    },
    onSettled: () => {
      sending.current = false;
    },
    meta: { handlesErrors: true },
  });
  const retireCode = errorCode(retire.error);
  const retireError = retireCode ? (retireCode === 'ObjectNotFound' ? t`This tag no longer exists.` : errorText(retireCode, 'load')) : '';
  const pending = retire.isPending;

  const columns = useMemo((): AdminColumn<StaffNfcTag>[] => {
    const col = adminColumns<StaffNfcTag>();
    const toggle = (tag: StaffNfcTag, retired: boolean) => {
      if (sending.current) return;
      sending.current = true;
      setDone('');
      retire.mutate({ tag, retired });
    };
    return [
      col.accessor('TagID', {
        header: () => t`Tag`,
        cell: (c) => {
          const tag = c.row.original;
          return (
            <>
              <span className="admin-mono">{tag.TagID}</span>
              <br />
              <a className="small admin-tag-address" href={tagAddress(tag.TagID)} target="_blank" rel="noreferrer">
                {tagAddress(tag.TagID)}
              </a>
            </>
          );
        },
      }),
      // Sorted by its English name.
      col.accessor((tag) => tag.ProductName.en, {
        id: 'Product',
        header: () => t`Product`,
        cell: (c) => {
          const tag = c.row.original;
          return (
            <div className="admin-pour-product">
              {tag.ProductImage && <img src={tag.ProductImage} alt="" width={40} height={40} loading="lazy" />}
              <div>
                {localName(tag.ProductName)}
                <br />
                <span className="admin-mono muted small">{tag.ProductID}</span>
              </div>
            </div>
          );
        },
      }),
      col.accessor('Retired', {
        header: () => t`Status`,
        cell: (c) => {
          const tag = c.row.original;
          const since = tag.RetiredAt ? hongKongDateTime(tag.RetiredAt) : '';
          return tag.Retired ? since ? <Trans>Retired {since}</Trans> : <Trans>Retired</Trans> : <Trans>In use</Trans>;
        },
      }),
      col.accessor('MemberCount', { header: () => t`Members who added it`, sortDescFirst: true, cell: (c) => formatNumber(c.getValue(), locale) }),
      col.accessor('CreatedAt', { header: () => t`Made (Hong Kong time)`, sortDescFirst: true, cell: (c) => <span className="admin-nowrap">{hongKongDateTime(c.getValue())}</span> }),
      col.display({
        id: 'actions',
        header: () => t`Actions`,
        cell: (c) => {
          const tag = c.row.original;
          const id = tag.TagID;
          return (
            <div className="admin-actions">
              <button type="button" className="button small" aria-label={t`Point tag ${id} at another product`} onClick={() => setAction({ type: 'repoint', tag })}>
                <Trans>Change product</Trans>
              </button>
              {tag.Retired ? (
                <button type="button" className="button small" aria-label={t`Put tag ${id} back in use`} disabled={pending} onClick={() => toggle(tag, false)}>
                  <Trans>Put back in use</Trans>
                </button>
              ) : (
                <button type="button" className="button small danger-text" aria-label={t`Retire tag ${id}`} disabled={pending} onClick={() => toggle(tag, true)}>
                  <Trans>Retire</Trans>
                </button>
              )}
            </div>
          );
        },
      }),
    ];
    // retire.mutate is stable; `pending` re-renders the buttons disabled.
  }, [t, localName, locale, pending, retire.mutate]);

  return (
    <section className="admin-screen" aria-labelledby="admin-nfc-title">
      <div className="admin-section-head">
        <h2 id="admin-nfc-title">
          <Trans>NFC tags</Trans>
        </h2>
        <button
          type="button"
          className="button primary"
          onClick={() => {
            setDone('');
            setAction({ type: 'create' });
          }}
        >
          <Trans>New tag</Trans>
        </button>
      </div>
      <p className="muted">
        <Trans>A tag on a tin or bottle carries its address; a phone that taps it opens the product it stands for. A retired tag answers that it is not found.</Trans>
      </p>
      <div className="admin-filters" role="group" aria-label={t`Which tags`}>
        <FilterSelect
          label={<Trans>Show</Trans>}
          value={status}
          onChange={setStatus}
          pages={pages}
          options={[
            { value: 'all', label: t`All tags` },
            { value: 'live', label: t`In use` },
            { value: 'retired', label: t`Retired` },
          ]}
        />
        <PageSizeField value={size} max={STAFF_NFC_TAGS_PAGE_MAX} onChange={setSize} pages={pages} />
      </div>
      <p className="admin-done" role="status">
        {done}
      </p>
      {retireError && <p role="alert" className="form-error">{retireError}</p>}
      <AdminTable
        caption={sort.chosen ? <Trans>NFC tags</Trans> : <Trans>NFC tags, newest first</Trans>}
        columns={columns}
        rows={list.data?.TagList}
        rowId={(tag) => tag.TagID}
        empty={<Trans>No tags here.</Trans>}
        failed={code ? <Trans>The tags could not be loaded. {reason}</Trans> : undefined}
        onRetry={() => void list.refetch()}
        busy={busy}
        sort={sort.table(StaffNfcTagSort.entries.Field.options, NEWEST_FIRST)}
      />
      <Pager pages={pages} list={list} busy={busy} label={t`Pages of tags`} />
      {action && (
        <NfcTagDialog
          tag={action.type === 'repoint' ? action.tag : undefined}
          onClose={() => setAction(null)}
          onSaved={(message) => {
            setAction(null);
            setDone(message);
          }}
        />
      )}
    </section>
  );
}
