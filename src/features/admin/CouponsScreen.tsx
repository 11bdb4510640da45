import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { STAFF_COUPONS_PAGE_MAX, StaffCouponSort, type CouponStatus, type StaffCoupon } from '../../../contract/index.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { Price } from '../../ui/Price.tsx';
import { hongKongDateTime } from '../../ui/event-dates.ts';
import { formatNumber } from '../../ui/format.ts';
import { useAdminErrorText, useKindName } from './admin-words.ts';
import { adminColumns, AdminTable, FilterSelect, ListSearchField, PageSizeField, Pager, useKeysetPages, useListSort, type AdminColumn } from './AdminTable.tsx';
import { CouponFormDialog, CouponSwitchDialog } from './CouponDialogs.tsx';
import { couponSubscriptionQueries, type CouponFilters } from './coupon-subscription-queries.ts';
import './coupons-subscriptions.css';

/** staff-list-coupons's order without a Sort. */
const BY_CODE: StaffCouponSort = { Field: 'CouponID', Direction: 'asc' };
const STATUS_FILTERS = ['all', 'active', 'scheduled', 'expired', 'disabled'] as const;
type StatusFilter = (typeof STATUS_FILTERS)[number];

type Action = { type: 'new' } | { type: 'edit' | 'switch'; coupon: StaffCoupon };

/** Where a coupon stands, in words. */
export function useCouponStatusWords(): (status: CouponStatus | 'all') => string {
  const { t } = useLingui();
  // The same function from render to render: the table's columns are made once from it.
  return useMemo(() => {
    const words: Record<CouponStatus | 'all', string> = {
      all: t`Every status`,
      active: t`Active`,
      scheduled: t`Scheduled`,
      expired: t`Expired`,
      disabled: t`Disabled`,
    };
    return (status: CouponStatus | 'all') => words[status];
  }, [t]);
}

/**
 * The back office's coupons (issue 32): every coupon by code, filtered by status and code prefix and paged on the
 * server; a new coupon, a change of one, and disabling or enabling one after confirming.
 */
export function CouponsScreen() {
  const { api } = useServices();
  const { t, i18n } = useLingui();
  const statusWords = useCouponStatusWords();
  const errorText = useAdminErrorText();
  const kindName = useKindName();
  const [status, setStatus] = useState<StatusFilter>('all');
  const [size, setSize] = useState<number>(25);
  const [typed, setTyped] = useState('');
  const [prefix, setPrefix] = useState('');
  const [action, setAction] = useState<Action | null>(null);
  const [done, setDone] = useState('');
  const pages = useKeysetPages();
  const sort = useListSort<StaffCouponSort['Field']>(pages);

  const filters: CouponFilters = { Status: status, ...(prefix ? { CodePrefix: prefix } : {}), Size: size, ...sort.body };
  const list = useQuery(couponSubscriptionQueries.coupons(api, filters, pages.key));
  const code = errorCode(list.error);
  const reason = code ? errorText(code, 'load') : '';
  const busy = list.isFetching;

  const columns = useMemo((): AdminColumn<StaffCoupon>[] => {
    const col = adminColumns<StaffCoupon>();
    const zh = i18n.locale.startsWith('zh');
    return [
      col.accessor('CouponID', { header: () => t`Code`, cell: (c) => <span className="admin-mono">{c.getValue()}</span> }),
      col.accessor('Name', { header: () => t`Name`, cell: (c) => (zh ? c.getValue().zh : c.getValue().en) }),
      // Sorted by its kind: amounts off, then percentages.
      col.accessor('Kind', {
        header: () => t`Discount`,
        cell: (c) => {
          const { Amount, Percent } = c.row.original;
          if (Amount) return <PairOfPrices hkd={Amount.HKD} usd={Amount.USD} />;
          const percent = formatNumber(Percent ?? 0, i18n.locale, 2);
          return t`${percent}% off`;
        },
      }),
      col.accessor('MinSpend', {
        header: () => t`Minimum spend`,
        cell: (c) => (c.getValue().HKD === 0 && c.getValue().USD === 0 ? t`None` : <PairOfPrices hkd={c.getValue().HKD} usd={c.getValue().USD} />),
      }),
      col.display({
        id: 'limits',
        header: () => t`Limits`,
        cell: (c) => {
          const { MaxUses: all, MaxUsesPerMember: each } = c.row.original;
          return (
            <>
              <span>{all === null ? t`No limit in all` : t`${all} in all`}</span>
              <br />
              <span>{each === null ? t`No limit per member` : t`${each} per member`}</span>
            </>
          );
        },
      }),
      col.accessor('ValidFrom', { header: () => t`Valid from (Hong Kong time)`, sortDescFirst: true, cell: (c) => <span className="coupon-dates">{hongKongDateTime(c.getValue())}</span> }),
      col.accessor('ValidUntil', { header: () => t`Valid until (Hong Kong time)`, sortDescFirst: true, cell: (c) => <span className="coupon-dates">{hongKongDateTime(c.getValue())}</span> }),
      col.display({
        id: 'orderKinds',
        header: () => t`Kinds of order`,
        cell: (c) => {
          const kinds = c.row.original.OrderKinds;
          if (kinds.length === 0) return t`All kinds`;
          return (
            <ul className="coupon-kinds">
              {kinds.map((kind) => (
                <li key={kind}>{kindName(kind)}</li>
              ))}
            </ul>
          );
        },
      }),
      col.accessor('TimesUsed', { header: () => t`Times used`, sortDescFirst: true, cell: (c) => formatNumber(c.getValue(), i18n.locale) }),
      col.accessor('Status', { header: () => t`Status`, cell: (c) => <span className={`coupon-status coupon-status-${c.getValue()}`}>{statusWords(c.getValue())}</span> }),
      col.display({
        id: 'actions',
        header: () => t`Actions`,
        cell: (c) => {
          const coupon = c.row.original;
          const couponCode = coupon.CouponID;
          return (
            <div className="admin-actions">
              <button type="button" className="button small" aria-label={t`Change coupon ${couponCode}`} onClick={() => setAction({ type: 'edit', coupon })}>
                <Trans>Change</Trans>
              </button>
              {coupon.DisabledAt === null ? (
                <button type="button" className="button small danger-text" aria-label={t`Disable coupon ${couponCode}`} onClick={() => setAction({ type: 'switch', coupon })}>
                  <Trans>Disable</Trans>
                </button>
              ) : (
                <button type="button" className="button small" aria-label={t`Enable coupon ${couponCode}`} onClick={() => setAction({ type: 'switch', coupon })}>
                  <Trans>Enable</Trans>
                </button>
              )}
            </div>
          );
        },
      }),
    ];
  }, [t, i18n.locale, statusWords, kindName]);

  const search = (e: FormEvent) => {
    e.preventDefault();
    setPrefix(typed.trim());
    pages.reset();
  };
  const finished = (message: string) => {
    setAction(null);
    setDone(message);
  };

  return (
    <section className="admin-screen" aria-labelledby="admin-coupons-title">
      <div className="coupons-heading">
        <h2 id="admin-coupons-title">
          <Trans>Coupons</Trans>
        </h2>
        <button type="button" className="button primary" onClick={() => setAction({ type: 'new' })}>
          <Trans>New coupon</Trans>
        </button>
      </div>
      <form className="admin-filters" onSubmit={search} role="search" aria-label={t`Find coupons`}>
        <FilterSelect label={<Trans>Status</Trans>} value={status} onChange={setStatus} pages={pages} options={STATUS_FILTERS.map((s) => ({ value: s, label: statusWords(s) }))} />
        <PageSizeField value={size} max={STAFF_COUPONS_PAGE_MAX} onChange={setSize} pages={pages} />
        <ListSearchField label={<Trans>Code begins with</Trans>} value={typed} maxLength={40} code onChange={setTyped} />
      </form>
      <p className="admin-done" role="status">
        {done}
      </p>
      <AdminTable
        caption={sort.chosen ? <Trans>Coupons</Trans> : <Trans>Coupons, by code</Trans>}
        columns={columns}
        rows={list.data?.CouponList}
        rowId={(c) => c.CouponID}
        empty={<Trans>No coupons match these filters.</Trans>}
        failed={code ? <Trans>The coupons could not be loaded. {reason}</Trans> : undefined}
        onRetry={() => void list.refetch()}
        busy={busy}
        sort={sort.table(StaffCouponSort.entries.Field.options, BY_CODE)}
      />
      <Pager pages={pages} list={list} busy={busy} label={t`Pages of coupons`} />
      {action?.type === 'new' && (
        <CouponFormDialog
          onClose={() => setAction(null)}
          onSaved={({ CouponID: couponCode }) => finished(t`Coupon ${couponCode} made.`)}
        />
      )}
      {action?.type === 'edit' && (
        <CouponFormDialog coupon={action.coupon} onClose={() => setAction(null)} onSaved={({ CouponID: couponCode }) => finished(t`Coupon ${couponCode} saved.`)} />
      )}
      {action?.type === 'switch' && (
        <CouponSwitchDialog
          coupon={action.coupon}
          onClose={() => setAction(null)}
          onDone={({ CouponID: couponCode, DisabledAt }) => finished(DisabledAt ? t`Coupon ${couponCode} disabled.` : t`Coupon ${couponCode} enabled again.`)}
        />
      )}
    </section>
  );
}

/** An amount in both currencies, one under the other. */
function PairOfPrices({ hkd, usd }: { hkd: number; usd: number }) {
  return (
    <span className="coupon-prices">
      <Price amount={hkd} currency="HKD" />
      <br />
      <Price amount={usd} currency="USD" />
    </span>
  );
}
