import { useLingui } from '@lingui/react/macro';
import type { DeliveryAddress } from '../../contract/index.ts';

/** A delivery address's label in words (Home, Office, School): the account's list and the checkout's choices say it alike. */
export function useAddressLabel(): (label: DeliveryAddress['label']) => string {
  const { t } = useLingui();
  // Context: "Home" is also the name of the home page, which translates differently.
  const labels: Record<DeliveryAddress['label'], string> = {
    home: t({ message: 'Home', context: 'address label' }),
    office: t({ message: 'Office', context: 'address label' }),
    school: t({ message: 'School', context: 'address label' }),
  };
  return (label) => labels[label];
}
