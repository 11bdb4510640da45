import { Trans, useLingui } from '@lingui/react/macro';
import { CURRENCIES, type Currency } from '../../../contract/index.ts';
import { useServices } from '../../app/services.ts';
import { useStore } from '../../app/store.ts';
import { ChoiceList } from '../../ui/ChoiceList.tsx';
import { Popup } from '../../ui/Popup.tsx';

export function CurrencyPopup(props: { onClose: () => void }) {
  const { preferences } = useServices();
  const { currency } = useStore(preferences);
  const { t } = useLingui();
  const names: Record<Currency, string> = { HKD: t`Hong Kong dollar (HKD)`, USD: t`US dollar (USD)` };
  return (
    <Popup title={<Trans>Currency</Trans>} onClose={props.onClose}>
      <ChoiceList
        label={t`Currency`}
        value={currency}
        choices={CURRENCIES.map((c) => ({ value: c, label: names[c] }))}
        onChoose={(c) => {
          preferences.setCurrency(c);
          props.onClose();
        }}
      />
    </Popup>
  );
}
