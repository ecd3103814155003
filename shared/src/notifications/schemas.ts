import { z } from 'zod';
import type { Role } from '../accounts/roles';

/** The events a person can be told about; which ones apply depends on the role. */
export const NOTIFICATION_CHOICES = [
  'ticketStatus',
  'supportReplies',
  'newTickets',
  'customerMessages',
] as const;
export type NotificationChoice = (typeof NOTIFICATION_CHOICES)[number];

/** A tuner hears about their own tickets; staff (engineers and admins) about the desk's work. */
export const CHOICES_BY_ROLE: Record<Role, readonly NotificationChoice[]> = {
  user: ['ticketStatus', 'supportReplies'],
  engineer: ['newTickets', 'customerMessages'],
  admin: ['newTickets', 'customerMessages'],
};

/** GET and PUT /api/notifications/preferences: every choice, on unless the person turned it off. */
export const notificationChoicesSchema = z.strictObject({
  ticketStatus: z.boolean(),
  supportReplies: z.boolean(),
  newTickets: z.boolean(),
  customerMessages: z.boolean(),
});
export type NotificationChoices = z.infer<typeof notificationChoicesSchema>;

export const DEFAULT_NOTIFICATION_CHOICES: NotificationChoices = {
  ticketStatus: true,
  supportReplies: true,
  newTickets: true,
  customerMessages: true,
};

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Push services are reached over HTTPS only. A plain-HTTP loopback endpoint is allowed
 * outside production so that a test can act as the push service on this machine.
 */
/**
 * Browsers' push services live at public DNS names (fcm.googleapis.com,
 * updates.push.services.mozilla.com, web.push.apple.com...). An IP literal, a name without a
 * dot or an internal suffix would have the server POST to a host of our own network.
 */
function isPublicHostName(host: string): boolean {
  if (host.startsWith('[') || /^[\d.]+$/.test(host)) return false;
  if (!host.includes('.')) return false;
  return !/\.(localhost|local|internal|lan|home|corp|intranet)\.?$/i.test(host);
}

export function isPushEndpoint(value: string, allowLoopbackHttp: boolean): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return isPublicHostName(url.hostname);
  return allowLoopbackHttp && url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

export const PUSH_ENDPOINT_MAX = 2048;

/**
 * POST /api/notifications/subscription: what PushSubscription.toJSON() gives. p256dh is the
 * browser's uncompressed P-256 public key (65 bytes, starting 0x04, so "B" in base64url) and
 * auth its 16-byte secret, both base64url as browsers send them (padding allowed).
 */
export function pushSubscriptionSchemaFor(options: { allowLoopbackHttp: boolean }) {
  return z.object({
    endpoint: z
      .string({ error: 'endpoint is required' })
      .max(PUSH_ENDPOINT_MAX, 'endpoint is too long')
      .refine((v) => isPushEndpoint(v, options.allowLoopbackHttp), 'endpoint must be an https URL'),
    keys: z.object(
      {
        p256dh: z
          .string({ error: 'keys.p256dh is required' })
          .regex(/^B[A-Za-z0-9_-]{86}=?$/, 'keys.p256dh must be a P-256 public key (base64url)'),
        auth: z
          .string({ error: 'keys.auth is required' })
          .regex(/^[A-Za-z0-9_-]{22}(==)?$/, 'keys.auth must be 16 bytes (base64url)'),
      },
      { error: 'keys is required' },
    ),
  });
}

/** The production form: https endpoints only. */
export const pushSubscriptionSchema = pushSubscriptionSchemaFor({ allowLoopbackHttp: false });
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** DELETE /api/notifications/subscription: this device's endpoint. */
export const pushUnsubscribeSchema = z.object({
  endpoint: z.string({ error: 'endpoint is required' }).min(1, 'endpoint is required').max(PUSH_ENDPOINT_MAX),
});
export type PushUnsubscribeInput = z.infer<typeof pushUnsubscribeSchema>;

/** GET /api/notifications/public-key: null when push is not configured on this server. */
export interface PushPublicKeyDto {
  publicKey: string | null;
}
