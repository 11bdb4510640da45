import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import type { Address, DeliveryAddress, UserDetail } from '../../../contract/index.ts';
import { CheckboxField, failureMessage, SaveStatus, SelectField, useMessage } from './account-ui.tsx';
import { DEFAULT_CALLING_CODE, MAX_DELIVERY_ADDRESSES } from './account-validation.ts';
import { addressProblems, draftFrom, hasProblems, toAddress, type AddressDraft } from './address-draft.ts';
import { AddressFields } from './AddressFields.tsx';
import { AddressSummary } from '../../ui/AddressSummary.tsx';
import { useAddressLabel } from '../../ui/address-label.ts';
import { useCountries } from '../../ui/use-places.ts';
import { useUpdateInfo } from './use-update-info.ts';

type Label = DeliveryAddress['label'];

/** The same place and recipient (the label aside): saving it again is not a second address. */
function sameAddress(a: Address, b: Address): boolean {
  const keys = ['firstName', 'lastName', 'countryCallingCode', 'phone', 'CountryID', 'city', 'district', 'address1', 'address2', 'postalCode'] as const;
  const norm = (value: string | undefined) => (value ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
  return keys.every((key) => norm(a[key]) === norm(b[key]));
}

/**
 * The member's delivery addresses: one is the main one; add, edit and delete up to ten. `onSaved`: an address
 * added or edited is saved (the popup closes then, issue 29: it stayed open on "Add a delivery address", and
 * a second tap added the same address again).
 */
export function DeliveryAddressesSection(props: { member: UserDetail; onSaved?: (() => void) | undefined }) {
  const { t } = useLingui();
  const text = useMessage();
  const labelText = useAddressLabel();
  const radioName = useId();
  const save = useUpdateInfo();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const list = props.member.deliveryAddress;
  const main = Math.min(props.member.mainDeliveryAddressIndex, Math.max(list.length - 1, 0));
  const busy = save.isPending;
  const failure = save.isError ? text(failureMessage(save.error)) : undefined;
  const full = list.length >= MAX_DELIVERY_ADDRESSES;

  const persist = (deliveryAddress: DeliveryAddress[], mainDeliveryAddressIndex: number, after?: () => void) =>
    save.mutate({ deliveryAddress, mainDeliveryAddressIndex }, { onSuccess: after });
  const startEditing = (which: number | 'new') => {
    save.reset();
    setDeleting(null);
    setEditing(which);
  };

  if (editing !== null) {
    const index = editing === 'new' ? list.length : editing;
    return (
      <DeliveryAddressEditor
        member={props.member}
        address={editing === 'new' ? undefined : list[editing]}
        isMain={list.length === 0 || index === main}
        busy={busy}
        failure={failure}
        onCancel={() => {
          save.reset();
          setEditing(null);
        }}
        onSave={(address, makeMain) => {
          // A new address the member already has (saved twice) updates that one instead of adding a copy.
          const same = editing === 'new' ? list.findIndex((a) => sameAddress(a, address)) : -1;
          const at = same >= 0 ? same : index;
          const next = editing === 'new' && same < 0 ? [...list, address] : list.map((a, i) => (i === at ? address : a));
          persist(next, makeMain ? at : main, () => {
            setEditing(null);
            props.onSaved?.();
          });
        }}
      />
    );
  }

  const remove = (index: number) => {
    const next = list.filter((_, i) => i !== index);
    const nextMain = index < main ? main - 1 : index === main ? 0 : main;
    persist(next, Math.min(nextMain, Math.max(next.length - 1, 0)), () => setDeleting(null));
  };

  return (
    <div className="form">
      {list.length === 0 ? (
        <p className="muted">
          <Trans>You have no delivery addresses yet.</Trans>
        </p>
      ) : (
        <fieldset className="account-fieldset">
          <legend className="muted small">
            <Trans>Choose the main address we deliver to.</Trans>
          </legend>
          <ul className="account-cards">
            {list.map((address, i) => {
              const who = `${labelText(address.label)}, ${address.firstName} ${address.lastName}`;
              return (
                <li key={i} className="account-card" data-main={i === main}>
                  <div className="account-card-head">
                    <span className="chip static">{labelText(address.label)}</span>
                    <label className="account-main">
                      <input
                        type="radio"
                        name={radioName}
                        checked={i === main}
                        disabled={busy}
                        onChange={() => {
                          save.reset();
                          persist(list, i);
                        }}
                        aria-label={t`Main address: ${who}`}
                      />
                      <span aria-hidden="true">
                        <Trans>Main address</Trans>
                      </span>
                    </label>
                  </div>
                  <AddressSummary address={address} />
                  {deleting === i ? (
                    <div className="account-card-actions" role="group" aria-label={t`Delete this address?`}>
                      <span>
                        <Trans>Delete this address?</Trans>
                      </span>
                      <button type="button" className="button small" disabled={busy} onClick={() => remove(i)}>
                        <Trans>Delete</Trans>
                      </button>
                      <button type="button" className="link-button" disabled={busy} onClick={() => setDeleting(null)}>
                        <Trans>Keep</Trans>
                      </button>
                    </div>
                  ) : (
                    <div className="account-card-actions">
                      <button type="button" className="link-button" disabled={busy} onClick={() => startEditing(i)} aria-label={t`Edit: ${who}`}>
                        <Trans>Edit</Trans>
                      </button>
                      <button
                        type="button"
                        className="link-button"
                        disabled={busy}
                        onClick={() => {
                          save.reset();
                          setDeleting(i);
                        }}
                        aria-label={t`Delete: ${who}`}
                      >
                        <Trans>Delete</Trans>
                      </button>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
      <SaveStatus saved={save.isSuccess} error={failure} />
      <button type="button" className="button primary wide" disabled={busy || full} onClick={() => startEditing('new')}>
        <Trans>Add a delivery address</Trans>
      </button>
      {full && (
        <p className="muted small">
          <Trans>You can keep up to {MAX_DELIVERY_ADDRESSES} delivery addresses.</Trans>
        </p>
      )}
    </div>
  );
}

function DeliveryAddressEditor(props: {
  member: UserDetail;
  address: DeliveryAddress | undefined;
  isMain: boolean;
  busy: boolean;
  failure: string | undefined;
  onCancel: () => void;
  onSave: (address: DeliveryAddress, makeMain: boolean) => void;
}) {
  const { t } = useLingui();
  const labelText = useAddressLabel();
  const countries = useCountries();
  const { member } = props;
  const [label, setLabel] = useState<Label>(props.address?.label ?? 'home');
  const [draft, setDraft] = useState<AddressDraft>(() =>
    draftFrom(props.address, {
      firstName: member.givenName,
      lastName: member.familyName,
      countryCallingCode: member.phoneCountryCode || DEFAULT_CALLING_CODE,
      phone: member.phone ?? '',
    }),
  );
  const [makeMain, setMakeMain] = useState(props.isMain);
  const [touched, setTouched] = useState(false);
  const problems = addressProblems(draft, countries.data);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!hasProblems(problems)) props.onSave({ ...toAddress(draft), label }, makeMain);
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-busy={props.busy}>
      <h3 className="account-subtitle">{props.address ? <Trans>Edit delivery address</Trans> : <Trans>New delivery address</Trans>}</h3>
      <SelectField label={<Trans>Label</Trans>} value={label} onChange={(e) => setLabel(e.target.value as Label)} disabled={props.busy}>
        {(['home', 'office', 'school'] as const).map((l) => (
          <option key={l} value={l}>
            {labelText(l)}
          </option>
        ))}
      </SelectField>
      <AddressFields draft={draft} onChange={setDraft} problems={touched ? problems : {}} disabled={props.busy} />
      {!props.isMain && (
        <CheckboxField label={<Trans>Make this my main delivery address</Trans>} checked={makeMain} onChange={setMakeMain} disabled={props.busy} />
      )}
      <SaveStatus saved={false} error={props.failure} />
      <div className="account-actions">
        <button type="button" className="button" disabled={props.busy} onClick={props.onCancel}>
          <Trans>Cancel</Trans>
        </button>
        <button type="submit" className="button primary" disabled={props.busy}>
          {props.busy ? t`Saving…` : t`Save address`}
        </button>
      </div>
    </form>
  );
}
