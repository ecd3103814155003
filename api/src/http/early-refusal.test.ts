import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT } from '../app/app';
import { adminUser, newClient, type TestUser } from '../test/factories';
import type { ApiClient } from '../test/http-client';
import { startTestServer, type TestServer } from '../test/test-server';
import { cookieHeader, MiB } from '../test/ticket-helpers';

let server: TestServer;
let admin: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  admin = await adminUser(server);
});
afterAll(async () => {
  await server?.close();
});

interface Outcome {
  status: number | null;
  body: string;
  /** The socket error the client saw while sending or reading (EPIPE, ECONNRESET), if any. */
  error: string | null;
}

const CHUNK = Buffer.alloc(64 * 1024, 0x41);

/**
 * A client that declares its whole body and sends all of it, whatever the server answers
 * meanwhile, as curl or a script does: the answer must reach it, not a broken pipe.
 */
function sendAll(
  client: ApiClient,
  method: string,
  path: string,
  type: string,
  size: number,
): Promise<Outcome> {
  const { port } = new URL(server.url);
  return new Promise((resolve) => {
    const outcome: Outcome = { status: null, body: '', error: null };
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: Number(port),
        method,
        path,
        headers: {
          'Content-Type': type,
          'Content-Length': String(size),
          Origin: new URL(server.url).origin,
          'X-Forwarded-For': client.ip,
          ...(client.cookies.size > 0 ? { Cookie: cookieHeader(client) } : {}),
        },
      },
      (res) => {
        outcome.status = res.statusCode ?? null;
        res.on('data', (c: Buffer) => {
          outcome.body += c;
        });
        res.on('error', (err: NodeJS.ErrnoException) => {
          outcome.error ??= err.code ?? err.message;
        });
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => {
      outcome.error ??= err.code ?? err.message;
      settle();
    });
    req.on('close', () => setTimeout(settle, 50));
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        const piece = CHUNK.subarray(0, Math.min(CHUNK.length, size - sent));
        sent += piece.length;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

async function expectEveryAnswer(outcomes: Outcome[], status: number, label: string) {
  const errors = outcomes.filter((o) => o.error !== null).map((o) => o.error);
  const statuses = outcomes.map((o) => o.status);
  console.info(
    `${label}: ${outcomes.length} clients, statuses ${JSON.stringify(statuses)}, socket errors ${JSON.stringify(errors)}`,
  );
  expect(errors).toEqual([]);
  expect(statuses).toEqual(outcomes.map(() => status));
  for (const o of outcomes) expect(JSON.parse(o.body)).toMatchObject({ success: false });
  expect((await fetch(new URL('/api/health', server.url))).status).toBe(200);
}

describe('an early refusal reaches a client that is still sending', () => {
  it('a JSON body declared 5 MB over the limit: every one of 16 clients reads the 413', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 16 }, () =>
        sendAll(newClient(server), 'POST', '/api/auth/login', 'application/json', JSON_BODY_LIMIT + 5 * MiB),
      ),
    );
    await expectEveryAnswer(outcomes, 413, 'JSON 413');
  });

  it('a tuned file declared 5 MB over its limit: every one of 8 admin clients reads the 413', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () =>
        sendAll(
          admin.client,
          'PUT',
          '/api/admin/uploadTunedFile',
          'multipart/form-data; boundary=x',
          26 * MiB,
        ),
      ),
    );
    await expectEveryAnswer(outcomes, 413, 'multipart 413');
  });

  it('a 5 MB form sent signed out: every one of 16 clients reads the 401', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 16 }, () =>
        sendAll(
          newClient(server),
          'POST',
          '/api/ecuFile/create-ecuFile',
          'multipart/form-data; boundary=x',
          5 * MiB,
        ),
      ),
    );
    await expectEveryAnswer(outcomes, 401, 'signed-out 401');
  });

  it('a form with no boundary, 5 MB long: every one of 16 clients reads the 400', async () => {
    const { client } = admin;
    const outcomes = await Promise.all(
      Array.from({ length: 16 }, () =>
        sendAll(client, 'PUT', '/api/admin/uploadTunedFile', 'multipart/form-data', 5 * MiB),
      ),
    );
    await expectEveryAnswer(outcomes, 400, 'no-boundary 400');
  });
});
