import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { connect, createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';
import type { TicketDto } from '@ecu/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneTables } from '../platform/prune';
import { type TestUser, verifiedUser } from '../test/factories';
import type { ApiClient } from '../test/http-client';
import { ServerProcess } from '../test/server-process';
import { startTestServer, type TestServer } from '../test/test-server';
import {
  bytesAccepted,
  download,
  fileBytes,
  postTicket,
  sha256,
  startTus,
  type TusExchange,
  ticketFields,
  tusEndpoint,
  tusUpload,
  uploadRow,
} from '../test/ticket-helpers';

/** 20 MB, just under the ECU limit of 20 MiB. */
const SIZE = 20 * 1000 * 1000;
const CHUNK = 1000 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What a resumed upload shows: where it started again and how much it sent. */
function resumeFigures(exchanges: TusExchange[]) {
  const firstPatch = exchanges.find((e) => e.method === 'PATCH');
  return { resumedAt: firstPatch?.sentOffset ?? 0, sent: bytesAccepted(exchanges) };
}

function expectResumed(label: string, exchanges: TusExchange[], cutAt: number) {
  // A resume starts with HEAD (no new POST), then PATCHes from the server's offset.
  expect(exchanges[0]?.method).toBe('HEAD');
  expect(exchanges.some((e) => e.method === 'POST')).toBe(false);
  const { resumedAt, sent } = resumeFigures(exchanges);
  expect(resumedAt).toBe(exchanges[0]?.answeredOffset);
  expect(resumedAt).toBeGreaterThan(0);
  expect(sent).toBe(SIZE - resumedAt);
  expect(sent).toBeLessThan(SIZE);
  console.info(
    `[resume] ${label}: cut at ${cutAt} bytes written, server offset ${resumedAt} (${((100 * resumedAt) / SIZE).toFixed(1)}%), resumed with ${sent} of ${SIZE} bytes`,
  );
}

describe('resume after the connection is cut', () => {
  let server: TestServer;
  let tuner: TestUser;

  beforeAll(async () => {
    server = await startTestServer();
    tuner = await verifiedUser(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('continues from the server offset after tus-js-client aborts at about 50%', async () => {
    const bytes = fileBytes(SIZE);
    let cutAt = 0;
    const first = startTus(tuner.client, bytes, {
      chunkSize: CHUNK,
      onProgress(sent) {
        if (cutAt === 0 && sent >= SIZE / 2) {
          cutAt = sent;
          // A moment later, off the progress callback, so the abort hits a request in flight.
          setTimeout(() => void first.upload.abort(), 2);
        }
      },
    });
    await expect.poll(() => cutAt, { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => first.upload.url).not.toBeNull();
    const uploadUrl = first.upload.url!;
    await new Promise((r) => setTimeout(r, 100));

    const second = startTus(tuner.client, bytes, { uploadUrl, chunkSize: CHUNK });
    const done = await second.done;
    expectResumed('abort()', second.exchanges, cutAt);
    expect(done.sha256Header).toBe(sha256(bytes));
    const row = await uploadRow(server.deps.db, done.uploadId);
    expect(row).toMatchObject({ status: 'complete', size: SIZE, sha256: sha256(bytes) });
    // The hash made as the bytes arrived is the hash of what the server stored.
    expect(sha256(await readFile(path.join(server.config.dataDir, 'uploads', done.uploadId)))).toBe(
      row?.sha256,
    );
  });

  it('continues from the server offset after the socket is cut mid-PATCH (TCP proxy)', async () => {
    const proxy = await tcpProxy(Number(new URL(server.url).port));
    try {
      const bytes = fileBytes(SIZE);
      // Cut once about half of the file went upstream, in the middle of a 1 MB PATCH.
      proxy.cutAfter(SIZE / 2 + CHUNK / 2);
      const endpoint = tusEndpoint(`http://127.0.0.1:${proxy.port}`);
      const first = startTus(tuner.client, bytes, { endpoint, chunkSize: CHUNK });
      await expect(first.done).rejects.toThrow();
      expect(proxy.cuts).toBe(1);
      const uploadUrl = first.upload.url!;
      expect(uploadUrl).toContain(`:${proxy.port}/api/uploads/`);

      const second = startTus(tuner.client, bytes, { endpoint, uploadUrl, chunkSize: CHUNK });
      const done = await second.done;
      expectResumed('socket cut', second.exchanges, proxy.cutAtBytes);
      expect(done.sha256Header).toBe(sha256(bytes));
      expect((await uploadRow(server.deps.db, done.uploadId))?.sha256).toBe(sha256(bytes));
      expect(sha256(await readFile(path.join(server.config.dataDir, 'uploads', done.uploadId)))).toBe(
        sha256(bytes),
      );
    } finally {
      await proxy.close();
    }
  });

  it("keeps a ticket's files through the upload sweep, however old tus's record of them", async () => {
    const bytes = fileBytes(3000);
    const upload = await tusUpload(tuner.client, bytes);
    const ticket = await postTicket(tuner.client, { ...ticketFields(), ecuFileUploadId: upload.uploadId });
    expect(ticket.status, ticket.text).toBe(201);
    const loose = await tusUpload(tuner.client, fileBytes(2000));
    // Two days on, as far as tus's own record of the upload tells.
    const record = path.join(server.config.dataDir, 'uploads', `${upload.uploadId}.json`);
    const info = JSON.parse(await readFile(record, 'utf8'));
    info.creation_date = new Date(Date.now() - 2 * DAY_MS).toISOString();
    await writeFile(record, JSON.stringify(info));

    // The sweep of expired uploads is part of the prune schedule (docs/decisions/070-durable-jobs.md):
    // run here as it runs two days from now (null: the scheduled run held its lock just then).
    const later = new Date(Date.now() + 2 * DAY_MS);
    let pruned: Awaited<ReturnType<typeof pruneTables>> = null;
    for (let i = 0; i < 50 && !pruned; i++) {
      pruned = await pruneTables({ db: server.deps.db, storage: server.deps.storage }, later);
      if (!pruned) await new Promise((r) => setTimeout(r, 100));
    }
    expect(pruned?.uploads).toBeGreaterThanOrEqual(1);
    // The upload no ticket took is gone; the ticket's is not.
    expect(await uploadRow(server.deps.db, loose.uploadId)).toBeUndefined();
    expect(await uploadRow(server.deps.db, upload.uploadId)).toMatchObject({ status: 'attached' });
    const file = await download(tuner.client, ticket.body.data.ecuFile!.url);
    expect(file.status).toBe(200);
    expect(sha256(file.bytes)).toBe(sha256(bytes));
  });
});

describe('resume after the server process is killed', () => {
  let proc: ServerProcess;
  let client: ApiClient;

  beforeAll(async () => {
    proc = await ServerProcess.start();
    client = await proc.signedUpUser();
  }, 120_000);
  afterAll(async () => {
    await proc?.close();
  });

  it('finishes the upload on the restarted server from its offset, with the same SHA-256', async () => {
    const bytes = fileBytes(SIZE);
    const server = await proc.running();
    let written = 0;
    let cutAt = 0;
    const first = startTus(client, bytes, {
      metadata: { filename: 'stage1-read.bin', purpose: 'ecu' },
      chunkSize: CHUNK,
      onProgress(sent) {
        written = sent;
        if (cutAt === 0 && sent >= SIZE / 2) {
          cutAt = sent;
          // A moment later, so the kill lands while a PATCH is on the wire.
          setTimeout(() => {
            cutAt = written;
            server.kill('SIGKILL');
          }, 3);
        }
      },
    });
    await expect(first.done).rejects.toThrow();
    await proc.stop('SIGKILL');
    expect(server.signalCode).toBe('SIGKILL');
    const uploadUrl = first.upload.url!;

    await proc.running();
    const second = startTus(client, bytes, { uploadUrl, chunkSize: CHUNK });
    const done = await second.done;
    expectResumed('process killed', second.exchanges, cutAt);
    expect(done.sha256Header).toBe(sha256(bytes));

    // The restarted server kept the session and the upload row: the ticket gets the file.
    const ticket = await postTicket(client, { ...ticketFields(), ecuFileUploadId: done.uploadId });
    expect(ticket.status, ticket.text).toBe(201);
    expect(ticket.body.data.ecuFile).toMatchObject({
      name: 'stage1-read.bin',
      size: SIZE,
      sha256: sha256(bytes),
    });
    const file = await download(client, ticket.body.data.ecuFile!.url);
    expect(file.status).toBe(200);
    expect(sha256(file.bytes)).toBe(sha256(bytes));
  }, 180_000);

  it('creates the ticket once when the kill lands in the last chunk and the client sends it again', async () => {
    const size = 4 * CHUNK;
    const bytes = fileBytes(size);
    let uploadUrl = '';
    const server = await proc.running();
    // Through a proxy that lets half of the last PATCH reach the server, then holds the rest:
    // the server is killed with the last chunk part-way in.
    const proxy = await tcpProxy(Number(new URL(proc.url).port));
    try {
      const endpoint = tusEndpoint(`http://127.0.0.1:${proxy.port}`);
      const holding = proxy.holdAfter(size - CHUNK / 2);
      const first = startTus(client, bytes, {
        endpoint,
        metadata: { filename: 'last-chunk.bin', purpose: 'ecu' },
        chunkSize: CHUNK,
      });
      const failed = expect(first.done).rejects.toThrow();
      await holding;
      await proc.stop('SIGKILL');
      expect(server.signalCode).toBe('SIGKILL');
      await failed;
      uploadUrl = first.upload.url!;
    } finally {
      await proxy.close();
    }

    await proc.running();
    // The client comes back to the server itself, at the same upload (the proxy's port aside).
    const resumeUrl = new URL(new URL(uploadUrl).pathname, proc.url).toString();
    const second = startTus(client, bytes, { uploadUrl: resumeUrl, chunkSize: CHUNK });
    const done = await second.done;
    expect(done.sha256Header).toBe(sha256(bytes));
    // What the server had stored of the last chunk stays: only the rest is sent again.
    const { resumedAt, sent } = resumeFigures(second.exchanges);
    expect(resumedAt).toBeGreaterThanOrEqual(size - CHUNK);
    expect(sent).toBe(size - resumedAt);
    console.info(
      `[resume] killed in the last chunk: server offset ${resumedAt} of ${size}, resumed with ${sent}`,
    );

    // The outbox cannot tell whether its send landed before the kill: it sends the ticket
    // again under the same Idempotency-Key, twice at once and once more later.
    const key = randomUUID();
    const body = { ...ticketFields({ registration: 'LAST 1' }), ecuFileUploadId: done.uploadId };
    const send = () =>
      client.post<TicketDto>('/api/ecuFile/create-ecuFile', body, { headers: { 'Idempotency-Key': key } });
    const answers = [...(await Promise.all([send(), send()])), await send()];
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.data._id)).size).toBe(1);
    // Another key cannot make a second ticket of the same upload.
    const other = await postTicket(client, { ...body, clientId: randomUUID() });
    expect(other.status).toBe(400);

    const mine = await client.get<TicketDto[]>('/api/ecuFile/my-files');
    const withFile = mine.body.data.filter((t) => t.ecuFile?.sha256 === sha256(bytes));
    expect(withFile.map((t) => t._id)).toEqual([answers[0]!.body.data._id]);
    const file = await download(client, withFile[0]!.ecuFile!.url);
    expect(sha256(file.bytes)).toBe(sha256(bytes));
  }, 180_000);
});

interface TcpProxy {
  port: number;
  /** How many times the proxy cut the connections. */
  cuts: number;
  /** Upstream bytes forwarded when the cut happened. */
  cutAtBytes: number;
  /** Cut every open connection once this many bytes went upstream in total. */
  cutAfter(bytes: number): void;
  /**
   * Forward only this many more bytes upstream and drop the rest, keeping the connections
   * open; resolves once they went (what the server can have received is known exactly).
   */
  holdAfter(bytes: number): Promise<void>;
  close(): Promise<void>;
}

/** A loopback TCP proxy in front of the server that can drop its connections mid-transfer. */
async function tcpProxy(targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let upstreamBytes = 0;
  let limit = Number.POSITIVE_INFINITY;
  let holdAt = Number.POSITIVE_INFINITY;
  let held: (() => void) | undefined;
  const state = { cuts: 0, cutAtBytes: 0 };
  const cut = () => {
    state.cuts += 1;
    state.cutAtBytes = upstreamBytes;
    limit = Number.POSITIVE_INFINITY;
    for (const s of sockets) s.destroy();
  };
  const server: Server = createServer((downstream) => {
    const upstream = connect(targetPort, '127.0.0.1');
    sockets.add(downstream);
    sockets.add(upstream);
    const forget = () => {
      sockets.delete(downstream);
      sockets.delete(upstream);
      downstream.destroy();
      upstream.destroy();
    };
    downstream.on('data', (chunk: Buffer) => {
      const room = holdAt - upstreamBytes;
      if (room <= 0) return;
      const sent = chunk.length > room ? chunk.subarray(0, room) : chunk;
      upstreamBytes += sent.length;
      upstream.write(sent);
      if (upstreamBytes >= holdAt) held?.();
      if (upstreamBytes >= limit) cut();
    });
    upstream.on('data', (chunk: Buffer) => downstream.write(chunk));
    for (const s of [downstream, upstream]) {
      s.on('close', forget);
      s.on('error', forget);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    get cuts() {
      return state.cuts;
    },
    get cutAtBytes() {
      return state.cutAtBytes;
    },
    cutAfter(bytes) {
      limit = upstreamBytes + bytes;
    },
    holdAfter(bytes) {
      holdAt = upstreamBytes + bytes;
      return new Promise<void>((resolve) => {
        held = () => {
          held = undefined;
          resolve();
        };
      });
    },
    close() {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
