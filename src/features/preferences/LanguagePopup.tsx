import { Trans } from '@lingui/react/macro';
import { useServices } from '../../app/services.ts';
import { useStore } from '../../app/store.ts';
import { LOCALES, type Locale } from '../../i18n/i18n.ts';
import { ChoiceList } from '../../ui/ChoiceList.tsx';
import { Popup } from '../../ui/Popup.tsx';

/** Each language is named in itself, so a reader of either can find theirs. */
const NAMES: Record<Locale, string> = { en: 'English', 'zh-Hant': '繁體中文' };

export function LanguagePopup(props: { onClose: () => void }) {
  const { preferences } = useServices();
  const { locale } = useStore(preferences);
  return (
    <Popup title={<Trans>Language</Trans>} onClose={props.onClose}>
      <ChoiceList
        label="Language / 語言"
        value={locale}
        choices={LOCALES.map((l) => ({ value: l, label: NAMES[l], lang: l }))}
        onChoose={(l) => {
          preferences.setLocale(l);
          props.onClose();
        }}
      />
    </Popup>
  );
}
