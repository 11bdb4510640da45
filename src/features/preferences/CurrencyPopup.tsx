import { Trans, useLingui } from '@lingui/react/macro';
import { RadioGroup } from 'radix-ui';
import { CURRENCIES, type Currency } from '../../../contract/index.ts';
import { useServices } from '../../app/services.ts';
import { useStore } from '../../app/store.ts';
import { Popup } from '../../ui/Popup.tsx';

export function CurrencyPopup(props: { onClose: () => void }) {
  const { preferences } = useServices();
  const { currency } = useStore(preferences);
  const { t } = useLingui();
  const names: Record<Currency, string> = { HKD: t`Hong Kong dollar (HKD)`, USD: t`US dollar (USD)` };
  return (
    <Popup title={<Trans>Currency</Trans>} onClose={props.onClose}>
      <RadioGroup.Root
        className="choice-list"
        value={currency}
        onValueChange={(value) => {
          preferences.setCurrency(value as Currency);
          props.onClose();
        }}
        aria-label={t`Currency`}
      >
        {CURRENCIES.map((c) => (
          <label key={c} className="choice">
            <RadioGroup.Item value={c} className="choice-radio">
              <RadioGroup.Indicator className="choice-dot" />
            </RadioGroup.Item>
            {names[c]}
          </label>
        ))}
      </RadioGroup.Root>
    </Popup>
  );
}
