import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, type ApiResult, NetworkError } from './api-client';
import { type OutboxCommand, PortalDb } from './db';
import { enqueue, flushOutbox, onCommandApplied, onCommandPrepare } from './outbox';

let db: PortalDb;
let n = 0;

beforeEach(async () => {
  db = new PortalDb(`outbox-test-${n++}`);
  await db.open();
});
afterEach(async () => {
  await db.delete();
});

/** A server that, like the real one, runs each Idempotency-Key once and replays its answer. */
function fakeServer() {
  const applied: string[] = [];
  const answers = new Map<string, ApiResult<unknown>>();
  let failNext: 'network-before' | 'network-after' | '500' | '400' | '404-bare' | null = null;
  const send = async (cmd: OutboxCommand): Promise<ApiResult<unknown>> => {
    const mode = failNext;
    failNext = null;
    if (mode === 'network-before') throw new NetworkError();
    if (mode === '500') throw new ApiError(500, 'boom');
    if (mode === '400') throw new ApiError(400, 'City is required');
    if (mode === '404-bare') throw new ApiError(404, 'The answer was not understood (404)', [], false);
    let answer = answers.get(cmd.idempotencyKey);
    if (!answer) {
      applied.push(`${cmd.kind}:${JSON.stringify(cmd.body)}`);
      answer = { message: 'ok', data: cmd.body };
      answers.set(cmd.idempotencyKey, answer);
    }
    // The server did the work but the answer was lost on the way back.
    if (mode === 'network-after') throw new NetworkError();
    return answer;
  };
  return {
    send,
    applied,
    failNextWith: (mode: typeof failNext) => {
      failNext = mode;
    },
  };
}

describe('outbox', () => {
  it('sends commands oldest first, each once, and applies the answers', async () => {
    const server = fakeServer();
    const seen: unknown[] = [];
    onCommandApplied('edit', async (data) => {
      seen.push(data);
    });
    await enqueue({ kind: 'edit', method: 'PUT', path: '/x', body: { v: 1 } }, db);
    await enqueue({ kind: 'edit', method: 'PUT', path: '/x', body: { v: 2 } }, db);
    const result = await flushOutbox(db, server.send);
    expect(result).toMatchObject({ sent: 2, interrupted: false });
    expect(result.confirmed.map((c) => c.message)).toEqual(['ok', 'ok']);
    expect(server.applied).toEqual(['edit:{"v":1}', 'edit:{"v":2}']);
    expect(seen).toEqual([{ v: 1 }, { v: 2 }]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeps a command when the network fails and sends it on the next flush', async () => {
    const server = fakeServer();
    await enqueue({ kind: 'edit', method: 'PUT', path: '/x', body: { v: 1 } }, db);
    server.failNextWith('network-before');
    expect(await flushOutbox(db, server.send)).toMatchObject({ sent: 0, interrupted: true });
    expect(await db.outbox.where('status').equals('pending').count()).toBe(1);
    expect(await flushOutbox(db, server.send)).toMatchObject({ sent: 1 });
    expect(server.applied).toHaveLength(1);
  });

  it('applies a command exactly once when its answer was lost and it is replayed', async () => {
    const server = fakeServer();
    await enqueue({ kind: 'edit', method: 'PUT', path: '/x', body: { v: 7 } }, db);
    server.failNextWith('network-after');
    await flushOutbox(db, server.send);
    await flushOutbox(db, server.send);
    expect(server.applied).toEqual(['edit:{"v":7}']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('stops on a 5xx and keeps the order for later', async () => {
    const server = fakeServer();
    await enqueue({ kind: 'edit', method: 'PUT', path: '/x', body: { v: 1 } }, db);
    await enqueue({ kind: 'edit', method: 'PUT', path: '/x', body: { v: 2 } }, db);
    server.failNextWith('500');
    expect(await flushOutbox(db, server.send)).toMatchObject({ sent: 0, interrupted: true });
    expect(server.applied).toEqual([]);
    await flushOutbox(db, server.send);
    expect(server.applied).toEqual(['edit:{"v":1}', 'edit:{"v":2}']);
  });

  it('marks a refused command failed with the server message and goes on', async () => {
    const server = fakeServer();
    await enqueue({ kind: 'edit', method: 'PUT', path: '/x', body: { v: 1 } }, db);
    await enqueue({ kind: 'edit', method: 'PUT', path: '/x', body: { v: 2 } }, db);
    server.failNextWith('400');
    const result = await flushOutbox(db, server.send);
    expect(result.sent).toBe(1);
    expect(result.failed.map((c) => c.error)).toEqual(['City is required']);
    const failed = await db.outbox.where('status').equals('failed').toArray();
    expect(failed).toHaveLength(1);
    expect(failed[0]?.body).toEqual({ v: 1 });
  });

  it('leaves the error blank when a refusal has no server message (the screen shows its fallback)', async () => {
    const server = fakeServer();
    await enqueue({ kind: 'edit', method: 'PUT', path: '/x', body: { v: 1 } }, db);
    server.failNextWith('404-bare');
    const result = await flushOutbox(db, server.send);
    expect(result.failed.map((c) => c.error)).toEqual(['']);
  });

  it('runs one flush at a time: concurrent triggers send nothing twice', async () => {
    const server = fakeServer();
    await enqueue({ kind: 'edit', method: 'PUT', path: '/x', body: { v: 1 } }, db);
    await Promise.all([
      flushOutbox(db, server.send),
      flushOutbox(db, server.send),
      flushOutbox(db, server.send),
    ]);
    expect(server.applied).toHaveLength(1);
  });

  it('gives every command its own idempotency key', async () => {
    const a = await enqueue({ kind: 'edit', method: 'PUT', path: '/x', body: {} }, db);
    const b = await enqueue({ kind: 'edit', method: 'PUT', path: '/x', body: {} }, db);
    expect(a.idempotencyKey).not.toBe(b.idempotencyKey);
    expect(a.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('runs a kind’s preparation first and sends the body it returns (e.g. upload ids)', async () => {
    const server = fakeServer();
    onCommandPrepare('withFiles', async (cmd) => ({ ...(cmd.body as object), uploadId: 'up_123' }));
    await enqueue({ kind: 'withFiles', method: 'POST', path: '/x', body: { v: 1 } }, db);
    await flushOutbox(db, server.send);
    expect(server.applied).toEqual(['withFiles:{"v":1,"uploadId":"up_123"}']);
  });

  it('keeps the command when its preparation hits the network', async () => {
    const server = fakeServer();
    onCommandPrepare('offlinePrep', async () => {
      throw new NetworkError();
    });
    await enqueue({ kind: 'offlinePrep', method: 'POST', path: '/x', body: {} }, db);
    expect(await flushOutbox(db, server.send)).toMatchObject({ sent: 0, interrupted: true });
    expect(await db.outbox.where('status').equals('pending').count()).toBe(1);
    expect(server.applied).toEqual([]);
  });
});

describe('a session that expired while commands wait', () => {
  it('keeps the command pending on 401 (it goes once the owner signs in again), not failed', async () => {
    await enqueue(
      { kind: 'createTicket', method: 'POST', path: '/ecuFile/create-ecuFile', body: { a: 1 } },
      db,
    );
    const result = await flushOutbox(db, async () => {
      throw new ApiError(401, 'Please sign in to continue');
    });
    expect(result).toMatchObject({ sent: 0, failed: [], interrupted: true, waitingFor: 'server' });
    const [cmd] = await db.outbox.toArray();
    expect(cmd).toMatchObject({ status: 'pending', path: '/ecuFile/create-ecuFile' });
  });
});
