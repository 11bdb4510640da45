import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { UserDetail } from '../../../contract/index.ts';
import { failureMessage, SaveStatus, useMessage } from './account-ui.tsx';
import { DEFAULT_CALLING_CODE } from './account-validation.ts';
import { addressProblems, draftFrom, hasProblems, toAddress, type AddressDraft } from './address-draft.ts';
import { AddressFields } from './AddressFields.tsx';
import { useCountries } from '../../ui/use-places.ts';
import { useUpdateInfo } from './use-update-info.ts';

/** The billing address: the delivery address fields without label or main flag. `onSaved`: once it is saved (the popup closes). */
export function BillingAddressSection(props: { member: UserDetail; onSaved?: (() => void) | undefined }) {
  const { t } = useLingui();
  const text = useMessage();
  const { member } = props;
  const save = useUpdateInfo();
  const countries = useCountries();
  const [draft, setDraft] = useState<AddressDraft>(() =>
    draftFrom(member.billingAddress, {
      firstName: member.givenName,
      lastName: member.familyName,
      countryCallingCode: member.phoneCountryCode || DEFAULT_CALLING_CODE,
      phone: member.phone ?? '',
    }),
  );
  const [touched, setTouched] = useState(false);
  const problems = addressProblems(draft, countries.data);
  const mainDelivery = member.deliveryAddress[member.mainDeliveryAddressIndex] ?? member.deliveryAddress[0];
  const busy = save.isPending;

  const edit = (next: AddressDraft) => {
    setDraft(next);
    if (!busy) save.reset();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!hasProblems(problems)) save.mutate({ billingAddress: toAddress(draft) }, { onSuccess: () => props.onSaved?.() });
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-busy={busy}>
      {!member.billingAddress && (
        <p className="muted">
          <Trans>You have no billing address yet.</Trans>
        </p>
      )}
      {mainDelivery && (
        <button
          type="button"
          className="link-button"
          disabled={busy}
          onClick={() => {
            const { label: _label, ...address } = mainDelivery;
            edit(draftFrom(address));
          }}
        >
          <Trans>Same as my main delivery address</Trans>
        </button>
      )}
      <AddressFields draft={draft} onChange={edit} problems={touched ? problems : {}} disabled={busy} />
      <SaveStatus saved={save.isSuccess} error={save.isError ? text(failureMessage(save.error)) : undefined} />
      <button type="submit" className="button primary wide" disabled={busy}>
        {busy ? t`Saving…` : t`Save billing address`}
      </button>
    </form>
  );
}
