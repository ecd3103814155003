import { describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../test/api-mock';
import { aHandler, aHandlerTable, anOutboxDb, fakeApi } from '../test/outbox';
import { ApiError, NetworkError } from './api-client';
import type { CommandKind, PortalDb } from './db';
import { enqueue, flushOutbox, installOutboxHandlers, type OutboxHandlers, resultOfError } from './outbox';

const edit = aHandler('updateProfile').handler;

function editServer() {
  return fakeApi((cmd) => ({ message: `saved ${JSON.stringify(cmd.body)}`, data: cmd.body }));
}

async function pending(db: PortalDb) {
  return db.outbox.where('status').equals('pending').toArray();
}

describe('the outbox runner', () => {
  it('sends commands oldest first, each once, and applies the answers in that order', async () => {
    const db = await anOutboxDb();
    const server = editServer();
    const { handler, applied } = aHandler('updateProfile');
    await enqueue(handler, { v: 1 }, { db });
    await enqueue(handler, { v: 2 }, { db });
    const result = await flushOutbox(db, {
      send: server.send,
      handlers: aHandlerTable({ updateProfile: handler }),
    });
    expect(result).toMatchObject({ sent: 2, interrupted: false, failed: [] });
    expect(result.confirmed.map((c) => c.message)).toEqual(['saved {"v":1}', 'saved {"v":2}']);
    expect(server.ran.map((c) => c.body)).toEqual([{ v: 1 }, { v: 2 }]);
    expect(applied).toEqual([{ v: 1 }, { v: 2 }]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('sends each command to its handler’s method and path with its key as the Idempotency-Key header', async () => {
    const db = await anOutboxDb();
    const api = mockApi();
    api.on('POST', '/ecuFile/create-ecuFile', ok({ _id: 't1' }, { message: 'Created' }));
    api.on('PUT', '/auth/updateProfile', ok({ _id: 'u1' }, { message: 'Saved' }));
    const handlers = aHandlerTable({
      createTicket: aHandler('createTicket', { method: 'POST', path: '/ecuFile/create-ecuFile' }).handler,
      updateProfile: aHandler('updateProfile', { method: 'PUT', path: '/auth/updateProfile' }).handler,
    });
    const ticket = await enqueue(
      handlers.createTicket,
      { make: 'BMW' },
      { db, idempotencyKey: 'ticket-key-1' },
    );
    const profile = await enqueue(handlers.updateProfile, { city: 'Leeds' }, { db });

    const result = await flushOutbox(db, { handlers });

    expect(result.confirmed.map((c) => c.message)).toEqual(['Created', 'Saved']);
    const [create] = api.calls('POST', '/ecuFile/create-ecuFile');
    const [update] = api.calls('PUT', '/auth/updateProfile');
    expect(create?.headers.get('Idempotency-Key')).toBe('ticket-key-1');
    expect(create?.body).toEqual({ make: 'BMW' });
    expect(update?.headers.get('Idempotency-Key')).toBe(profile.idempotencyKey);
    expect(update?.body).toEqual({ city: 'Leeds' });
    expect(ticket.idempotencyKey).not.toBe(profile.idempotencyKey);
  });

  it('maps the real API client’s answers: a refusal fails with its message, a 503 keeps the command', async () => {
    const db = await anOutboxDb();
    const api = mockApi();
    api.on('PUT', '/updateProfile', fail(400, 'City is required'));
    await enqueue(edit, { city: '' }, { db });
    const refused = await flushOutbox(db, { handlers: aHandlerTable() });
    expect(refused.failed.map((c) => c.error)).toEqual(['City is required']);

    api.on('PUT', '/updateProfile', fail(503, 'Down for maintenance'));
    await enqueue(edit, { city: 'York' }, { db });
    const kept = await flushOutbox(db, { handlers: aHandlerTable() });
    expect(kept).toMatchObject({ sent: 0, interrupted: true, waitingFor: 'server' });
    expect((await pending(db)).map((c) => c.body)).toEqual([{ city: 'York' }]);
  });

  it('keeps a command under the same key while offline and sends it on the next flush', async () => {
    const db = await anOutboxDb();
    const server = editServer();
    const cmd = await enqueue(edit, { v: 1 }, { db });
    server.failNext('network-before');
    const handlers = aHandlerTable();
    expect(await flushOutbox(db, { send: server.send, handlers })).toMatchObject({
      sent: 0,
      interrupted: true,
      waitingFor: 'network',
    });
    expect(await pending(db)).toMatchObject([{ idempotencyKey: cmd.idempotencyKey, attempts: 1 }]);
    expect(await flushOutbox(db, { send: server.send, handlers })).toMatchObject({ sent: 1 });
    expect(server.requests.map((r) => r.idempotencyKey)).toEqual([cmd.idempotencyKey, cmd.idempotencyKey]);
    expect(server.ran).toHaveLength(1);
  });

  it('applies a command once when its answer was lost and it is replayed under the same key', async () => {
    const db = await anOutboxDb();
    const server = editServer();
    const { handler, applied } = aHandler('updateProfile');
    const handlers = aHandlerTable({ updateProfile: handler });
    await enqueue(handler, { v: 7 }, { db });
    server.failNext('network-after');
    await flushOutbox(db, { send: server.send, handlers });
    expect(applied).toEqual([]);
    await flushOutbox(db, { send: server.send, handlers });
    expect(server.ran.map((c) => c.body)).toEqual([{ v: 7 }]);
    expect(server.requests).toHaveLength(2);
    expect(applied).toEqual([{ v: 7 }]);
    expect(await db.outbox.count()).toBe(0);
  });

  it.each([
    [500, 'server'],
    [503, 'server'],
    [429, 'server'],
    // The session expired: the command waits for its owner to sign in again.
    [401, 'server'],
  ] as const)('stops on a %i, keeps the order, and sends all later', async (status, waitingFor) => {
    const db = await anOutboxDb();
    const server = editServer();
    const handlers = aHandlerTable();
    await enqueue(edit, { v: 1 }, { db });
    await enqueue(edit, { v: 2 }, { db });
    server.failNext({ status, message: 'Not now' });
    const first = await flushOutbox(db, { send: server.send, handlers });
    expect(first).toMatchObject({ sent: 0, interrupted: true, waitingFor, failed: [] });
    expect(server.ran).toEqual([]);
    expect(await pending(db)).toHaveLength(2);
    const later = await flushOutbox(db, { send: server.send, handlers });
    expect(later).toMatchObject({ sent: 2, interrupted: false });
    expect(server.ran.map((c) => c.body)).toEqual([{ v: 1 }, { v: 2 }]);
  });

  it('marks a refused command failed with the server’s message and goes on with the next', async () => {
    const db = await anOutboxDb();
    const server = editServer();
    await enqueue(edit, { v: 1 }, { db });
    await enqueue(edit, { v: 2 }, { db });
    server.failNext({ status: 400, message: 'City is required' });
    const result = await flushOutbox(db, { send: server.send, handlers: aHandlerTable() });
    expect(result.sent).toBe(1);
    expect(result.failed.map((c) => c.error)).toEqual(['City is required']);
    const failed = await db.outbox.where('status').equals('failed').toArray();
    expect(failed).toMatchObject([{ body: { v: 1 }, error: 'City is required' }]);
    // A failed command is not sent again by itself.
    await flushOutbox(db, { send: server.send, handlers: aHandlerTable() });
    expect(server.requests).toHaveLength(2);
  });

  it('leaves the error blank when a refusal carries no message of the server (the screen shows its fallback)', async () => {
    const db = await anOutboxDb();
    const server = editServer();
    await enqueue(edit, { v: 1 }, { db });
    server.failNext({ status: 404 });
    const result = await flushOutbox(db, { send: server.send, handlers: aHandlerTable() });
    expect(result.failed.map((c) => c.error)).toEqual(['']);
  });

  it('runs one flush at a time: concurrent triggers send nothing twice', async () => {
    const db = await anOutboxDb();
    const server = editServer();
    const handlers = aHandlerTable();
    await enqueue(edit, { v: 1 }, { db });
    const runs = await Promise.all([
      flushOutbox(db, { send: server.send, handlers }),
      flushOutbox(db, { send: server.send, handlers }),
      flushOutbox(db, { send: server.send, handlers }),
    ]);
    expect(server.requests).toHaveLength(1);
    expect(runs[0]).toBe(runs[2]);
  });

  it('gives every command a key of its own, unless the feature names one', async () => {
    const db = await anOutboxDb();
    const a = await enqueue(edit, {}, { db });
    const b = await enqueue(edit, {}, { db });
    const named = await enqueue(edit, {}, { db, idempotencyKey: 'b1f4b7f2-2d0c-4a57-9d1c-0f3c8a7e6d55' });
    expect(a.idempotencyKey).not.toBe(b.idempotencyKey);
    expect(a.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(named.idempotencyKey).toBe('b1f4b7f2-2d0c-4a57-9d1c-0f3c8a7e6d55');
    expect(await db.outbox.get(named.id!)).toMatchObject({
      kind: 'updateProfile',
      method: 'PUT',
      path: '/updateProfile',
      status: 'pending',
      attempts: 0,
    });
  });
});

describe('what a handler’s steps answer', () => {
  it('sends the body that prepare made and hands apply what prepare produced', async () => {
    const db = await anOutboxDb();
    const server = editServer();
    const seen: unknown[] = [];
    const { handler } = aHandler('createTicket', {
      prepare: async ({ command }) => ({
        kind: 'ready',
        body: { ...(command.body as object), uploadId: 'up_123' },
        prepared: { files: ['f1'] },
      }),
      apply: async ({ prepared, command }, answer) => {
        seen.push({ prepared, key: command.idempotencyKey, data: answer.data });
        return { kind: 'done', message: 'Landed' };
      },
    });
    const cmd = await enqueue(handler, { v: 1 }, { db });
    const result = await flushOutbox(db, {
      send: server.send,
      handlers: aHandlerTable({ createTicket: handler }),
    });
    expect(server.ran.map((c) => c.body)).toEqual([{ v: 1, uploadId: 'up_123' }]);
    expect(seen).toEqual([
      { prepared: { files: ['f1'] }, key: cmd.idempotencyKey, data: { v: 1, uploadId: 'up_123' } },
    ]);
    expect(result.confirmed).toEqual([{ id: cmd.id, message: 'Landed' }]);
    expect(await db.outbox.count()).toBe(0);
  });

  it.each([
    ['network', { kind: 'retry-later', waitingFor: 'network' }],
    ['paused', { kind: 'retry-later', waitingFor: 'paused' }],
  ] as const)(
    'keeps the command when prepare says retry later (%s), and stops the run',
    async (waitingFor, answer) => {
      const db = await anOutboxDb();
      const server = editServer();
      const { handler } = aHandler('createTicket', { prepare: async () => answer });
      await enqueue(handler, {}, { db });
      await enqueue(edit, { after: true }, { db });
      const result = await flushOutbox(db, {
        send: server.send,
        handlers: aHandlerTable({ createTicket: handler }),
      });
      expect(result).toMatchObject({ sent: 0, interrupted: true, waitingFor });
      expect(server.requests).toEqual([]);
      expect(await pending(db)).toHaveLength(2);
    },
  );

  it('fails the command with prepare’s message and sends nothing for it', async () => {
    const db = await anOutboxDb();
    const server = editServer();
    const { handler } = aHandler('createTicket', {
      prepare: async () => ({ kind: 'failed', message: 'File size should be less than 20.00 MB.' }),
    });
    await enqueue(handler, {}, { db });
    await enqueue(edit, { next: 1 }, { db });
    const result = await flushOutbox(db, {
      send: server.send,
      handlers: aHandlerTable({ createTicket: handler }),
    });
    expect(result.failed.map((c) => c.error)).toEqual(['File size should be less than 20.00 MB.']);
    expect(server.ran.map((c) => c.body)).toEqual([{ next: 1 }]);
  });

  it('maps what a handler throws like a failed send: no network waits, anything else fails with its text', async () => {
    const db = await anOutboxDb();
    const server = editServer();
    let error: Error = new NetworkError();
    const { handler } = aHandler('createTicket', {
      prepare: async () => {
        throw error;
      },
    });
    const handlers = aHandlerTable({ createTicket: handler });
    await enqueue(handler, {}, { db });
    expect(await flushOutbox(db, { send: server.send, handlers })).toMatchObject({ waitingFor: 'network' });
    error = new Error('The file could not be read');
    const result = await flushOutbox(db, { send: server.send, handlers });
    expect(result.failed.map((c) => c.error)).toEqual(['The file could not be read']);
  });

  it('does not send a command that was discarded while it was being prepared, and goes on', async () => {
    const db = await anOutboxDb();
    const server = editServer();
    const { handler } = aHandler('createTicket', {
      prepare: async ({ db: d, command }) => {
        await d.outbox.delete(command.id!);
        return { kind: 'ready', body: command.body, prepared: undefined };
      },
    });
    await enqueue(handler, { gone: true }, { db });
    await enqueue(edit, { kept: true }, { db });
    const result = await flushOutbox(db, {
      send: server.send,
      handlers: aHandlerTable({ createTicket: handler }),
    });
    expect(result).toMatchObject({ sent: 1, interrupted: false });
    expect(server.ran.map((c) => c.body)).toEqual([{ kept: true }]);
  });

  it('fails a command of a kind this version has no handler for', async () => {
    const db = await anOutboxDb();
    const server = editServer();
    await db.outbox.add({
      kind: 'retiredKind' as CommandKind,
      method: 'POST',
      path: '/old',
      body: {},
      idempotencyKey: 'k-old-0001',
      status: 'pending',
      attempts: 0,
      createdAt: 0,
    });
    const handlers = { ...aHandlerTable() } as OutboxHandlers;
    const result = await flushOutbox(db, { send: server.send, handlers });
    expect(result.failed.map((c) => c.error)).toEqual([
      'This change cannot be sent by this version of the app',
    ]);
    expect(server.requests).toEqual([]);
  });

  it('classifies failures: no answer, a server fault, 429, 423 and 401 wait; other refusals are final', () => {
    expect(resultOfError(new NetworkError())).toEqual({ kind: 'retry-later', waitingFor: 'network' });
    for (const status of [500, 502, 503, 429, 423, 401]) {
      expect(resultOfError(new ApiError(status, 'x'))).toEqual({ kind: 'retry-later', waitingFor: 'server' });
    }
    expect(resultOfError(new ApiError(413, 'Too large'))).toEqual({ kind: 'failed', message: 'Too large' });
    expect(resultOfError(new ApiError(403, 'Ours', [], false))).toEqual({ kind: 'failed', message: '' });
    expect(resultOfError('??')).toEqual({ kind: 'failed', message: 'The change could not be saved' });
  });
});

describe('the installed table', () => {
  it('refuses to run before the app shell installed its handlers, then uses them', async () => {
    const db = await anOutboxDb();
    await enqueue(edit, { v: 1 }, { db });
    await expect(flushOutbox(db, { send: editServer().send })).rejects.toThrow(
      'The outbox handlers are not installed',
    );
    const { handler, applied } = aHandler('updateProfile');
    installOutboxHandlers(aHandlerTable({ updateProfile: handler }));
    const result = await flushOutbox(db, { send: editServer().send });
    expect(result.sent).toBe(1);
    expect(applied).toEqual([{ v: 1 }]);
  });
});

describe('handlers loaded on use', () => {
  it('a flush with nothing queued loads no handlers; the first queued command loads them once', async () => {
    vi.resetModules();
    const fresh = await import('./outbox');
    const db = await anOutboxDb();
    const { handler, applied } = aHandler('updateProfile');
    const load = vi.fn(async () => aHandlerTable({ updateProfile: handler }));
    fresh.installOutboxHandlersOnUse(load);

    expect(await fresh.flushOutbox(db, { send: editServer().send })).toMatchObject({ sent: 0 });
    expect(load).not.toHaveBeenCalled();

    await fresh.enqueue(edit, { v: 1 }, { db });
    await fresh.enqueue(edit, { v: 2 }, { db });
    expect(await fresh.flushOutbox(db, { send: editServer().send })).toMatchObject({ sent: 2 });
    expect(load).toHaveBeenCalledTimes(1);
    expect(applied).toEqual([{ v: 1 }, { v: 2 }]);
  });
});
