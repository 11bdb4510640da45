import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getNotificationSettings, userLogin, type TokenSet } from '../../contract/index.ts';
import { demoMember } from '../../server/db/seed/member-data.ts';
import { renderApp } from '../support/render-app.tsx';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
});
afterAll(() => server.close());

const auth = (tokens: TokenSet) => ({ authorization: `Bearer ${tokens.idToken}` });

/** Browser API stubs only: a service worker registration whose push manager hands out one subscription. */
function stubPush() {
  const json = {
    endpoint: `https://fcm.googleapis.com/fcm/send/${Math.random().toString(36).slice(2)}`,
    expirationTime: null,
    // A P-256 point and a 16-byte secret, base64url, as a browser gives them.
    keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
  };
  let current: PushSubscription | null = null;
  const subscribeOptions: PushSubscriptionOptionsInit[] = [];
  const subscription = {
    endpoint: json.endpoint,
    toJSON: () => json,
    unsubscribe: async () => {
      current = null;
      return true;
    },
  } as unknown as PushSubscription;
  const pushManager = {
    getSubscription: async () => current,
    subscribe: async (options: PushSubscriptionOptionsInit) => {
      subscribeOptions.push(options);
      current = subscription;
      return subscription;
    },
  };
  const registration = { pushManager };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), controller: null, register: async () => registration, addEventListener() {} },
  });
  Object.defineProperty(window, 'PushManager', { configurable: true, value: function PushManager() {} });
  let permission: NotificationPermission = 'default';
  Object.defineProperty(window, 'Notification', {
    configurable: true,
    value: {
      get permission() {
        return permission;
      },
      requestPermission: async () => (permission = 'granted'),
    },
  });
  return { token: JSON.stringify(json), subscribeOptions, current: () => current };
}

afterEach(() => {
  for (const [target, key] of [
    [navigator, 'serviceWorker'],
    [window, 'PushManager'],
    [window, 'Notification'],
  ] as const) {
    delete (target as unknown as Record<string, unknown>)[key];
  }
});

async function openPopup(options: { signIn?: boolean } = {}) {
  const view = await renderApp(server, '/home');
  let tokens: TokenSet | undefined;
  if (options.signIn) {
    tokens = await server.call(userLogin, { email: demoMember.email, password: demoMember.password });
    act(() => view.services.session.send({ type: 'SIGNED_IN', tokens: tokens! }));
    await waitFor(() => expect(view.services.session.getSnapshot().context.user?.email).toBe(demoMember.email));
  }
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Notification settings' }));
  const dialog = await screen.findByRole('dialog', { name: 'Notification settings' });
  return { ...view, dialog, user, tokens };
}

describe('the notifications popup', () => {
  it('says so and disables the switches where the browser has no push', async () => {
    expect('PushManager' in window).toBe(false);
    const { dialog } = await openPopup({ signIn: true });
    expect(await within(dialog).findByText('Notifications are not supported on this device')).toBeTruthy();
    expect(within(dialog).getByRole('switch', { name: 'Notifications on this device' })).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('switch', { name: 'Shop news and event invitations' })).toHaveProperty('disabled', true);
  });

  it('says so when notifications are blocked', async () => {
    stubPush();
    Object.defineProperty(window, 'Notification', { configurable: true, value: { permission: 'denied', requestPermission: async () => 'denied' } });
    const { dialog } = await openPopup();
    expect(await within(dialog).findByText('Notifications are blocked in your browser settings')).toBeTruthy();
    expect(within(dialog).getByRole('switch', { name: 'Shop news and event invitations' })).toHaveProperty('disabled', true);
  });

  it('turning the device switch on registers the subscription on the server, and off unregisters it', async () => {
    const push = stubPush();
    const { dialog, user, tokens } = await openPopup({ signIn: true });
    const deviceSwitch = within(dialog).getByRole('switch', { name: 'Notifications on this device' });
    await waitFor(() => expect(deviceSwitch).toHaveProperty('disabled', false));

    await user.click(deviceSwitch);
    await waitFor(() => expect(deviceSwitch.getAttribute('aria-checked')).toBe('true'));
    expect(push.subscribeOptions[0]?.userVisibleOnly).toBe(true);
    expect((push.subscribeOptions[0]?.applicationServerKey as Uint8Array).length).toBe(65);
    expect(await server.call(getNotificationSettings, { token: push.token }, auth(tokens!))).toEqual({ Notifiable: true, GlobalTopic: false });

    await user.click(deviceSwitch);
    await waitFor(() => expect(deviceSwitch.getAttribute('aria-checked')).toBe('false'));
    expect(await server.call(getNotificationSettings, { token: push.token }, auth(tokens!))).toEqual({ Notifiable: false, GlobalTopic: false });
    expect(push.current()).toBeNull();
  });

  it('visitors may join the shop news topic, but not turn on device notifications', async () => {
    const push = stubPush();
    const { dialog, user } = await openPopup();
    const topic = within(dialog).getByRole('switch', { name: 'Shop news and event invitations' });
    await waitFor(() => expect(topic).toHaveProperty('disabled', false));
    expect(within(dialog).getByRole('switch', { name: 'Notifications on this device' })).toHaveProperty('disabled', true);

    await user.click(topic);
    await waitFor(() => expect(topic.getAttribute('aria-checked')).toBe('true'));
    const tokens = await server.call(userLogin, { email: demoMember.email, password: demoMember.password });
    expect(await server.call(getNotificationSettings, { token: push.token }, auth(tokens))).toEqual({ Notifiable: false, GlobalTopic: true });
  });
});
