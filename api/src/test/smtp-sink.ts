import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope recipients, lower case. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** The Message-ID header ('' when the mail had none). */
  messageId: string;
}

interface Waiter {
  to: string;
  resolve(mail: ReceivedMail): void;
}

/**
 * A real SMTP server on loopback that the API's nodemailer transport delivers to. Each mail
 * is queued per recipient; `nextMail(to)` takes the oldest one not yet taken, waiting for it
 * if it has not arrived.
 */
export class SmtpSink {
  /** Every mail received, in order of arrival. */
  readonly received: ReceivedMail[] = [];
  private readonly queues = new Map<string, ReceivedMail[]>();
  private waiters: Waiter[] = [];

  private constructor(
    private readonly server: SMTPServer,
    readonly url: string,
  ) {}

  static async start(): Promise<SmtpSink> {
    let sink: SmtpSink | undefined;
    const server = new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      logger: false,
      closeTimeout: 1000,
      onData(stream, session, callback) {
        simpleParser(stream).then(
          (parsed) => {
            sink?.deliver({
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              messageId: parsed.messageId ?? '',
            });
            callback();
          },
          (err: Error) => callback(err),
        );
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = server.server.address() as AddressInfo;
    sink = new SmtpSink(server, `smtp://127.0.0.1:${port}`);
    return sink;
  }

  private deliver(mail: ReceivedMail) {
    this.received.push(mail);
    for (const to of mail.to) {
      const waiter = this.waiters.find((w) => w.to === to);
      if (waiter) {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        waiter.resolve(mail);
      } else {
        this.queues.set(to, [...(this.queues.get(to) ?? []), mail]);
      }
    }
  }

  /**
   * The oldest mail to this address not taken yet; waits up to timeoutMs for one. Mails leave
   * through the job queue (docs/decisions/070-durable-jobs.md), a second or so after the request
   * that queued them, more when a test makes many at once on a loaded machine.
   */
  /** Mails to an address until one's subject has `text` (earlier ones are taken and skipped). */
  async nextMailAbout(to: string, text: string): Promise<ReceivedMail> {
    for (;;) {
      const mail = await this.nextMail(to);
      if (mail.subject.includes(text)) return mail;
    }
  }

  nextMail(to: string, timeoutMs = 15_000): Promise<ReceivedMail> {
    const address = to.toLowerCase();
    const queued = this.queues.get(address);
    if (queued && queued.length > 0) return Promise.resolve(queued.shift()!);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        to: address,
        resolve: (mail) => {
          clearTimeout(timer);
          resolve(mail);
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error(`No mail to ${address} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** Mails to this address that arrived and were not taken by nextMail. */
  pending(to: string): ReceivedMail[] {
    return [...(this.queues.get(to.toLowerCase()) ?? [])];
  }

  /** The port stops accepting connections (a mail server that went down): sends are refused. */
  async stopListening(): Promise<void> {
    await new Promise<void>((resolve) => this.server.server.close(() => resolve()));
  }

  /** Listens again on the same port (the mail server is back). */
  async listenAgain(): Promise<void> {
    const { port } = new URL(this.url);
    await new Promise<void>((resolve, reject) => {
      this.server.server.once('error', reject);
      this.server.server.listen(Number(port), '127.0.0.1', () => resolve());
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

export interface VerificationLink {
  url: URL;
  token: string;
  email: string;
}

/**
 * The `APP_URL/verify-email?token=…&email=…` link of a verification mail
 * (docs/decisions/004-verification-links-are-ours.md).
 */
export function verificationLinkIn(mail: ReceivedMail): VerificationLink {
  const found = mail.text.match(/https?:\/\/\S+\/verify-email\?\S+/);
  if (!found) throw new Error(`No verification link in the mail "${mail.subject}":\n${mail.text}`);
  const url = new URL(found[0]);
  const token = url.searchParams.get('token');
  const email = url.searchParams.get('email');
  if (!token || !email) throw new Error(`The verification link lacks token or email: ${url}`);
  return { url, token, email };
}

/** The 6-digit password-reset code of an OTP mail. */
export function otpIn(mail: ReceivedMail): string {
  const found = mail.text.match(/\b(\d{6})\b/);
  if (!found) throw new Error(`No 6-digit code in the mail "${mail.subject}":\n${mail.text}`);
  return found[1]!;
}
