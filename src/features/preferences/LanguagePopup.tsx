import { Trans } from '@lingui/react/macro';
import { RadioGroup } from 'radix-ui';
import { useServices } from '../../app/services.ts';
import { useStore } from '../../app/store.ts';
import { LOCALES, type Locale } from '../../i18n/i18n.ts';
import { Popup } from '../../ui/Popup.tsx';

/** Each language is named in itself, so a reader of either can find theirs. */
const NAMES: Record<Locale, string> = { en: 'English', 'zh-Hant': '繁體中文' };

export function LanguagePopup(props: { onClose: () => void }) {
  const { preferences } = useServices();
  const { locale } = useStore(preferences);
  return (
    <Popup title={<Trans>Language</Trans>} onClose={props.onClose}>
      <RadioGroup.Root
        className="choice-list"
        value={locale}
        onValueChange={(value) => {
          preferences.setLocale(value as Locale);
          props.onClose();
        }}
        aria-label="Language / 語言"
      >
        {LOCALES.map((l) => (
          <label key={l} className="choice" lang={l}>
            <RadioGroup.Item value={l} className="choice-radio">
              <RadioGroup.Indicator className="choice-dot" />
            </RadioGroup.Item>
            {NAMES[l]}
          </label>
        ))}
      </RadioGroup.Root>
    </Popup>
  );
}
