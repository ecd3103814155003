import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger, type LogLevel } from './logger';
import { createMailer } from './mail';
import { currentRequestScope, inRequestScope, noteRequestUser } from './request-scope';

function capture(level: LogLevel, production = false) {
  const lines: { line: Record<string, unknown>; isError: boolean }[] = [];
  const logger = createLogger(level, {
    production,
    output: (line, isError) => {
      expect(line.endsWith('\n')).toBe(true);
      lines.push({ line: JSON.parse(line), isError });
    },
  });
  return { logger, lines };
}

describe('createLogger', () => {
  it('writes one JSON object per line with level, time and message', () => {
    const { logger, lines } = capture('info');
    logger.info('Ready on port', 3000);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.isError).toBe(false);
    expect(lines[0]!.line).toMatchObject({ level: 'info', msg: 'Ready on port 3000' });
    expect(new Date(String(lines[0]!.line.time)).getTime()).not.toBeNaN();
  });

  it('keeps an Error as err with its stack, and sends errors to the error stream', () => {
    const { logger, lines } = capture('info');
    logger.error('Upload failed:', new Error('disk full'));
    expect(lines[0]!.isError).toBe(true);
    expect(lines[0]!.line).toMatchObject({ level: 'error', msg: 'Upload failed:' });
    expect(lines[0]!.line.err).toMatchObject({ message: 'disk full', type: 'Error' });
    expect(String((lines[0]!.line.err as { stack: string }).stack)).toContain('logger.test.ts');
  });

  it('adds the fields of a trailing plain object; reserved names do not overwrite the line', () => {
    const { logger, lines } = capture('info');
    logger.info('request', { method: 'GET', status: 200, level: 'fake' });
    expect(lines[0]!.line).toMatchObject({ level: 'info', msg: 'request', method: 'GET', status: 200 });
    expect(lines[0]!.line._level).toBe('fake');
  });

  it('honours LOG_LEVEL; notice shows at any level but silent', () => {
    const quiet = capture('error');
    quiet.logger.info('hidden');
    quiet.logger.warn('hidden');
    quiet.logger.notice('[admin] created');
    quiet.logger.error('shown');
    expect(quiet.lines.map((l) => [l.line.level, l.isError])).toEqual([
      ['notice', false],
      ['error', true],
    ]);
    const silent = capture('silent');
    for (const m of ['info', 'warn', 'error', 'notice'] as const) silent.logger[m]('x');
    expect(silent.lines).toEqual([]);
  });

  it('names the request on every line written inside its scope, across awaits and timers', async () => {
    const { logger, lines } = capture('info');
    const scope = { reqId: 'req-1' };
    await inRequestScope(scope, async () => {
      logger.warn('deep inside');
      await new Promise((resolve) => setTimeout(resolve, 1));
      logger.error('after a timer', new Error('x'));
      logger.info('a given id wins', { reqId: 'req-given' });
      noteRequestUser('user-1');
    });
    logger.info('outside');
    noteRequestUser('nobody'); // outside any request: nothing to note
    expect(lines.map((l) => [l.line.msg, l.line.reqId])).toEqual([
      ['deep inside', 'req-1'],
      ['after a timer', 'req-1'],
      ['a given id wins', 'req-given'],
      ['outside', undefined],
    ]);
    expect(scope).toEqual({ reqId: 'req-1', userId: 'user-1' });
    expect(currentRequestScope()).toBeUndefined();
  });

  it('writes secrets only outside production', () => {
    const dev = capture('info');
    dev.logger.info('[mail] to a@b.c: Verify', { secret: 'https://x/verify?token=abc' });
    expect(dev.lines[0]!.line.secret).toBe('https://x/verify?token=abc');

    const prod = capture('info', true);
    prod.logger.info('[mail] to a@b.c: Verify', { secret: 'https://x/verify?token=abc', otp: '123456' });
    prod.logger.info('nested', { user: { password: 'hunter2', token: 't' } });
    const all = JSON.stringify(prod.lines);
    expect(all).not.toContain('token=abc');
    expect(all).not.toContain('123456');
    expect(all).not.toContain('hunter2');
    expect(prod.lines[0]!.line.secret).toBe('[redacted]');
  });
});

describe('the mailer without SMTP (outbox)', () => {
  it.each([
    [false, true],
    [true, false],
  ])('production=%s: the link or code is in the log: %s', async (production, logged) => {
    const outboxDir = await mkdtemp(path.join(os.tmpdir(), 'ecu-outbox-'));
    try {
      const { logger, lines } = capture('info', production);
      const mailer = createMailer({ smtpUrl: undefined, from: 'x <x@localhost>', outboxDir, logger });
      const link = 'http://localhost/verify?token=LINK-TOKEN-1';
      await mailer.send({ to: 'a@ecu.test', subject: 'Verify', text: link, html: link, summary: link });
      expect(lines).toHaveLength(1);
      expect(String(lines[0]!.line.msg)).toContain('[mail] to a@ecu.test: Verify');
      expect(JSON.stringify(lines).includes('LINK-TOKEN-1')).toBe(logged);
      // The mail itself is in the outbox either way.
      const [file] = await readdir(outboxDir);
      expect(await readFile(path.join(outboxDir, file!), 'utf8')).toContain('LINK-TOKEN-1');
    } finally {
      await rm(outboxDir, { recursive: true, force: true });
    }
  });
});
