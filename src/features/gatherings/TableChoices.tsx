import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { user } from '../../../machines/session/session.selectors.ts';
import type { TablePaymentMethod } from '../../../machines/gathering/gathering.types.ts';
import { useServices } from '../../app/services.ts';
import { useMethodName } from '../../ui/order-words.ts';

/** Picked up at the venue (the default at a tasting), or shipped to the member's selected delivery address. */
export function DeliveryChoice({ delivery, onChange, disabled }: { delivery: boolean; onChange: (delivery: boolean) => void; disabled: boolean }) {
  const { t } = useLingui();
  const { session } = useServices();
  const member = useSelector(session, user);
  const id = useId();
  const addresses = member?.deliveryAddress ?? [];
  const address = addresses.length ? addresses[Math.min(Math.max(member!.mainDeliveryAddressIndex, 0), addresses.length - 1)] : undefined;
  return (
    <fieldset className="table-choice" disabled={disabled} aria-describedby={id}>
      <legend>
        <Trans>How it reaches you</Trans>
      </legend>
      <Radios
        name="table-delivery"
        value={delivery ? 'delivery' : 'pickup'}
        choices={[
          { value: 'pickup', label: t`Pick it up here at the venue` },
          { value: 'delivery', label: t`Deliver it to my address` },
        ]}
        onChoose={(value) => onChange(value === 'delivery')}
      />
      <p id={id} className="muted small">
        {!delivery ? (
          <Trans>Ready at the host’s table once paid. No shipping.</Trans>
        ) : address ? (
          <Trans>To {address.address1}, with its shipping fee.</Trans>
        ) : (
          <Trans>You have no delivery address yet: add one under Account and settings, or pick it up here.</Trans>
        )}
      </p>
    </fieldset>
  );
}

/** How to pay at the table: FPS shows its QR here; a card or Alipay continue on the payment page. */
export function MethodChoice({ method, onChange, disabled }: { method: TablePaymentMethod; onChange: (method: TablePaymentMethod) => void; disabled: boolean }) {
  const methodName = useMethodName();
  const methods: TablePaymentMethod[] = ['CreditCard', 'Alipay', 'FPS'];
  return (
    <fieldset className="table-choice" disabled={disabled}>
      <legend>
        <Trans>Pay by</Trans>
      </legend>
      <Radios name="table-method" value={method} choices={methods.map((m) => ({ value: m, label: methodName(m) }))} onChoose={onChange} />
    </fieldset>
  );
}

/** Native radio rows (the fieldset's legend names the group): light enough for the table's chunk. */
function Radios<V extends string>(props: { name: string; value: V; choices: readonly { value: V; label: string }[]; onChoose: (value: V) => void }) {
  return (
    <div className="table-radios">
      {props.choices.map((c) => (
        <label key={c.value} className="table-radio">
          <input type="radio" name={props.name} value={c.value} checked={props.value === c.value} onChange={() => props.onChoose(c.value)} />
          {c.label}
        </label>
      ))}
    </div>
  );
}
