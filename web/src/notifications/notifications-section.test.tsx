// @vitest-environment happy-dom
import { DEFAULT_NOTIFICATION_CHOICES } from '@ecu/shared';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { deferred, fail, mockApi, ok } from '../test/api-mock';
import { findToast, renderPage, resetDevice } from '../test/customer';
import { screen, waitFor } from '../test/rtl';
import { NotificationsSection } from './notifications-section';

/** Profile settings' Notifications (docs/decisions/038-web-push.md). */

beforeEach(resetDevice);

const KEY = `B${'A'.repeat(86)}`;

function open(role: 'user' | 'admin' = 'user') {
  renderPage(<NotificationsSection accountRole={role} />, { route: '/profile-settings' });
  return userEvent.setup();
}

const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const choices = () =>
  screen.getByRole('group', { name: 'Tell me when (on every device with push on)' }) as HTMLFieldSetElement;

/** A browser that can push: a service worker registration whose push manager keeps one subscription. */
function pushCapableBrowser(permission: NotificationPermission = 'granted') {
  let subscription: {
    endpoint: string;
    options: object;
    toJSON(): object;
    unsubscribe(): Promise<boolean>;
  } | null = null;
  const pushManager = {
    getSubscription: vi.fn(async () => subscription),
    subscribe: vi.fn(async ({ applicationServerKey }: { applicationServerKey: Uint8Array }) => {
      subscription = {
        endpoint: 'https://push.example.com/device-1',
        options: { applicationServerKey: applicationServerKey.buffer },
        toJSON: () => ({
          endpoint: 'https://push.example.com/device-1',
          keys: { p256dh: KEY, auth: 'q'.repeat(22) },
        }),
        unsubscribe: vi.fn(async () => {
          subscription = null;
          return true;
        }),
      };
      return subscription;
    }),
  };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission, requestPermission: vi.fn(async () => permission) });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => ({ pushManager }) },
  });
  onTestFinished(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });
  return pushManager;
}

describe('Notifications', () => {
  it('in a browser without push: says so and what reaches the tuner instead; the choices still load', async () => {
    mockApi()
      .on('GET', '/notifications/public-key', ok({ publicKey: KEY }))
      .on(
        'GET',
        '/notifications/preferences',
        ok({ ...DEFAULT_NOTIFICATION_CHOICES, supportReplies: false }),
      );
    open();
    expect(
      await screen.findByText(
        'This browser cannot receive push notifications. We e-mail you instead when a file is unlocked or failed, and when support replies while you are away.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(checkbox('My file is unlocked or failed').checked).toBe(true));
    expect(checkbox('Support replies in a ticket chat').checked).toBe(false);
    expect(screen.queryByRole('checkbox', { name: 'A new ticket arrives' })).toBeNull();
  });

  it("an admin's choices are about new tickets and customer messages", async () => {
    mockApi()
      .on('GET', '/notifications/public-key', ok({ publicKey: null }))
      .on('GET', '/notifications/preferences', ok(DEFAULT_NOTIFICATION_CHOICES));
    open('admin');
    await waitFor(() => expect(checkbox('A new ticket arrives').checked).toBe(true));
    expect(checkbox('A customer writes in a ticket chat')).toBeTruthy();
    expect(screen.getByText(/New tickets and customer messages still show in the Inbox./)).toBeTruthy();
  });

  it('saves a changed choice with every other choice', async () => {
    const api = mockApi()
      .on('GET', '/notifications/public-key', ok({ publicKey: null }))
      .on('GET', '/notifications/preferences', ok(DEFAULT_NOTIFICATION_CHOICES))
      .on('PUT', '/notifications/preferences', ok(null));
    const user = open();
    await waitFor(() => expect(choices().disabled).toBe(false));
    await user.click(checkbox('Support replies in a ticket chat'));
    expect(checkbox('Support replies in a ticket chat').checked).toBe(false);
    await waitFor(() => expect(api.calls('PUT', '/notifications/preferences')).toHaveLength(1));
    expect(api.calls('PUT', '/notifications/preferences')[0]?.body).toEqual({
      ...DEFAULT_NOTIFICATION_CHOICES,
      supportReplies: false,
    });
  });

  it('puts a choice back and says so when the server refuses it', async () => {
    const answer = deferred();
    mockApi()
      .on('GET', '/notifications/public-key', ok({ publicKey: null }))
      .on('GET', '/notifications/preferences', ok(DEFAULT_NOTIFICATION_CHOICES))
      .on('PUT', '/notifications/preferences', () => answer.promise);
    const user = open();
    await waitFor(() => expect(choices().disabled).toBe(false));
    await user.click(checkbox('My file is unlocked or failed'));
    expect(checkbox('My file is unlocked or failed').checked).toBe(false);
    answer.resolve(fail(429, 'Too many requests. Try again in 1 minute.'));
    expect(await findToast('Too many requests. Try again in 1 minute.')).toBeTruthy();
    expect(checkbox('My file is unlocked or failed').checked).toBe(true);
  });

  it('says when the choices could not be loaded, and leaves them off', async () => {
    mockApi()
      .on('GET', '/notifications/public-key', ok({ publicKey: null }))
      .on('GET', '/notifications/preferences', fail(500, 'Database unavailable'));
    open();
    expect(await screen.findByText(/Your choices could not be loaded./)).toBeTruthy();
    expect(choices().disabled).toBe(true);
  });

  it('turns push on for this device: asks permission, subscribes with the server key, tells the server', async () => {
    const pushManager = pushCapableBrowser();
    const api = mockApi()
      .on('GET', '/notifications/public-key', ok({ publicKey: KEY }))
      .on('GET', '/notifications/preferences', ok(DEFAULT_NOTIFICATION_CHOICES))
      .on('POST', '/notifications/subscription', ok(null))
      .on('DELETE', '/notifications/subscription', ok(null));
    const user = open();
    const toggle = (await screen.findByRole('switch', {
      name: 'Push notifications on this device',
    })) as HTMLInputElement;
    await waitFor(() => expect(toggle.disabled).toBe(false));
    expect(toggle.checked).toBe(false);

    await user.click(toggle);
    expect(await findToast('Push notifications are on for this device')).toBeTruthy();
    expect(toggle.checked).toBe(true);
    expect(pushManager.subscribe).toHaveBeenCalledTimes(1);
    expect(api.calls('POST', '/notifications/subscription')[0]?.body).toEqual({
      endpoint: 'https://push.example.com/device-1',
      keys: { p256dh: KEY, auth: 'q'.repeat(22) },
    });

    await user.click(toggle);
    expect(await findToast('Push notifications are off for this device')).toBeTruthy();
    expect(api.calls('DELETE', '/notifications/subscription')[0]?.body).toEqual({
      endpoint: 'https://push.example.com/device-1',
    });
    expect(toggle.checked).toBe(false);
  });

  it('a refused permission shows that notifications are blocked', async () => {
    pushCapableBrowser('default');
    vi.stubGlobal('Notification', { permission: 'default', requestPermission: async () => 'denied' });
    mockApi()
      .on('GET', '/notifications/public-key', ok({ publicKey: KEY }))
      .on('GET', '/notifications/preferences', ok(DEFAULT_NOTIFICATION_CHOICES));
    const user = open();
    const toggle = (await screen.findByRole('switch', {
      name: 'Push notifications on this device',
    })) as HTMLInputElement;
    await waitFor(() => expect(toggle.disabled).toBe(false));
    await user.click(toggle);
    expect(
      await screen.findByText(/Notifications are blocked for this site in your browser settings./),
    ).toBeTruthy();
  });
});
