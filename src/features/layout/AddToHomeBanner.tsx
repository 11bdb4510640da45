import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useServices } from '../../app/services.ts';

const DISMISSED_KEY = 'sg.addToHomeDismissed';

/** Chrome's install prompt (not in TypeScript's DOM types). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/**
 * Whether adding the shop to the home screen makes sense on this device: a phone or tablet (a touch
 * screen and no hover), where the shop is not already running from the home screen. Never on a desktop.
 */
export function canAddToHome(win: Window = window): boolean {
  if (typeof win.matchMedia !== 'function') return false;
  const handheld = win.matchMedia('(hover: none) and (pointer: coarse)').matches;
  const installed =
    win.matchMedia('(display-mode: standalone)').matches || (win.navigator as Navigator & { standalone?: boolean }).standalone === true;
  return handheld && !installed;
}

export interface AddToHome {
  /** The banner is offered: a phone or tablet, not installed, not dismissed. */
  show: boolean;
  dismiss(): void;
  /** The browser's own install prompt, where it offers one (Chrome on Android). */
  install?: () => void;
}

/** The add-to-home banner's state; the layout keeps the SVIP bar away while it shows (issue 14). */
export function useAddToHome(): AddToHome {
  const { storage } = useServices();
  const [dismissed, setDismissed] = useState(() => storage.getItem(DISMISSED_KEY) === '1');
  const [eligible] = useState(() => canAddToHome());
  const [prompt, setPrompt] = useState<InstallPromptEvent>();
  useEffect(() => {
    if (!eligible) return;
    const offered = (event: Event) => {
      event.preventDefault();
      setPrompt(event as InstallPromptEvent);
    };
    const installed = () => setDismissed(true);
    window.addEventListener('beforeinstallprompt', offered);
    window.addEventListener('appinstalled', installed);
    return () => {
      window.removeEventListener('beforeinstallprompt', offered);
      window.removeEventListener('appinstalled', installed);
    };
  }, [eligible]);
  const dismiss = () => {
    storage.setItem(DISMISSED_KEY, '1');
    setDismissed(true);
  };
  return {
    show: eligible && !dismissed,
    dismiss,
    install: prompt
      ? () => {
          void prompt.prompt();
          void prompt.userChoice.then(({ outcome }) => outcome === 'accepted' && dismiss());
        }
      : undefined,
  };
}

/** Suggests adding the shop to the phone's home screen, in one slim strip, until dismissed. */
export function AddToHomeBanner({ addToHome }: { addToHome: AddToHome }) {
  const { t } = useLingui();
  return (
    <aside className="add-to-home" aria-label={t`Add to home screen`}>
      <p>
        {addToHome.install ? (
          <Trans>Add Sip &amp; Gather to your home screen.</Trans>
        ) : (
          <Trans>Add us to your home screen: browser menu › “Add to Home Screen”.</Trans>
        )}
      </p>
      {addToHome.install && (
        <button type="button" className="button small" onClick={addToHome.install}>
          <Trans>Install</Trans>
        </button>
      )}
      <button type="button" className="icon-button" aria-label={t`Dismiss`} onClick={addToHome.dismiss}>
        ×
      </button>
    </aside>
  );
}
