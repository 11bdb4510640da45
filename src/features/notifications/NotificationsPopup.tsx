import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { Switch } from 'radix-ui';
import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import * as sessionState from '../../../machines/session/session.selectors.ts';
import {
  getNotificationSettings,
  getPushPublicKey,
  registerFirebaseToken,
  registerToGlobalTopic,
  unregisterFirebaseToken,
  unregisterToGlobalTopic,
} from '../../../contract/index.ts';
import { useServices } from '../../app/services.ts';
import { Popup } from '../../ui/Popup.tsx';
import './notifications.css';

/** Visitors cannot ask the server (get-notification-settings is a member call): the browser remembers. */
const GLOBAL_TOPIC_KEY = 'sg.notifications.globalTopic';

type Support = 'checking' | 'unsupported' | 'blocked' | 'ready';

function pushSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && Boolean(navigator.serviceWorker) &&
    typeof window !== 'undefined' && 'PushManager' in window && 'Notification' in window;
}

function rememberGlobalTopic(on: boolean) {
  try {
    if (on) localStorage.setItem(GLOBAL_TOPIC_KEY, '1');
    else localStorage.removeItem(GLOBAL_TOPIC_KEY);
  } catch {
    // Storage may be unavailable (private mode): the server still knows.
  }
}

function rememberedGlobalTopic(): boolean {
  try {
    return localStorage.getItem(GLOBAL_TOPIC_KEY) === '1';
  } catch {
    return false;
  }
}

/** The VAPID key as bytes, as every browser accepts for applicationServerKey. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

const tokenOf = (subscription: PushSubscription) => JSON.stringify(subscription.toJSON());

/** Spec §3 notification settings: this device's notifications (members) and the shop's news topic (everyone). */
export function NotificationsPopup(props: { onClose: () => void }) {
  const { api, session } = useServices();
  const loggedIn = useSelector(session, sessionState.isLoggedIn);
  const { t } = useLingui();
  const [support, setSupport] = useState<Support>('checking');
  const [device, setDevice] = useState(false);
  const [globalTopic, setGlobalTopic] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const registration = useCallback(() => navigator.serviceWorker.ready, []);

  // What this device is subscribed to now.
  useEffect(() => {
    if (!pushSupported()) {
      setSupport('unsupported');
      return;
    }
    if (Notification.permission === 'denied') {
      setSupport('blocked');
      return;
    }
    let live = true;
    void (async () => {
      try {
        const subscription = await (await registration()).pushManager.getSubscription();
        if (!live) return;
        setSupport('ready');
        if (!subscription) return;
        if (loggedIn) {
          const settings = await api.call(getNotificationSettings, { token: tokenOf(subscription) });
          if (!live) return;
          setDevice(settings.Notifiable);
          setGlobalTopic(settings.GlobalTopic);
        } else {
          setGlobalTopic(rememberedGlobalTopic());
        }
      } catch {
        if (live) setSupport((s) => (s === 'checking' ? 'unsupported' : s));
      }
    })();
    return () => {
      live = false;
    };
  }, [api, loggedIn, registration]);

  /** This device's subscription, asking for permission and subscribing when needed; undefined when refused. */
  async function subscribe(): Promise<PushSubscription | undefined> {
    if (Notification.permission !== 'granted') {
      const answer = await Notification.requestPermission();
      if (answer !== 'granted') {
        if (answer === 'denied') setSupport('blocked');
        return undefined;
      }
    }
    const { pushManager } = await registration();
    const existing = await pushManager.getSubscription();
    if (existing) return existing;
    const { PublicKey } = await api.call(getPushPublicKey, {});
    return pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(PublicKey) });
  }

  /** Drops the browser subscription once neither setting needs it. */
  async function unsubscribeIfUnused(subscription: PushSubscription, stillNeeded: boolean) {
    if (!stillNeeded) await subscription.unsubscribe();
  }

  async function change(which: 'device' | 'global', on: boolean) {
    setBusy(true);
    setFailed(false);
    try {
      if (on) {
        const subscription = await subscribe();
        if (!subscription) return;
        const token = tokenOf(subscription);
        if (which === 'device') {
          await api.call(registerFirebaseToken, { token });
          setDevice(true);
        } else {
          await api.call(registerToGlobalTopic, { token });
          rememberGlobalTopic(true);
          setGlobalTopic(true);
        }
        return;
      }
      const subscription = await (await registration()).pushManager.getSubscription();
      if (!subscription) {
        if (which === 'device') setDevice(false);
        else setGlobalTopic(false);
        return;
      }
      const token = tokenOf(subscription);
      if (which === 'device') {
        await api.call(unregisterFirebaseToken, { token });
        setDevice(false);
        await unsubscribeIfUnused(subscription, globalTopic);
      } else {
        await api.call(unregisterToGlobalTopic, { token });
        rememberGlobalTopic(false);
        setGlobalTopic(false);
        await unsubscribeIfUnused(subscription, device);
      }
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  const disabled = support !== 'ready' || busy;
  return (
    <Popup title={<Trans>Notification settings</Trans>} onClose={props.onClose}>
      <div className="notification-settings" aria-busy={busy || support === 'checking'}>
        {support === 'unsupported' && (
          <p className="notification-status" role="status">
            <Trans>Notifications are not supported on this device</Trans>
          </p>
        )}
        {support === 'blocked' && (
          <p className="notification-status" role="status">
            <Trans>Notifications are blocked in your browser settings</Trans>
          </p>
        )}
        <SettingSwitch
          label={t`Notifications on this device`}
          hint={loggedIn ? undefined : <Trans>Log in to receive notifications about your orders and events.</Trans>}
          checked={loggedIn && device}
          disabled={disabled || !loggedIn}
          onChange={(on) => void change('device', on)}
        />
        <SettingSwitch
          label={t`Shop news and event invitations`}
          checked={globalTopic}
          disabled={disabled}
          onChange={(on) => void change('global', on)}
        />
        {failed && (
          <p className="form-error" role="alert">
            <Trans>The setting could not be saved. Please try again.</Trans>
          </p>
        )}
      </div>
    </Popup>
  );
}

function SettingSwitch(props: {
  label: string;
  hint?: ReactNode;
  checked: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="notification-setting">
      <div className="notification-label">
        <label htmlFor={id}>{props.label}</label>
        {props.hint && (
          <span id={`${id}-hint`} className="notification-hint">
            {props.hint}
          </span>
        )}
      </div>
      <Switch.Root
        id={id}
        className="switch"
        checked={props.checked}
        disabled={props.disabled}
        onCheckedChange={props.onChange}
        aria-describedby={props.hint ? `${id}-hint` : undefined}
      >
        <Switch.Thumb className="switch-thumb" />
      </Switch.Root>
    </div>
  );
}
