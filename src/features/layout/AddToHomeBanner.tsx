import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useServices } from '../../app/services.ts';
import { createStore, useStore } from '../../app/store.ts';
import { FrameIcon } from '../../ui/frame-icons.tsx';

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

/**
 * iPhone and iPad (iPadOS reports itself as a Mac, with a touch screen): no install prompt there, the
 * page is added from the Share menu (Safari, and the other iOS browsers since iOS 16.4).
 */
export function isIos(win: Window = window): boolean {
  const { userAgent, maxTouchPoints } = win.navigator;
  return /\b(iPhone|iPad|iPod)\b/.test(userAgent) || (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1);
}

/**
 * Chrome offers installing when it finds the shop installable, which may be before the layout has
 * rendered (a returning visitor's worker is already there): the offer is kept from the moment this
 * module loads, with the first load, and held back (preventDefault) on phones and tablets, where the
 * banner's Install button makes it.
 */
const installOffer = createStore<InstallPromptEvent | undefined>(undefined);
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    if (!canAddToHome()) return;
    event.preventDefault();
    installOffer.set(event as InstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => installOffer.set(undefined));
}

export interface AddToHome {
  /** The banner is offered: a phone or tablet, not installed, not dismissed. */
  show: boolean;
  dismiss(): void;
  /** The browser's own install prompt, where it offers one (Chrome on Android). */
  install?: () => void;
  /** iOS: the banner says how to add the shop from the Share menu. */
  ios: boolean;
}

/** The add-to-home banner's state; the layout keeps the SVIP bar away while it shows (issue 14). */
export function useAddToHome(): AddToHome {
  const { storage } = useServices();
  const [dismissed, setDismissed] = useState(() => storage.getItem(DISMISSED_KEY) === '1');
  const [eligible] = useState(() => canAddToHome());
  const [ios] = useState(() => isIos());
  const prompt = useStore(installOffer);
  useEffect(() => {
    if (!eligible) return;
    const installed = () => setDismissed(true);
    window.addEventListener('appinstalled', installed);
    return () => window.removeEventListener('appinstalled', installed);
  }, [eligible]);
  const dismiss = () => {
    storage.setItem(DISMISSED_KEY, '1');
    setDismissed(true);
  };
  return {
    show: eligible && !dismissed,
    dismiss,
    ios,
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
        ) : addToHome.ios ? (
          <Trans>
            Add us to your home screen: tap Share <FrameIcon name="share" />, then “Add to Home Screen”.
          </Trans>
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
