import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { UserDto } from '@ecu/shared';
import { count, eq } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERATED_ADMIN_EMAIL } from '../accounts/admin-bootstrap';
import { RATE_LIMITS } from '../accounts/rate-limits';
import { type Database, MIGRATIONS_DIR, openDatabase } from '../db/client';
import { users } from '../db/schema';
import { newClient, PASSWORD, uniqueIp, verifiedUser } from './factories';
import { ApiClient } from './http-client';
import { recordingLogger } from './recording-logger';
import { describeOnPostgres, openTestDatabase } from './test-db';
import { startTestServer, type TestServer } from './test-server';
import { fileBytes, MiB, sha256, startTus, tusEndpoint, uploadRow } from './ticket-helpers';

/**
 * Two API servers as two processes behind the balancer of docker-compose.yml: one database
 * (PostgreSQL on api-postgres; on api-pglite one PGlite, which a second process could not
 * open, so both hold the same Database object), the local Redis, one AUTH_SECRET and one
 * file store (a shared DATA_DIR). See docs/decisions/026-several-processes.md.
 */
const REDIS_URL = 'redis://127.0.0.1:6379';

/** The same browser (cookies, IP) talking to another server. */
function onServer(client: ApiClient, server: TestServer): ApiClient {
  const moved = new ApiClient(server.url, client.ip);
  for (const [k, v] of client.cookies) moved.cookies.set(k, v);
  return moved;
}

async function adminRows(database: Database) {
  return database.db.select({ email: users.email }).from(users).where(eq(users.role, 'admin'));
}

/**
 * Two processes can only share a PostgreSQL database (a PGlite database belongs to one
 * process): this case exists in the api-postgres run alone. On PGlite the bootstrap race is
 * covered by "two admin bootstraps at once on one database make one admin" below.
 */

describe('processes starting together', () => {
  describeOnPostgres('on one fresh PostgreSQL database', (source) => {
    const name = `${source.namePrefix}fresh_${randomBytes(4).toString('hex')}`;
    const adminUrl = source.adminUrl;
    const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
    const opened: Database[] = [];
    const servers: TestServer[] = [];

    beforeAll(async () => {
      const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database "${name}"`).finally(() => admin.end());
    });
    afterAll(async () => {
      for (const server of servers) await server.close();
      for (const database of opened) await database.close();
      const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await admin.unsafe(`drop database if exists "${name}" with (force)`).finally(() => admin.end());
    });

    it('both migrate and start; one admin is generated and announced once', async () => {
      const logger = recordingLogger();
      const start = async () => {
        const database = await openDatabase({ kind: 'postgres', url, max: 4 });
        opened.push(database);
        const server = await startTestServer({ database, admin: false, logger });
        servers.push(server);
        return server;
      };
      const [a, b] = await Promise.all([start(), start()]);
      expect((await newClient(a).get('/api/health')).status).toBe(200);
      expect((await newClient(b).get('/api/health')).status).toBe(200);
      expect(await adminRows(a.database)).toEqual([{ email: GENERATED_ADMIN_EMAIL }]);
      expect(logger.lines.filter((l) => l.includes(GENERATED_ADMIN_EMAIL))).toHaveLength(1);
      // Every migration was applied, once.
      const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'));
      const check = postgres(url, { max: 1, onnotice: () => {} });
      const [row] = await check`select count(*)::int as n, count(distinct hash)::int as d
        from drizzle.__drizzle_migrations`.finally(() => check.end());
      expect(row).toEqual({ n: journal.entries.length, d: journal.entries.length });
    }, 60_000);
  });

  it('two admin bootstraps at once on one database make one admin', async () => {
    const database = await openTestDatabase();
    const logger = recordingLogger();
    try {
      const [a, b] = await Promise.all([
        startTestServer({ database, admin: false, logger }),
        startTestServer({ database, admin: false, logger }),
      ]);
      try {
        expect(await adminRows(database)).toEqual([{ email: GENERATED_ADMIN_EMAIL }]);
        const [{ n }] = (await database.db
          .select({ n: count() })
          .from(users)
          .where(eq(users.email, GENERATED_ADMIN_EMAIL))) as [{ n: number }];
        expect(n).toBe(1);
        expect(logger.lines.filter((l) => l.includes(GENERATED_ADMIN_EMAIL))).toHaveLength(1);
      } finally {
        await a.close();
        await b.close();
      }
    } finally {
      await database.close();
    }
  }, 60_000);
});

describe('two processes behind a balancer', () => {
  const env = { REDIS_URL, AUTH_SECRET: randomBytes(32).toString('hex'), DATA_DIR: '' };
  let database: Database;
  let sharedDir: string;
  let serverA: TestServer;
  let serverB: TestServer;

  beforeAll(async () => {
    sharedDir = await mkdtemp(path.join(os.tmpdir(), 'ecu-two-processes-'));
    env.DATA_DIR = sharedDir;
    database = await openTestDatabase();
    serverA = await startTestServer({ database, env });
    serverB = await startTestServer({ database, env });
  });
  afterAll(async () => {
    await serverA?.close();
    await serverB?.close();
    await database?.close();
    if (sharedDir) await rm(sharedDir, { recursive: true, force: true });
  });

  it('a session made on one works on the other', async () => {
    const tuner = await verifiedUser(serverA);
    const me = await onServer(tuner.client, serverB).get<UserDto>('/api/auth/getMe');
    expect(me.status, me.text).toBe(200);
    expect(me.body.data.email).toBe(tuner.email);
  });

  it('an upload started on one and finished on the other is complete and intact', async () => {
    const tuner = await verifiedUser(serverA);
    const CHUNK = 1 * MiB;
    const bytes = fileBytes(3 * CHUNK);
    const first = startTus(tuner.client, bytes, { chunkSize: CHUNK });
    let chunksDone = 0;
    first.upload.options.onChunkComplete = () => {
      chunksDone += 1;
      void first.upload.abort();
    };
    await expect.poll(() => chunksDone, { timeout: 30_000 }).toBe(1);
    const uploadPath = new URL(first.upload.url!).pathname;

    const onB = onServer(tuner.client, serverB);
    const second = startTus(onB, bytes, {
      uploadUrl: new URL(uploadPath, tusEndpoint(serverB.url)).toString(),
      chunkSize: CHUNK,
    });
    const done = await second.done;
    expect(second.exchanges[0]).toMatchObject({ method: 'HEAD', answeredOffset: CHUNK });
    expect(second.exchanges.some((e) => e.method === 'POST')).toBe(false);
    expect(done.sha256Header).toBe(sha256(bytes));
    const row = await uploadRow(database.db, done.uploadId);
    expect(row).toMatchObject({ status: 'complete', sha256: sha256(bytes), size: bytes.length });
    // Either process reads the same bytes from the shared store.
    expect(await serverA.deps.storage.sha256(`uploads/${done.uploadId}`)).toBe(sha256(bytes));
  }, 60_000);

  it('the per-e-mail sign-in limit holds across both', async () => {
    const tuner = await verifiedUser(serverA);
    const [limit] = RATE_LIMITS.signin.email;
    // Wrong passwords from ever new addresses, alternating between the processes.
    for (let i = 0; i < limit; i++) {
      const server = i % 2 === 0 ? serverA : serverB;
      const res = await new ApiClient(server.url, uniqueIp()).post('/api/auth/login', {
        email: tuner.email,
        password: `wrong-${PASSWORD}`,
      });
      expect(res.status, res.text).toBe(401);
    }
    for (const server of [serverA, serverB]) {
      const res = await new ApiClient(server.url, uniqueIp()).post('/api/auth/login', {
        email: tuner.email,
        password: tuner.password,
      });
      expect(res.status, res.text).toBe(429);
    }
  });
});
