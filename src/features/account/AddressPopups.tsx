import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { user } from '../../../machines/session/session.selectors.ts';
import { useServices } from '../../app/services.ts';
import { Popup } from '../../ui/Popup.tsx';
import './account.css';
import { BillingAddressSection } from './BillingAddressSection.tsx';
import { DeliveryAddressesSection } from './DeliveryAddressesSection.tsx';

/**
 * Spec §2 popups "delivery and billing address edit": the account's address sections on their own (checkout
 * opens them). Saving an address closes the popup: the page that opened it shows the address chosen.
 */
function AddressPopup(props: { title: ReactNode; onClose: () => void; children: (member: NonNullable<ReturnType<typeof user>>) => ReactNode }) {
  const { session } = useServices();
  const member = useSelector(session, user);
  return (
    <Popup title={props.title} onClose={props.onClose}>
      {member ? (
        props.children(member)
      ) : (
        <p className="muted" role="status">
          <Trans>Loading your account…</Trans>
        </p>
      )}
    </Popup>
  );
}

export function DeliveryAddressesPopup(props: { onClose: () => void }) {
  return (
    <AddressPopup title={<Trans>Delivery addresses</Trans>} onClose={props.onClose}>
      {(member) => <DeliveryAddressesSection key={member.userID} member={member} onSaved={props.onClose} />}
    </AddressPopup>
  );
}

export function BillingAddressPopup(props: { onClose: () => void }) {
  return (
    <AddressPopup title={<Trans>Billing address</Trans>} onClose={props.onClose}>
      {(member) => <BillingAddressSection key={member.userID} member={member} onSaved={props.onClose} />}
    </AddressPopup>
  );
}
