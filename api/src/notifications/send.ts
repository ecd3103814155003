import http from 'node:http';
import https from 'node:https';
import { isPushEndpoint } from '@ecu/shared';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Logger } from '../platform/logger';
import {
  EndpointRefused,
  hostOf,
  publicAddressesOf,
  publicOnlyLookup,
  type ResolveHost,
  systemResolveHost,
} from './endpoint-address';
import { describeEvent, type NotificationEvent, type PushMessage } from './messages';
import { deleteSubscription, markDelivered, type PushSubscriptionRow, subscriptionsFor } from './store';
import { type VapidKeys, vapidKeysFor } from './vapid-keys';

/** How long a push service keeps an undelivered message (a day: older news is stale). */
const TTL_SECONDS = 24 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;

export interface Notifier {
  /** The VAPID public key browsers subscribe with; null when push is off. */
  readonly publicKey: string | null;
  /**
   * Queues the pushes of an event that has been committed. Returns at once and never throws:
   * a slow or failing push service must not hold up or fail the request that caused it.
   */
  notify(event: NotificationEvent): void;
  /** Resolves when every queued push has been sent or given up (tests, shutdown). */
  idle(): Promise<void>;
  /**
   * Why the server will not post to this endpoint (its host resolves to an address of a
   * private network, or to nothing), or null. The same check guards every send.
   */
  endpointProblem(endpoint: string): Promise<string | null>;
}

export interface NotifierDeps {
  config: Pick<Config, 'push' | 'nodeEnv' | 'dataDir'>;
  db: Db;
  logger: Logger;
  /** How endpoint hosts are resolved (dns.lookup unless a test gives its own). */
  resolveHost?: ResolveHost;
}

/** Web Push with VAPID (docs/decisions/038-web-push.md). */
export function createNotifier({
  config,
  db,
  logger,
  resolveHost = systemResolveHost,
}: NotifierDeps): Notifier {
  const keys = vapidKeysFor(config);
  const pending = new Set<Promise<void>>();
  const lookup = publicOnlyLookup(resolveHost);
  // A test's push service on loopback over plain HTTP, as the subscription schema allows it.
  const isTestLoopback = (url: URL) =>
    config.nodeEnv !== 'production' && url.protocol === 'http:' && isPushEndpoint(url.href, true);

  async function deliver(event: NotificationEvent): Promise<void> {
    if (!keys) return;
    const { audience, message } = describeEvent(event);
    let targets = await subscriptionsFor(db, audience);
    if (event.kind === 'chatMessage' && targets.length > 0) {
      // Whoever has the chat open reads the message there (as with the e-mail).
      const present = new Map<string, Promise<boolean>>();
      const presentOf = (userId: string) => {
        if (!present.has(userId))
          present.set(
            userId,
            event.isPresent(userId).catch(() => false),
          );
        return present.get(userId)!;
      };
      const away = await Promise.all(targets.map(async (t) => !(await presentOf(t.userId))));
      targets = targets.filter((_, i) => away[i]);
    }
    await Promise.all(targets.map((target) => pushTo(target, message, keys)));
  }

  async function pushTo(target: PushSubscriptionRow, message: PushMessage, vapid: VapidKeys) {
    const url = new URL(target.endpoint);
    let status: number;
    try {
      status = await sendPush(
        target,
        message,
        { ...vapid, subject: config.push.subject },
        {
          lookup: isTestLoopback(url) ? undefined : lookup,
        },
      );
    } catch (err) {
      if (!(err instanceof EndpointRefused)) throw err;
      logger.warn(`Push to ${url.host} refused: ${err.message}`);
      return;
    }
    if (status >= 200 && status < 300) return markDelivered(db, target.id);
    // 404/410: the browser dropped the subscription (unsubscribed, data cleared); it never comes back.
    if (status === 404 || status === 410) return deleteSubscription(db, target.id);
    logger.warn(`Push to ${new URL(target.endpoint).host} answered ${status}`);
  }

  return {
    publicKey: keys?.publicKey ?? null,
    notify(event) {
      if (!keys) return;
      const job: Promise<void> = deliver(event)
        .catch((err) => logger.warn('Push notification failed:', err))
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async idle() {
      while (pending.size > 0) await Promise.all(pending);
    },
    async endpointProblem(endpoint) {
      const url = new URL(endpoint);
      if (isTestLoopback(url)) return null;
      try {
        await publicAddressesOf(hostOf(url), resolveHost);
        return null;
      } catch (err) {
        if (err instanceof EndpointRefused) return err.message;
        throw err;
      }
    },
  };
}

/**
 * Encrypts the message for the subscription (RFC 8291, aes128gcm) and signs it with VAPID
 * through web-push, then posts it with node:http(s): web-push's own sender speaks only HTTPS
 * (a test's push service on loopback is plain HTTP), and a request takes the lookup that
 * connects only to checked public addresses, which fetch does not. No redirect is followed.
 * web-push loads on the first push, not at start.
 */
async function sendPush(
  target: PushSubscriptionRow,
  message: PushMessage,
  vapidDetails: VapidKeys & { subject: string },
  { lookup }: { lookup: http.RequestOptions['lookup'] },
): Promise<number> {
  const webPush = (await import('web-push')).default;
  const request = webPush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(message),
    { vapidDetails, TTL: TTL_SECONDS, contentEncoding: 'aes128gcm' },
  );
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
  );
  const url = new URL(request.endpoint);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<number>((resolve, reject) => {
    const req = client.request(
      url,
      { method: 'POST', headers, lookup, signal: AbortSignal.timeout(SEND_TIMEOUT_MS) },
      (res) => {
        // The status is the answer; a body cut short after it changes nothing.
        res.on('error', () => {});
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(request.body ?? undefined);
  });
}
