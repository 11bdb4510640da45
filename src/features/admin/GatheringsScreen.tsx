import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { STAFF_GATHERINGS_PAGE_MAX, StaffGatheringSort, type StaffGathering, type StaffGatheringFilter } from '../../../contract/index.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { hongKongDateTime } from '../../ui/event-dates.ts';
import { formatNumber } from '../../ui/format.ts';
import { adminColumns, AdminTable, FilterSelect, PageSizeField, Pager, useKeysetPages, useListSort, type AdminColumn } from './AdminTable.tsx';
import { gatheringQueries, type GatheringFilters } from './gatherings-queries.ts';
import { useGatheringStatusName, usePourErrorText } from './gatherings-words.ts';
import { PourList } from './PourList.tsx';
import './gatherings.css';

/** staff-list-gatherings's order without a Sort: soonest session first, closed ones latest first. */
const startOrder = (status: StaffGatheringFilter): StaffGatheringSort => ({ Field: 'StartAt', Direction: status === 'Closed' ? 'desc' : 'asc' });

/** A gathering's event in the page's language. */
function useEventName(): (g: StaffGathering) => string {
  const { i18n } = useLingui();
  return useCallback((g: StaffGathering) => (i18n.locale === 'zh-Hant' ? g.EventName.zh || g.EventName.en : g.EventName.en), [i18n.locale]);
}

/**
 * The back office's gatherings (issue 32): each session's room, scheduled, going on or closed, paged on the server
 * with its session, event and host; staff open one to change its pour list (PourList).
 */
export function GatheringsScreen() {
  const { api } = useServices();
  const { t, i18n } = useLingui();
  const eventName = useEventName();
  const statusName = useGatheringStatusName();
  const errorText = usePourErrorText();
  const [status, setStatus] = useState<StaffGatheringFilter>('current');
  const [size, setSize] = useState<number>(25);
  const [open, setOpen] = useState<StaffGathering | null>(null);
  const pages = useKeysetPages();
  const sort = useListSort<StaffGatheringSort['Field']>(pages);

  const filters: GatheringFilters = { Status: status, Size: size, ...sort.body };
  const list = useQuery(gatheringQueries.list(api, filters, pages.key));
  const code = errorCode(list.error);
  const reason = code ? errorText(code, 'load') : '';
  const busy = list.isFetching;
  const locale = i18n.locale;

  const columns = useMemo((): AdminColumn<StaffGathering>[] => {
    const col = adminColumns<StaffGathering>();
    return [
      col.accessor((g) => eventName(g), { id: 'Event', header: () => t`Event`, cell: (c) => c.getValue() }),
      col.accessor('StartAt', {
        header: () => t`Session (Hong Kong time)`,
        sortDescFirst: true,
        cell: (c) => (
          <span className="admin-nowrap">
            {hongKongDateTime(c.getValue())}–{hongKongDateTime(c.row.original.EndAt).slice(11)}
          </span>
        ),
      }),
      col.accessor('Status', { header: () => t`Status`, cell: (c) => statusName(c.getValue()) }),
      // Sorted by the e-mail the shop named.
      col.accessor('HostEmail', {
        header: () => t`Host`,
        cell: (c) => {
          const g = c.row.original;
          return (
            <>
              {g.Host ? g.Host.Name : <span className="muted">{t`No member named`}</span>}
              <br />
              <span className="muted small">{g.HostEmail}</span>
            </>
          );
        },
      }),
      col.accessor('PourCount', { header: () => t`Pours`, sortDescFirst: true, cell: (c) => formatNumber(c.getValue(), locale) }),
      col.display({
        id: 'actions',
        header: () => t`Actions`,
        cell: (c) => {
          const g = c.row.original;
          const name = eventName(g);
          const start = hongKongDateTime(g.StartAt);
          return (
            <button type="button" className="button small" aria-label={t`Pour list of ${name} on ${start}`} onClick={() => setOpen(g)}>
              <Trans>Pour list</Trans>
            </button>
          );
        },
      }),
    ];
  }, [t, eventName, statusName, locale]);

  if (open) {
    return (
      <section className="admin-screen" aria-labelledby="admin-gatherings-title">
        <h2 id="admin-gatherings-title">
          <Trans>Gatherings</Trans>
        </h2>
        <PourList gathering={open} eventName={eventName(open)} onBack={() => setOpen(null)} />
      </section>
    );
  }

  return (
    <section className="admin-screen" aria-labelledby="admin-gatherings-title">
      <h2 id="admin-gatherings-title">
        <Trans>Gatherings</Trans>
      </h2>
      <p className="muted">
        <Trans>A gathering is a session’s room: its host opens it, and the room orders from its pour list at the gathering’s prices.</Trans>
      </p>
      <div className="admin-filters" role="group" aria-label={t`Which gatherings`}>
        <FilterSelect
          label={<Trans>Show</Trans>}
          value={status}
          onChange={setStatus}
          pages={pages}
          options={[
            { value: 'current', label: t`Scheduled and going on` },
            { value: 'Scheduled', label: t`Scheduled` },
            { value: 'Ongoing', label: t`Going on` },
            { value: 'Closed', label: t`Closed` },
          ]}
        />
        <PageSizeField value={size} max={STAFF_GATHERINGS_PAGE_MAX} onChange={setSize} pages={pages} />
      </div>
      <AdminTable
        caption={
          sort.chosen ? (
            status === 'Closed' ? (
              <Trans>Closed gatherings</Trans>
            ) : (
              <Trans>Gatherings</Trans>
            )
          ) : status === 'Closed' ? (
            <Trans>Closed gatherings, latest first</Trans>
          ) : (
            <Trans>Gatherings, soonest first</Trans>
          )
        }
        columns={columns}
        rows={list.data?.GatheringList}
        rowId={(g) => g.GatheringID}
        empty={<Trans>No gatherings here. A session gets its gathering once a host is named for it.</Trans>}
        failed={code ? <Trans>The gatherings could not be loaded. {reason}</Trans> : undefined}
        onRetry={() => void list.refetch()}
        busy={busy}
        sort={sort.table(StaffGatheringSort.entries.Field.options, startOrder(status))}
      />
      <Pager pages={pages} list={list} busy={busy} label={t`Pages of gatherings`} />
    </section>
  );
}
