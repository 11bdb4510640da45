import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { staffRemovePour, type StaffGathering, type StaffPour } from '../../../contract/index.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { hongKongDateTime } from '../../ui/event-dates.ts';
import { FormError } from '../../ui/Field.tsx';
import { formatNumber } from '../../ui/format.ts';
import { Popup } from '../../ui/Popup.tsx';
import { Price } from '../../ui/Price.tsx';
import { adminColumns, AdminTable, type AdminColumn } from './AdminTable.tsx';
import { useLocalName } from './catalogue-form.ts';
import { gatheringQueries, GATHERINGS_KEY } from './gatherings-queries.ts';
import { useGatheringStatusName, usePourErrorText } from './gatherings-words.ts';
import { PourDialog } from './PourDialog.tsx';

type Action = { type: 'add' } | { type: 'change' | 'remove'; pour: StaffPour };

/** Both prices of a pour, one above the other. */
function Prices({ price }: { price: { HKD: number; USD: number } }) {
  return (
    <span className="admin-nowrap">
      <Price amount={price.HKD} currency="HKD" />
      <br />
      <Price amount={price.USD} currency="USD" />
    </span>
  );
}

/**
 * One gathering's pour list (issue 32): each pour with its prices at the gathering and in the web shop, the units set
 * aside, what is left and what orders took; staff add a pour, change one and remove one nobody ordered. A closed
 * gathering's list is read only.
 */
export function PourList({ gathering, eventName, onBack }: { gathering: StaffGathering; eventName: string; onBack: () => void }) {
  const { api } = useServices();
  const { t, i18n } = useLingui();
  const localName = useLocalName();
  const statusName = useGatheringStatusName();
  const errorText = usePourErrorText();
  const [action, setAction] = useState<Action | null>(null);
  const [done, setDone] = useState('');
  const list = useQuery(gatheringQueries.pours(api, gathering.GatheringID));
  const code = errorCode(list.error);
  const reason = code ? errorText(code, 'load') : '';
  // The list's own answer is the latest word on the gathering (it may have closed since the table was read).
  const current = list.data?.Gathering ?? gathering;
  const closed = current.Status === 'Closed';
  const when = hongKongDateTime(gathering.StartAt);
  const status = statusName(current.Status);
  const hostEmail = current.HostEmail;
  const locale = i18n.locale;

  const columns = useMemo((): AdminColumn<StaffPour>[] => {
    const col = adminColumns<StaffPour>();
    return [
      col.display({
        id: 'product',
        header: () => t`Product`,
        cell: (c) => {
          const p = c.row.original;
          return (
            <div className="admin-pour-product">
              {p.Image && <img src={p.Image} alt="" width={40} height={40} loading="lazy" />}
              <div>
                {localName(p.Name)}
                <br />
                <span className="muted small">{localName(p.VarianceName)}</span>
                <br />
                <span className="admin-mono muted small">{p.ProductID}</span>
              </div>
            </div>
          );
        },
      }),
      col.accessor('Price', { header: () => t`Price at the gathering`, cell: (c) => <Prices price={c.getValue()} /> }),
      col.accessor('OnlinePrice', { header: () => t`Web shop price`, cell: (c) => <Prices price={c.getValue()} /> }),
      col.accessor('SetAside', { header: () => t`Set aside`, cell: (c) => formatNumber(c.getValue(), locale) }),
      col.accessor('Remaining', { header: () => t`Left`, cell: (c) => formatNumber(c.getValue(), locale) }),
      col.accessor('Taken', { header: () => t`Taken by orders`, cell: (c) => formatNumber(c.getValue(), locale) }),
      col.display({
        id: 'actions',
        header: () => t`Actions`,
        cell: (c) => {
          const p = c.row.original;
          const name = localName(p.Name);
          if (closed) return <span className="muted">{t`Closed`}</span>;
          return (
            <div className="admin-actions">
              <button type="button" className="button small" aria-label={t`Change the pour of ${name}`} onClick={() => setAction({ type: 'change', pour: p })}>
                <Trans>Change</Trans>
              </button>
              {p.Ordered ? (
                <span className="muted small">
                  <Trans>Ordered: stays on the list</Trans>
                </span>
              ) : (
                <button type="button" className="button small danger-text" aria-label={t`Remove ${name} from the pour list`} onClick={() => setAction({ type: 'remove', pour: p })}>
                  <Trans>Remove</Trans>
                </button>
              )}
            </div>
          );
        },
      }),
    ];
  }, [t, localName, closed, locale]);

  const close = () => setAction(null);
  const finished = (message: string) => {
    setAction(null);
    setDone(message);
  };

  return (
    <section className="admin-screen" aria-labelledby="admin-pours-title">
      <div className="admin-section-head">
        <h3 id="admin-pours-title">
          <Trans>
            Pour list of {eventName}, {when} (Hong Kong time)
          </Trans>
        </h3>
        <div className="admin-actions">
          {!closed && (
            <button
              type="button"
              className="button primary"
              onClick={() => {
                setDone('');
                setAction({ type: 'add' });
              }}
            >
              <Trans>Add a pour</Trans>
            </button>
          )}
          <button type="button" className="button" onClick={onBack}>
            <Trans>Back to the gatherings</Trans>
          </button>
        </div>
      </div>
      <p>
        <Trans>Status: {status}</Trans> · <Trans>Host: {hostEmail}</Trans>
      </p>
      {closed && (
        <p className="muted">
          <Trans>This gathering is closed: its pour list can no longer change.</Trans>
        </p>
      )}
      <p className="admin-done" role="status">
        {done}
      </p>
      <AdminTable
        caption={<Trans>Pours, in the room’s order</Trans>}
        columns={columns}
        rows={list.data?.PourList}
        rowId={(p) => p.ProductID}
        empty={<Trans>Nothing on the pour list yet.</Trans>}
        failed={code ? <Trans>The pour list could not be loaded. {reason}</Trans> : undefined}
        onRetry={() => void list.refetch()}
        busy={list.isFetching}
      />
      {action?.type === 'add' && (
        <PourDialog
          gathering={current}
          eventName={eventName}
          onClose={close}
          onSaved={(pour, created) => {
            const name = localName(pour.Name);
            finished(created ? t`${name} added to the pour list.` : t`Pour of ${name} saved.`);
          }}
        />
      )}
      {action?.type === 'change' && (
        <PourDialog
          gathering={current}
          eventName={eventName}
          pour={action.pour}
          onClose={close}
          onSaved={(pour) => {
            const name = localName(pour.Name);
            finished(t`Pour of ${name} saved.`);
          }}
        />
      )}
      {action?.type === 'remove' && (
        <PourRemoveDialog
          gathering={current}
          pour={action.pour}
          onClose={close}
          onRemoved={(name) => finished(t`${name} removed from the pour list.`)}
        />
      )}
    </section>
  );
}

/** Taking a pour off the list once confirmed; the server refuses one an order took (PourAlreadyOrdered), said in words. */
function PourRemoveDialog({ gathering, pour, onClose, onRemoved }: { gathering: StaffGathering; pour: StaffPour; onClose: () => void; onRemoved: (name: string) => void }) {
  const { api, queryClient } = useServices();
  const { t } = useLingui();
  const localName = useLocalName();
  const errorText = usePourErrorText();
  const sending = useRef(false);
  const name = localName(pour.Name);
  const remove = useMutation({
    mutationFn: () => api.call(staffRemovePour, { GatheringID: gathering.GatheringID, ProductID: pour.ProductID }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: GATHERINGS_KEY });
      onRemoved(name);
    },
    onSettled: () => {
      sending.current = false;
    },
    meta: { handlesErrors: true },
  });
  const code = errorCode(remove.error);
  const press = () => {
    if (sending.current) return;
    sending.current = true;
    remove.mutate();
  };
  return (
    <Popup
      role="alertdialog"
      title={t`Remove ${name} from the pour list?`}
      description={t`The room can no longer order it, and members’ carts lose it.`}
      onClose={onClose}
    >
      <div className="admin-dialog">
        {code && <FormError>{errorText(code, 'remove')}</FormError>}
        <div className="admin-dialog-actions">
          <button type="button" className="button danger-text" disabled={remove.isPending} aria-busy={remove.isPending} onClick={press}>
            {remove.isPending ? <Trans>Removing…</Trans> : <Trans>Remove the pour</Trans>}
          </button>
          <button type="button" className="button" onClick={onClose}>
            <Trans>Keep it</Trans>
          </button>
        </div>
      </div>
    </Popup>
  );
}
