import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Tx } from '../db/client';
import { defineQueue, type Jobs } from './jobs';
import type { Logger } from './logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link or code the mail is about, logged when mail goes to the outbox. */
  summary: string;
  /**
   * The delivery key of a queued mail: its Message-ID is made from it, so that a mail sent twice
   * (a retry after an answer that never came) is one message to the receiving server.
   */
  key?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * nodemailer loads with the first mail, not at every start (docs/decisions/029-start-and-memory.md);
 * the transport is made once and shared.
 */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make();
    return made;
  };
}
const nodemailer = () => import('nodemailer').then((m) => m.default);

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/**
 * How nodemailer reaches SMTP_URL: smtps:// is TLS from the first byte; smtp:// to a loopback
 * host (a relay on the same machine, the test sink) stays plain; smtp:// to any other host must
 * upgrade with STARTTLS or the mail is not sent (requireTLS), so that credentials and mail never
 * cross a network in clear text, unless `?tls=off` says that this relay has no TLS.
 */
export function smtpTransportOptions(smtpUrl: string) {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const plain = !secure && (url.searchParams.get('tls') === 'off' || LOOPBACK_HOSTS.has(url.hostname));
  return {
    host: url.hostname,
    port: Number(url.port || (secure ? 465 : 587)),
    secure,
    ignoreTLS: plain,
    requireTLS: !secure && !plain,
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
  };
}

/** Over SMTP when SMTP_URL is set; otherwise .eml files in DATA_DIR/outbox and a log line. */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  logger: Logger;
}): Mailer {
  const { smtpUrl, from, outboxDir, logger } = options;
  if (smtpUrl) {
    const transport = once(async () => (await nodemailer()).createTransport(smtpTransportOptions(smtpUrl)));
    return {
      async send(m) {
        await (await transport()).sendMail({
          from,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
          ...(m.key ? { messageId: messageIdOf(m.key, from) } : {}),
        });
      },
    };
  }
  const transport = once(async () =>
    (await nodemailer()).createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    async send(m) {
      const info = await (await transport()).sendMail({
        from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
      });
      await mkdir(outboxDir, { recursive: true });
      const safeTo = m.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`);
      await writeFile(file, info.message as Buffer);
      logger.info(`[mail] to ${m.to}: ${m.subject} (saved ${file})`, { secret: m.summary }); // kept out of production logs
    },
  };
}

/** `<hash@domain-of-from>`: stable for one delivery key. */
function messageIdOf(key: string, from: string): string {
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'ecu-portal.invalid';
  return `<${createHash('sha256').update(key).digest('hex').slice(0, 32)}@${domain}>`;
}

/** Every e-mail the portal sends goes through this queue (docs/decisions/070-durable-jobs.md). */
export const mailQueue = defineQueue<MailMessage>('mail', 'delivery');

export function registerMailWorker(jobs: Jobs, mailer: Mailer): void {
  jobs.work(mailQueue, (message, job) => mailer.send({ ...message, key: job.key }), { concurrency: 4 });
}

/**
 * Queues an e-mail: in `tx` when the change that causes it is still being written (the mail
 * exists exactly when that commits), else at once. `key` names this one message: the same key
 * is never delivered twice. `validForSeconds`: a link or code that expires is not sent after it.
 */
export function queueMail(
  jobs: Pick<Jobs, 'send'>,
  message: MailMessage,
  options: { key: string; userId?: string; label: string; tx?: Tx; validForSeconds?: number },
): Promise<void> {
  const { key, userId, label, tx, validForSeconds } = options;
  return jobs.send(mailQueue, message, {
    key: `mail:${key}`,
    about: { ...(userId ? { userId } : {}), label },
    ...(tx ? { tx } : {}),
    ...(validForSeconds ? { validForSeconds } : {}),
  });
}
