import {
  CHOICES_BY_ROLE,
  type NotificationChoice,
  type NotificationChoices,
  notificationChoicesSchema,
  type Role,
} from '@ecu/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiRequest, messageOf } from '../local/api-client';
import { toast } from '../ui/toast';
import {
  browserCanPush,
  currentSubscription,
  fetchPublicKey,
  type PushBlocker,
  PushUnavailable,
  turnOffPush,
  turnOnPush,
} from './push-device';

const CHOICES_KEY = ['notifications', 'choices'] as const;
const PUBLIC_KEY_KEY = ['notifications', 'public-key'] as const;

const LABELS: Record<NotificationChoice, string> = {
  ticketStatus: 'My file is unlocked or failed',
  supportReplies: 'Support replies in a ticket chat',
  newTickets: 'A new ticket arrives',
  customerMessages: 'A customer writes in a ticket chat',
};

const BLOCKED: Record<Exclude<PushBlocker, null>, string> = {
  unsupported: 'This browser cannot receive push notifications.',
  denied: 'Notifications are blocked for this site in your browser settings.',
  'not-configured': 'Push notifications are not set up on this server.',
};

/** What reaches a person without push (docs/decisions/038-web-push.md). */
const FALLBACK: Record<Role, string> = {
  user: 'We e-mail you instead when a file is unlocked or failed, and when support replies while you are away.',
  engineer: 'New tickets and customer messages still show in the Inbox.',
  admin: 'New tickets and customer messages still show in the Inbox.',
};

/** Profile settings: push on this device, and which events to be told about. */
export function NotificationsSection({ accountRole: role }: { accountRole: Role }) {
  const queryClient = useQueryClient();
  const publicKey = useQuery({ queryKey: PUBLIC_KEY_KEY, queryFn: ({ signal }) => fetchPublicKey(signal) });
  const choices = useQuery({
    queryKey: CHOICES_KEY,
    queryFn: async ({ signal }) =>
      (await apiRequest<NotificationChoices>('GET', '/notifications/preferences', undefined, { signal }))
        .data,
  });
  /** null while this device's subscription is being looked up. */
  const [deviceOn, setDeviceOn] = useState<boolean | null>(null);
  const [blocker, setBlocker] = useState<PushBlocker>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      // Development serves no service worker: push is unsupported there too.
      const registered = browserCanPush() && (await navigator.serviceWorker.getRegistration());
      if (cancelled) return;
      if (!registered) return setBlocker('unsupported');
      if (Notification.permission === 'denied') setBlocker('denied');
      const subscription = await currentSubscription();
      if (!cancelled) setDeviceOn(Boolean(subscription));
    })().catch(() => !cancelled && setBlocker('unsupported'));
    return () => {
      cancelled = true;
    };
  }, []);

  const shownBlocker: PushBlocker = blocker ?? (publicKey.data === null ? 'not-configured' : null);

  async function toggleDevice(on: boolean) {
    setBusy(true);
    try {
      if (on) {
        if (!publicKey.data) throw new PushUnavailable('not-configured');
        await turnOnPush(publicKey.data);
        toast.success('Push notifications are on for this device');
      } else {
        await turnOffPush();
        toast.success('Push notifications are off for this device');
      }
      setDeviceOn(on);
    } catch (err) {
      if (err instanceof PushUnavailable) setBlocker(err.blocker);
      else toast.error(messageOf(err, 'Could not change push notifications'));
    } finally {
      setBusy(false);
    }
  }

  async function toggleChoice(choice: NotificationChoice, on: boolean) {
    const before = choices.data;
    if (!before) return;
    const next = notificationChoicesSchema.parse({ ...before, [choice]: on });
    queryClient.setQueryData(CHOICES_KEY, next);
    try {
      await apiRequest('PUT', '/notifications/preferences', next);
    } catch (err) {
      queryClient.setQueryData(CHOICES_KEY, before);
      toast.error(messageOf(err, 'Could not save your notification choices'));
    }
  }

  return (
    <section className="card stack" aria-labelledby="notifications-heading">
      <h2 id="notifications-heading">Notifications</h2>
      {shownBlocker ? (
        <p className="notice notice-info" role="status">
          {BLOCKED[shownBlocker]} {FALLBACK[role]}
        </p>
      ) : (
        <label className="check" htmlFor="push-device">
          <input
            id="push-device"
            type="checkbox"
            role="switch"
            aria-checked={deviceOn === true}
            checked={deviceOn === true}
            disabled={busy || deviceOn === null || publicKey.data === undefined}
            onChange={(e) => void toggleDevice(e.target.checked)}
          />
          <span>Push notifications on this device</span>
        </label>
      )}
      <fieldset className="stack" disabled={!choices.data}>
        <legend>Tell me when (on every device with push on)</legend>
        {CHOICES_BY_ROLE[role].map((choice) => (
          <label key={choice} className="check" htmlFor={`notify-${choice}`}>
            <input
              id={`notify-${choice}`}
              type="checkbox"
              checked={choices.data?.[choice] ?? true}
              onChange={(e) => void toggleChoice(choice, e.target.checked)}
            />
            <span>{LABELS[choice]}</span>
          </label>
        ))}
      </fieldset>
      {choices.isError && <p className="muted">Your choices could not be loaded. {FALLBACK[role]}</p>}
    </section>
  );
}
