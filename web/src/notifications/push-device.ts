import type { PushPublicKeyDto, PushSubscriptionInput } from '@ecu/shared';
import { ApiError, apiRequest } from '../local/api-client';

/** Why this device cannot turn push on; null when it can. */
export type PushBlocker = 'unsupported' | 'denied' | 'not-configured' | null;

/** Push needs a service worker (production builds register one), the Push API and notifications. */
export function browserCanPush(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** A VAPID key as the server gives it (base64url) in the bytes pushManager.subscribe wants. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Whether a subscription was made with this server key (a changed key needs a new one). */
export function madeWithKey(key: ArrayBuffer | null, expected: Uint8Array): boolean {
  if (!key || key.byteLength !== expected.byteLength) return false;
  const actual = new Uint8Array(key);
  return actual.every((byte, i) => byte === expected[i]);
}

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!browserCanPush()) return undefined;
  return navigator.serviceWorker.getRegistration();
}

export async function fetchPublicKey(signal?: AbortSignal): Promise<string | null> {
  return (await apiRequest<PushPublicKeyDto>('GET', '/notifications/public-key', undefined, { signal })).data
    .publicKey;
}

/** This device's subscription, if push is on here. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await registration();
  return reg ? reg.pushManager.getSubscription() : null;
}

export class PushUnavailable extends Error {
  constructor(readonly blocker: Exclude<PushBlocker, null>) {
    super(blocker);
  }
}

/** Asks for permission, subscribes with the server's key and tells the server about this device. */
export async function turnOnPush(publicKey: string): Promise<void> {
  const reg = await registration();
  if (!reg) throw new PushUnavailable('unsupported');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushUnavailable('denied');
  const key = base64UrlToBytes(publicKey);
  let subscription = await reg.pushManager.getSubscription();
  if (subscription && !madeWithKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const { endpoint, keys } = subscription.toJSON();
  const body = { endpoint, keys } as PushSubscriptionInput;
  await apiRequest('POST', '/notifications/subscription', body);
}

/** Stops push on this device: the server forgets it, the browser drops the subscription. */
export async function turnOffPush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  try {
    await apiRequest('DELETE', '/notifications/subscription', { endpoint: subscription.endpoint });
  } catch (err) {
    // Not on this account (already removed, or another account's): dropping it here is enough.
    if (!(err instanceof ApiError && err.code === 'not_found')) throw err;
  }
  await subscription.unsubscribe();
}

/**
 * At sign-out: this device stops receiving the account's pushes (a shared workshop tablet
 * must not show the last tuner's messages to the next). Best effort and never throws: the
 * server forgets the subscription while the session lasts; offline, the subscription is
 * dropped here and the push service answers the server's next send with 410, which removes it.
 */
export async function forgetPushOnThisDevice(): Promise<void> {
  try {
    await turnOffPush();
  } catch {
    await (await currentSubscription().catch(() => null))?.unsubscribe().catch(() => false);
  }
}
