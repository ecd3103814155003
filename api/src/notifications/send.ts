import http from 'node:http';
import https from 'node:https';
import { asLocale, isPushEndpoint, type Locale } from '@ecu/shared';
import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import { defineQueue, type Jobs } from '../platform/jobs';
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
import {
  deleteSubscription,
  markDelivered,
  type PushSubscriptionRow,
  subscriptionById,
  subscriptionsFor,
} from './store';
import { type VapidKeys, vapidKeysFor } from './vapid-keys';

/** How long a push service keeps an undelivered message (a day: older news is stale). */
const TTL_SECONDS = 24 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;

/** One push to one device: what a job of the push queue holds (data only, no functions). */
export interface PushJob {
  subscriptionId: string;
  message: PushMessage;
}

/**
 * Every push goes through this queue, one job per (event, device), retried with backoff while
 * the push service fails (docs/decisions/070-durable-jobs.md).
 */
export const pushQueue = defineQueue<PushJob>('push', 'delivery');

export interface QueuePushOptions {
  /** Names the event; with a device's subscription id it is the key its push is delivered under once. */
  key: string;
  /** The transaction of the change that causes the event: its pushes exist exactly when it commits. */
  tx?: Tx;
  /** Whether this person reads the news where they are now (the ticket's chat is open): then no push. */
  present?: (userId: string) => Promise<boolean>;
}

export interface Notifier {
  /** The VAPID public key browsers subscribe with; null when push is off. */
  readonly publicKey: string | null;
  /**
   * Queues the pushes of an event, one job per device of its audience (as the audience and its
   * devices are now), in `tx` when given. Nothing is sent here: the push queue's worker sends.
   */
  queue(event: NotificationEvent, options: QueuePushOptions): Promise<void>;
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
  /** The job queue the pushes go through; the push worker is registered on it here. */
  jobs: Pick<Jobs, 'send' | 'work'>;
  /** How endpoint hosts are resolved (dns.lookup unless a test gives its own). */
  resolveHost?: ResolveHost;
}

/** A push service's answer that is worth asking again later (it was busy, or failing). */
class PushServiceUnavailable extends Error {}

/** Web Push with VAPID (docs/decisions/038-web-push.md), through the push queue. */
export function createNotifier({
  config,
  db,
  logger,
  jobs,
  resolveHost = systemResolveHost,
}: NotifierDeps): Notifier {
  const keys = vapidKeysFor(config);
  const lookup = publicOnlyLookup(resolveHost);
  // A test's push service on loopback over plain HTTP, as the subscription schema allows it.
  const isTestLoopback = (url: URL) =>
    config.nodeEnv !== 'production' && url.protocol === 'http:' && isPushEndpoint(url.href, true);

  /**
   * Sends one queued push. Returns when it is done with (sent, the subscription gone or refused);
   * throws when the push service may take it later (5xx, 429, no answer, a timeout): the job is
   * retried with backoff.
   */
  async function deliver({ subscriptionId, message }: PushJob): Promise<void> {
    if (!keys) return;
    const target = await subscriptionById(db, subscriptionId);
    // Unsubscribed, moved on or dropped since the event: that device is told nothing.
    if (!target) return;
    const url = new URL(target.endpoint);
    let status: number;
    try {
      status = await sendPush(
        target,
        message,
        { ...keys, subject: config.push.subject },
        { lookup: isTestLoopback(url) ? undefined : lookup },
      );
    } catch (err) {
      if (!(err instanceof EndpointRefused)) throw err;
      // The address check is not a failure of the push service: asking again changes nothing.
      logger.warn(`Push to ${url.host} refused: ${err.message}`);
      return;
    }
    if (status >= 200 && status < 300) return markDelivered(db, target.id);
    // 404/410: the browser dropped the subscription (unsubscribed, data cleared); it never comes back.
    if (status === 404 || status === 410) return deleteSubscription(db, target.id);
    if (status === 429 || status >= 500)
      throw new PushServiceUnavailable(`Push to ${url.host} answered ${status}`);
    // Any other answer refuses this message for good (a bad request, keys it does not take).
    logger.warn(`Push to ${url.host} answered ${status}`);
  }

  if (keys) jobs.work(pushQueue, (job) => deliver(job), { concurrency: 4 });

  return {
    publicKey: keys?.publicKey ?? null,
    async queue(event, { key, tx, present }) {
      if (!keys) return;
      const { audience } = describeEvent(event);
      let targets = await subscriptionsFor(tx ?? db, audience);
      const messages = new Map<Locale, PushMessage>();
      const messageIn = (locale: Locale) => {
        let message = messages.get(locale);
        if (!message) {
          message = describeEvent(event, locale).message;
          messages.set(locale, message);
        }
        return message;
      };
      if (present && targets.length > 0) {
        const asked = new Map<string, Promise<boolean>>();
        const presentOf = (userId: string) => {
          let answer = asked.get(userId);
          if (!answer) {
            answer = present(userId).catch(() => false);
            asked.set(userId, answer);
          }
          return answer;
        };
        const away = await Promise.all(targets.map(async (t) => !(await presentOf(t.userId))));
        targets = targets.filter((_, i) => away[i]);
      }
      for (const target of targets) {
        const message = messageIn(asLocale(target.locale));
        await jobs.send(
          pushQueue,
          { subscriptionId: target.id, message },
          {
            key: `push:${key}:${target.id}`,
            about: { userId: target.userId, label: `Push: ${message.title}` },
            // A push service keeps a message a day (TTL_SECONDS); past that the news is stale.
            validForSeconds: TTL_SECONDS,
            ...(tx ? { tx } : {}),
          },
        );
      }
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
