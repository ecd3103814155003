import {
  CHOICES_BY_ROLE,
  type NotificationChoice,
  type NotificationChoices,
  notificationChoicesSchema,
  type Role,
} from '@ecu/shared';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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

const LABELS: Record<NotificationChoice, MessageDescriptor> = {
  ticketStatus: msg`My file is unlocked or failed`,
  supportReplies: msg`Support replies in a ticket chat`,
  newTickets: msg`A new ticket arrives`,
  customerMessages: msg`A customer writes in a ticket chat`,
};

const BLOCKED: Record<Exclude<PushBlocker, null>, MessageDescriptor> = {
  unsupported: msg`This browser cannot receive push notifications.`,
  denied: msg`Notifications are blocked for this site in your browser settings.`,
  'not-configured': msg`Push notifications are not set up on this server.`,
};

/** What reaches a person without push (docs/decisions/038-web-push.md). */
const FALLBACK: Record<Role, MessageDescriptor> = {
  user: msg`We e-mail you instead when a file is unlocked or failed, and when support replies while you are away.`,
  engineer: msg`New tickets and customer messages still show in the Inbox.`,
  admin: msg`New tickets and customer messages still show in the Inbox.`,
};

/** Profile settings: push on this device, and which events to be told about. */
export function NotificationsSection({ accountRole: role }: { accountRole: Role }) {
  const { t, i18n } = useLingui();
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
        toast.success(t`Push notifications are on for this device`);
      } else {
        await turnOffPush();
        toast.success(t`Push notifications are off for this device`);
      }
      setDeviceOn(on);
    } catch (err) {
      if (err instanceof PushUnavailable) setBlocker(err.blocker);
      else toast.error(messageOf(err, t`Could not change push notifications`));
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
      toast.error(messageOf(err, t`Could not save your notification choices`));
    }
  }

  return (
    <section className="card stack" aria-labelledby="notifications-heading">
      <h2 id="notifications-heading">
        <Trans>Notifications</Trans>
      </h2>
      {shownBlocker ? (
        <p className="notice notice-info" role="status">
          {i18n._(BLOCKED[shownBlocker])} {i18n._(FALLBACK[role])}
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
          <span>
            <Trans>Push notifications on this device</Trans>
          </span>
        </label>
      )}
      <fieldset className="stack" disabled={!choices.data}>
        <legend>
          <Trans>Tell me when (on every device with push on)</Trans>
        </legend>
        {CHOICES_BY_ROLE[role].map((choice) => (
          <label key={choice} className="check" htmlFor={`notify-${choice}`}>
            <input
              id={`notify-${choice}`}
              type="checkbox"
              checked={choices.data?.[choice] ?? true}
              onChange={(e) => void toggleChoice(choice, e.target.checked)}
            />
            <span>{i18n._(LABELS[choice])}</span>
          </label>
        ))}
      </fieldset>
      {choices.isError && (
        <p className="muted">
          <Trans>Your choices could not be loaded.</Trans> {i18n._(FALLBACK[role])}
        </p>
      )}
    </section>
  );
}
