import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingLogger } from '../test/recording-logger';
import { createMailer, smtpTransportOptions } from './mail';

describe('smtpTransportOptions: TLS for any host but loopback, unless ?tls=off', () => {
  it.each([
    [
      'smtp://user:pass@smtp.example.com:587',
      { secure: false, requireTLS: true, ignoreTLS: false, port: 587 },
    ],
    ['smtp://smtp.example.com', { secure: false, requireTLS: true, ignoreTLS: false, port: 587 }],
    ['smtps://smtp.example.com', { secure: true, requireTLS: false, ignoreTLS: false, port: 465 }],
    ['smtp://smtp.example.com:25?tls=off', { secure: false, requireTLS: false, ignoreTLS: true, port: 25 }],
    ['smtp://127.0.0.1:2525', { secure: false, requireTLS: false, ignoreTLS: true, port: 2525 }],
    ['smtp://localhost:25', { secure: false, requireTLS: false, ignoreTLS: true, port: 25 }],
    ['smtp://[::1]:25', { secure: false, requireTLS: false, ignoreTLS: true, port: 25 }],
    ['smtp://10.0.0.5:25', { secure: false, requireTLS: true, ignoreTLS: false, port: 25 }],
    ['smtp://localhost.example.com:25', { secure: false, requireTLS: true, ignoreTLS: false, port: 25 }],
  ])('%s', (url, expected) => {
    expect(smtpTransportOptions(url)).toMatchObject(expected);
  });
});

/** This machine's first address that is not loopback: a "remote" relay, reached for real. */
function externalAddress(): string {
  for (const list of Object.values(os.networkInterfaces())) {
    const found = list?.find((a) => a.family === 'IPv4' && !a.internal);
    if (found) return found.address;
  }
  throw new Error('This test needs a network interface besides loopback');
}

describe('a relay on another host that offers no STARTTLS', () => {
  let server: SMTPServer;
  let port: number;
  const host = externalAddress();
  let delivered = 0;
  beforeAll(async () => {
    server = new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      logger: false,
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () => {
          delivered++;
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, host, resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const mail = { to: 'someone@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>', summary: '' };
  const mailer = (smtpUrl: string) =>
    createMailer({ smtpUrl, from: 'portal@example.com', outboxDir: os.tmpdir(), logger: recordingLogger() });

  it('gets no mail: the portal will not send it in clear text', async () => {
    await expect(mailer(`smtp://${host}:${port}`).send(mail)).rejects.toThrow(/STARTTLS|TLS/i);
    expect(delivered).toBe(0);
  });

  it('gets the mail when SMTP_URL says ?tls=off', async () => {
    await mailer(`smtp://${host}:${port}?tls=off`).send(mail);
    expect(delivered).toBe(1);
  });
});
