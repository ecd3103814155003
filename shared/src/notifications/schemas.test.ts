import { describe, expect, it } from 'vitest';
import {
  CHOICES_BY_ROLE,
  DEFAULT_NOTIFICATION_CHOICES,
  isPushEndpoint,
  NOTIFICATION_CHOICES,
  notificationChoicesSchema,
  pushSubscriptionSchema,
  pushSubscriptionSchemaFor,
  pushUnsubscribeSchema,
} from './schemas';

// A real browser's key shapes: 65 bytes starting 0x04, and 16 bytes.
const P256DH = `B${'A'.repeat(86)}`;
const AUTH = 'q'.repeat(22);

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
}

const subscription = (overrides: Record<string, unknown> = {}) => ({
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def',
  keys: { p256dh: P256DH, auth: AUTH },
  ...overrides,
});

describe('pushSubscriptionSchema', () => {
  it.each([
    [subscription(), null],
    [subscription({ keys: { p256dh: `${P256DH}=`, auth: `${AUTH}==` } }), null],
    [subscription({ endpoint: 'http://push.example.com/x' }), 'endpoint must be an https URL'],
    [subscription({ endpoint: 'http://127.0.0.1:9000/x' }), 'endpoint must be an https URL'],
    [subscription({ endpoint: 'https://user:pw@push.example.com/x' }), 'endpoint must be an https URL'],
    [subscription({ endpoint: 'not a url' }), 'endpoint must be an https URL'],
    [subscription({ endpoint: `https://p.example/${'a'.repeat(2048)}` }), 'endpoint is too long'],
    [subscription({ endpoint: undefined }), 'endpoint is required'],
    [subscription({ keys: undefined }), 'keys is required'],
    [
      subscription({ keys: { p256dh: `A${'A'.repeat(86)}`, auth: AUTH } }),
      'keys.p256dh must be a P-256 public key (base64url)',
    ],
    [
      subscription({ keys: { p256dh: P256DH.slice(0, 60), auth: AUTH } }),
      'keys.p256dh must be a P-256 public key (base64url)',
    ],
    [
      subscription({ keys: { p256dh: P256DH, auth: 'q'.repeat(21) } }),
      'keys.auth must be 16 bytes (base64url)',
    ],
    [
      subscription({ keys: { p256dh: P256DH, auth: `${'q'.repeat(21)}+` } }),
      'keys.auth must be 16 bytes (base64url)',
    ],
  ])('%j -> %s', (input, expected) => {
    expect(firstMessage(pushSubscriptionSchema.safeParse(input))).toBe(expected);
  });

  it('takes a plain-HTTP loopback endpoint only when told to (tests and development)', () => {
    const loose = pushSubscriptionSchemaFor({ allowLoopbackHttp: true });
    for (const endpoint of ['http://127.0.0.1:9000/push/1', 'http://localhost:9000/p', 'http://[::1]:9/p']) {
      expect(loose.safeParse(subscription({ endpoint })).success).toBe(true);
      expect(pushSubscriptionSchema.safeParse(subscription({ endpoint })).success).toBe(false);
    }
    expect(loose.safeParse(subscription({ endpoint: 'http://10.0.0.1/p' })).success).toBe(false);
  });
});

describe('isPushEndpoint', () => {
  it.each([
    ['https://updates.push.services.mozilla.com/wpush/v2/x', false, true],
    ['http://updates.push.services.mozilla.com/wpush/v2/x', true, false],
    ['ftp://127.0.0.1/x', true, false],
    ['http://localhost.evil.example/x', true, false],
    // Only public DNS names over https: never a host of the server's own network.
    ['https://fcm.googleapis.com/fcm/send/x', false, true],
    ['https://10.0.0.5/x', false, false],
    ['https://169.254.169.254/latest', false, false],
    ['https://127.0.0.1:8443/x', true, false],
    ['https://[::1]/x', true, false],
    ['https://localhost/x', true, false],
    ['https://intranet/x', false, false],
    ['https://push.corp.internal/x', false, false],
    ['https://printer.local/x', false, false],
  ])('%s (loopback http %s) -> %s', (endpoint, loopback, expected) => {
    expect(isPushEndpoint(endpoint, loopback)).toBe(expected);
  });
});

describe('notificationChoicesSchema', () => {
  it('takes every choice as a boolean, and nothing else', () => {
    expect(notificationChoicesSchema.safeParse(DEFAULT_NOTIFICATION_CHOICES).success).toBe(true);
    expect(
      notificationChoicesSchema.safeParse({ ...DEFAULT_NOTIFICATION_CHOICES, ticketStatus: 'no' }).success,
    ).toBe(false);
    expect(
      notificationChoicesSchema.safeParse({ ...DEFAULT_NOTIFICATION_CHOICES, extra: true }).success,
    ).toBe(false);
    const { newTickets: _, ...missing } = DEFAULT_NOTIFICATION_CHOICES;
    expect(notificationChoicesSchema.safeParse(missing).success).toBe(false);
  });

  it('has every choice on by default, and each belongs to exactly one role', () => {
    expect(Object.values(DEFAULT_NOTIFICATION_CHOICES).every(Boolean)).toBe(true);
    const byRole = [...CHOICES_BY_ROLE.user, ...CHOICES_BY_ROLE.admin].sort();
    expect(byRole).toEqual([...NOTIFICATION_CHOICES].sort());
  });
});

describe('pushUnsubscribeSchema', () => {
  it.each([
    [{ endpoint: 'https://push.example/x' }, null],
    [{ endpoint: '' }, 'endpoint is required'],
    [{}, 'endpoint is required'],
  ])('%j -> %s', (input, expected) => {
    expect(firstMessage(pushUnsubscribeSchema.safeParse(input))).toBe(expected);
  });
});
