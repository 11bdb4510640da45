import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useId, useMemo, useState } from 'react';
import { STAFF_GATHERINGS_PAGE_MAX, type StaffGathering, type StaffGatheringFilter } from '../../../contract/index.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { hongKongDateTime } from '../../ui/event-dates.ts';
import { formatNumber } from '../../ui/format.ts';
import { adminColumns, AdminTable, Pager, useKeysetPages, type AdminColumn } from './AdminTable.tsx';
import { gatheringQueries, type GatheringFilters } from './gatherings-queries.ts';
import { useGatheringStatusName, usePourErrorText } from './gatherings-words.ts';
import { PourList } from './PourList.tsx';
import './gatherings.css';

const PAGE_SIZES = [10, 25, 50, STAFF_GATHERINGS_PAGE_MAX] as const;

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
  const ids = { status: useId(), size: useId() };

  const filters: GatheringFilters = { Status: status, Size: size };
  const list = useQuery(gatheringQueries.list(api, filters, pages.key));
  const code = errorCode(list.error);
  const reason = code ? errorText(code, 'load') : '';
  const busy = list.isFetching;
  const locale = i18n.locale;

  const columns = useMemo((): AdminColumn<StaffGathering>[] => {
    const col = adminColumns<StaffGathering>();
    return [
      col.display({ id: 'event', header: () => t`Event`, cell: (c) => eventName(c.row.original) }),
      col.accessor('StartAt', {
        header: () => t`Session (Hong Kong time)`,
        cell: (c) => (
          <span className="admin-nowrap">
            {hongKongDateTime(c.getValue())}–{hongKongDateTime(c.row.original.EndAt).slice(11)}
          </span>
        ),
      }),
      col.accessor('Status', { header: () => t`Status`, cell: (c) => statusName(c.getValue()) }),
      col.display({
        id: 'host',
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
      col.accessor('PourCount', { header: () => t`Pours`, cell: (c) => formatNumber(c.getValue(), locale) }),
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
        <div className="field">
          <label htmlFor={ids.status}>
            <Trans>Show</Trans>
          </label>
          <select
            id={ids.status}
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as StaffGatheringFilter);
              pages.reset();
            }}
          >
            <option value="current">{t`Scheduled and going on`}</option>
            <option value="Scheduled">{t`Scheduled`}</option>
            <option value="Ongoing">{t`Going on`}</option>
            <option value="Closed">{t`Closed`}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.size}>
            <Trans>Per page</Trans>
          </label>
          <select
            id={ids.size}
            value={size}
            onChange={(e) => {
              setSize(Number(e.target.value));
              pages.reset();
            }}
          >
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {formatNumber(n, locale)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <AdminTable
        caption={status === 'Closed' ? <Trans>Closed gatherings, latest first</Trans> : <Trans>Gatherings, soonest first</Trans>}
        columns={columns}
        rows={list.data?.GatheringList}
        rowId={(g) => g.GatheringID}
        empty={<Trans>No gatherings here. A session gets its gathering once a host is named for it.</Trans>}
        failed={code ? <Trans>The gatherings could not be loaded. {reason}</Trans> : undefined}
        onRetry={() => void list.refetch()}
        busy={busy}
      />
      <Pager pages={pages} nextKey={list.isPlaceholderData ? undefined : list.data?.LastEvaluatedKey} busy={busy} label={t`Pages of gatherings`} />
    </section>
  );
}
