import type { TicketDto } from '@ecu/shared';
import { describe, expect, it } from 'vitest';
import { NetworkError } from '../../local/api-client';
import type { OutboxCommand, PortalDb } from '../../local/db';
import { enqueue, type FlushOptions, flushOutbox } from '../../local/outbox';
import { pullAfterWrite } from '../../local/sync-engine';
import {
  A_CLIENT_ID,
  A_VEHICLE,
  aFinishedWizard,
  aHandlerTable,
  aLocalTicketFile,
  anOutboxDb,
  type FakeTus,
  fakeApi,
  fakeTus,
  reloadPage,
  type TusScript,
  ticketAnswerer,
} from '../../test/outbox';
import { type FakeFeed, fakeFeed, ticketRow } from '../../test/sync-feed';
import { discardQueuedTicket, retryCommand, sendCommand } from './queued-tickets';
import {
  buildCreateTicketBody,
  CREATE_TICKET_PATH,
  type CreateTicketCommandBody,
  createTicketHandlerWith,
  queueTicket,
} from './ticket-outbox';
import { pause, resume, uploadLocalFile } from './upload-queue';

/** The createTicket handler with uploads through a fake tus server, pulling the server's feed. */
function handlerWith(tus: FakeTus, feed: FakeFeed = fakeFeed()) {
  return createTicketHandlerWith(
    (id, d) => uploadLocalFile(id, { db: d, createUpload: tus.create }),
    (d) => pullAfterWrite(d, feed.pull),
  );
}

/**
 * The API with its change feed: a ticket the server creates is in the feed from then on, also
 * when its answer is lost on the way back (the feed is the tickets table's only writer).
 */
function aServer() {
  const feed = fakeFeed();
  const answer = ticketAnswerer();
  const server = fakeApi((cmd) => {
    const created = answer(cmd);
    feed.put(ticketRow(created.data as TicketDto));
    return created;
  });
  return { server, feed };
}

/** A queued ticket with an ECU file and `common` additional files, and the pieces around it. */
async function aQueuedTicket(options: { common?: number; tus?: TusScript[]; clientId?: string } = {}) {
  const db = await anOutboxDb();
  const clientId = options.clientId ?? A_CLIENT_ID;
  const ids = ['ecu-1', ...Array.from({ length: options.common ?? 0 }, (_, i) => `common-${i + 1}`)];
  for (const id of ids) await aLocalTicketFile(db, id, id === 'ecu-1' ? 'ecu' : 'common', {}, clientId);
  const cmd = await queueTicket(aFinishedWizard(clientId), ids, db);
  const tus = fakeTus(options.tus ?? []);
  const { server, feed } = aServer();
  const flushOptions: FlushOptions = {
    send: server.send,
    handlers: aHandlerTable({ createTicket: handlerWith(tus, feed) }),
  };
  const flush = () => flushOutbox(db, flushOptions);
  return { db, cmd, tus, server, feed, flush, flushOptions };
}

async function status(db: PortalDb) {
  return {
    commands: await db.outbox.toArray(),
    files: await db.localFiles.toArray(),
    tickets: await db.tickets.toArray(),
  };
}

describe('the createTicket command as queued', () => {
  it('holds only the fields with a value and the files by their LocalFile ids, no clientId', () => {
    const body = buildCreateTicketBody(aFinishedWizard(), ['ecu-1', 'common-1']);
    expect(body).toEqual({
      ...A_VEHICLE,
      ecuId: undefined,
      stage: 'Stage 1',
      options: ['EGR OFF'],
      localFileIds: ['ecu-1', 'common-1'],
    });
    expect(Object.keys(body)).not.toContain('ecuId');
    expect(Object.keys(body)).not.toContain('notes');
    expect(Object.keys(body)).not.toContain('clientId');
  });

  it('takes the wizard’s clientId as its key: one key per ticket', async () => {
    const db = await anOutboxDb();
    const cmd = await queueTicket(aFinishedWizard(), ['ecu-1'], db);
    expect(await db.outbox.get(cmd.id!)).toMatchObject({
      kind: 'createTicket',
      method: 'POST',
      path: CREATE_TICKET_PATH,
      idempotencyKey: A_CLIENT_ID,
      status: 'pending',
    });
  });
});

describe('prepare and apply', () => {
  it('uploads the files that are not done, ECU file first, and names the uploads in the body it sends', async () => {
    const db = await anOutboxDb();
    await aLocalTicketFile(db, 'ecu-1', 'ecu');
    await aLocalTicketFile(db, 'common-1', 'common', { status: 'done', uploadId: 'alreadyUploaded123' });
    await aLocalTicketFile(db, 'common-2', 'common');
    const uploaded: string[] = [];
    const handler = createTicketHandlerWith(async (id, d) => {
      const row = await d.localFiles.get(id);
      if (row?.uploadId) return row.uploadId;
      uploaded.push(id);
      return `up-${id}`;
    });
    const command = await queueTicket(aFinishedWizard(), ['common-1', 'ecu-1', 'common-2'], db);
    const ready = await handler.prepare({ db, command });
    expect(uploaded).toEqual(['ecu-1', 'common-2']);
    expect(ready).toEqual({
      kind: 'ready',
      body: {
        ...A_VEHICLE,
        ecuId: undefined,
        stage: 'Stage 1',
        options: ['EGR OFF'],
        ecuFileUploadId: 'up-ecu-1',
        commonFileUploadIds: ['alreadyUploaded123', 'up-common-2'],
      },
      prepared: { localFileIds: ['common-1', 'ecu-1', 'common-2'] },
    });
  });

  it('fails a command whose files are gone from this device, or that has no ECU file', async () => {
    const db = await anOutboxDb();
    const handler = handlerWith(fakeTus());
    const gone = await queueTicket(aFinishedWizard(), ['missing'], db);
    expect(await handler.prepare({ db, command: gone })).toEqual({
      kind: 'failed',
      message: 'A file of this ticket is no longer on this device. Please submit it again.',
    });
    await aLocalTicketFile(db, 'log', 'common');
    const noEcu = await queueTicket(aFinishedWizard(), ['log'], db);
    expect(await handler.prepare({ db, command: noEcu })).toEqual({
      kind: 'failed',
      message: 'Please upload a ecu-file',
    });
  });

  it('drops every file of the ticket and pulls the feed, which brings the created ticket', async () => {
    const db = await anOutboxDb();
    await aLocalTicketFile(db, 'ecu-1', 'ecu');
    await aLocalTicketFile(db, 'left-over', 'common');
    await aLocalTicketFile(db, 'other', 'ecu', {}, 'another-ticket');
    const command = await queueTicket(aFinishedWizard(), ['ecu-1'], db);
    const created = { _id: 't-9', ticketNumber: 100009 } as TicketDto;
    const feed = fakeFeed(ticketRow(created));
    const done = await handlerWith(fakeTus(), feed).apply(
      { db, command, prepared: { localFileIds: ['ecu-1'] } },
      // The answer's ticket is not what lands: a row differing from the feed's shows which wrote it.
      { message: '', data: { ...created, make: 'only-in-the-answer' } },
    );
    expect(done).toEqual({ kind: 'done', message: 'ECU file submitted successfully' });
    expect(feed.asked).toEqual(['0']);
    expect(await db.tickets.toArray()).toEqual([created]);
    expect((await db.localFiles.toArray()).map((f) => f.id)).toEqual(['other']);
  });

  it('is done when the pull after it fails (offline): the ticket comes with the next sync', async () => {
    const db = await anOutboxDb();
    await aLocalTicketFile(db, 'ecu-1', 'ecu');
    const command = await queueTicket(aFinishedWizard(), ['ecu-1'], db);
    const handler = createTicketHandlerWith(
      async () => 'up',
      (d) =>
        pullAfterWrite(d, async () => {
          throw new NetworkError();
        }),
    );
    const done = await handler.apply(
      { db, command, prepared: { localFileIds: ['ecu-1'] } },
      { message: 'Created', data: { _id: 't-9', ticketNumber: 100009 } as TicketDto },
    );
    expect(done).toEqual({ kind: 'done', message: 'Created' });
    expect(await db.tickets.count()).toBe(0);
    expect(await db.localFiles.count()).toBe(0);
  });
});

describe('createTicket through the outbox', () => {
  it('creates the ticket once, with the files’ upload ids, and cleans up', async () => {
    const t = await aQueuedTicket({ common: 2 });
    const result = await t.flush();
    expect(result).toMatchObject({ sent: 1, interrupted: false });
    expect(result.confirmed.map((c) => c.message)).toEqual(['ECU file submitted successfully']);
    expect(t.tus.started.map((o) => o.metadata)).toEqual([
      { filename: 'ecu-1.bin', purpose: 'ecu' },
      { filename: 'common-1.bin', purpose: 'common' },
      { filename: 'common-2.bin', purpose: 'common' },
    ]);
    expect(t.server.ran).toHaveLength(1);
    const sent = t.server.ran[0]!;
    expect(sent.idempotencyKey).toBe(A_CLIENT_ID);
    expect(sent.body).toMatchObject({
      registration: 'AB12 CDE',
      ecuFileUploadId: expect.stringMatching(/^Up0/),
      commonFileUploadIds: [expect.stringMatching(/^Up1/), expect.stringMatching(/^Up2/)],
    });
    expect(sent.body).not.toHaveProperty('localFileIds');
    expect(sent.body).not.toHaveProperty('clientId');
    expect(await status(t.db)).toMatchObject({
      commands: [],
      files: [],
      tickets: [{ ticketNumber: 100001, registration: 'AB12 CDE' }],
    });
  });

  describe('offline', () => {
    it('keeps the command and its files when an upload gets no answer, then goes on from there', async () => {
      const t = await aQueuedTicket({ common: 1, tus: [{ kind: 'success' }, { kind: 'network' }] });
      expect(await t.flush()).toMatchObject({ sent: 0, interrupted: true, waitingFor: 'network' });
      const waiting = await status(t.db);
      expect(waiting.commands).toMatchObject([{ idempotencyKey: A_CLIENT_ID, status: 'pending' }]);
      expect(waiting.files.map((f) => [f.id, f.status])).toEqual([
        ['common-1', 'queued'],
        ['ecu-1', 'done'],
      ]);
      expect(t.server.requests).toEqual([]);

      expect(await t.flush()).toMatchObject({ sent: 1 });
      // The ECU file was not sent again; only the one that had failed.
      expect(t.tus.started.map((o) => o.metadata?.filename)).toEqual([
        'ecu-1.bin',
        'common-1.bin',
        'common-1.bin',
      ]);
      expect(t.server.ran).toHaveLength(1);
      expect((await status(t.db)).tickets).toHaveLength(1);
    });

    it('keeps the command under the same key when the create request gets no answer', async () => {
      const t = await aQueuedTicket();
      t.server.failNext('network-before');
      expect(await t.flush()).toMatchObject({ sent: 0, waitingFor: 'network' });
      expect((await status(t.db)).commands).toMatchObject([
        { idempotencyKey: A_CLIENT_ID, status: 'pending' },
      ]);
      expect(await t.flush()).toMatchObject({ sent: 1 });
      expect(t.server.requests.map((r) => r.idempotencyKey)).toEqual([A_CLIENT_ID, A_CLIENT_ID]);
      expect(t.tus.started).toHaveLength(1);
      expect(t.server.ran).toHaveLength(1);
    });

    it('creates one ticket when the answer was lost and the command is sent again', async () => {
      const t = await aQueuedTicket();
      t.server.failNext('network-after');
      await t.flush();
      expect(t.server.ran).toHaveLength(1);
      expect((await status(t.db)).tickets).toEqual([]);
      await t.flush();
      expect(t.server.ran).toHaveLength(1);
      expect(t.server.requests).toHaveLength(2);
      expect(await status(t.db)).toMatchObject({
        commands: [],
        files: [],
        tickets: [{ ticketNumber: 100001 }],
      });
    });
  });

  describe('refused by the server', () => {
    it('fails the command with the server’s message when create-ecuFile refuses it, keeping its files', async () => {
      const t = await aQueuedTicket();
      t.server.failNext({ status: 400, message: 'Please select a transmission' });
      const result = await t.flush();
      expect(result.failed.map((c) => c.error)).toEqual(['Please select a transmission']);
      const after = await status(t.db);
      expect(after.commands).toMatchObject([{ status: 'failed', error: 'Please select a transmission' }]);
      expect(after.files).toMatchObject([{ id: 'ecu-1', status: 'done' }]);
      expect(after.tickets).toEqual([]);
    });

    it('fails the command with tus’s text when a file is refused, and Retry sends it again under the same key', async () => {
      const t = await aQueuedTicket({
        tus: [{ kind: 'status', status: 413, body: 'File size should be less than 20.00 MB.' }],
      });
      const result = await t.flush();
      expect(result.failed.map((c) => c.error)).toEqual(['File size should be less than 20.00 MB.']);
      expect(await t.db.localFiles.get('ecu-1')).toMatchObject({
        status: 'failed',
        error: 'File size should be less than 20.00 MB.',
      });
      expect(t.server.requests).toEqual([]);

      await retryCommand(t.cmd.id!, t.db);
      expect(await t.db.localFiles.get('ecu-1')).toMatchObject({ status: 'queued' });
      expect(await t.flush()).toMatchObject({ sent: 1 });
      expect(t.server.ran.map((c) => c.idempotencyKey)).toEqual([A_CLIENT_ID]);
    });

    it('says "failed" with the message through sendCommand, for the screen’s toast', async () => {
      const t = await aQueuedTicket();
      t.server.failNext({ status: 403, message: 'Verify your email address first' });
      expect(await sendCommand(t.cmd.id!, t.db, t.flushOptions)).toEqual({
        kind: 'failed',
        message: 'Verify your email address first',
      });
    });
  });

  describe('retry later', () => {
    it.each([
      [503, 'server'],
      [500, 'server'],
      [429, 'server'],
      [401, 'server'],
    ] as const)(
      'keeps the command on a %i from create-ecuFile and creates it once later',
      async (code, waitingFor) => {
        const t = await aQueuedTicket();
        t.server.failNext({ status: code, message: 'Not now' });
        expect(await t.flush()).toMatchObject({ sent: 0, interrupted: true, waitingFor });
        expect(await sendCommand(t.cmd.id!, t.db, t.flushOptions)).toEqual({
          kind: 'created',
          message: 'ECU file submitted successfully',
        });
        expect(t.server.ran).toHaveLength(1);
        expect(t.tus.started).toHaveLength(1);
        expect((await status(t.db)).tickets).toHaveLength(1);
      },
    );

    it('keeps the command when tus answers 503 or 423, then uploads and creates', async () => {
      const t = await aQueuedTicket({
        tus: [
          { kind: 'status', status: 503, body: '' },
          { kind: 'status', status: 423, body: '' },
        ],
      });
      expect(await t.flush()).toMatchObject({ interrupted: true, waitingFor: 'server' });
      expect(await t.db.localFiles.get('ecu-1')).toMatchObject({ status: 'queued' });
      expect(await t.flush()).toMatchObject({ interrupted: true, waitingFor: 'server' });
      expect(await t.flush()).toMatchObject({ sent: 1 });
      expect(t.server.ran).toHaveLength(1);
    });

    it('tells the screen it is queued, and whether it waits for the network or the server', async () => {
      const t = await aQueuedTicket();
      t.server.failNext('network-before');
      expect(await sendCommand(t.cmd.id!, t.db, t.flushOptions)).toEqual({
        kind: 'queued',
        waitingFor: 'network',
      });
      t.server.failNext({ status: 502 });
      expect(await sendCommand(t.cmd.id!, t.db, t.flushOptions)).toEqual({
        kind: 'queued',
        waitingFor: 'server',
      });
    });
  });

  describe('paused', () => {
    it('waits while a file is paused (not failed, same key), and resumes from the server’s offset', async () => {
      const t = await aQueuedTicket({ tus: [{ kind: 'hang' }] });
      const running = t.flush();
      await expect.poll(async () => (await t.db.localFiles.get('ecu-1'))?.uploadUrl).toBeTruthy();
      await pause('ecu-1', t.db);
      expect(await running).toMatchObject({ sent: 0, interrupted: true, waitingFor: 'paused' });
      expect((await status(t.db)).commands).toMatchObject([
        { status: 'pending', idempotencyKey: A_CLIENT_ID },
      ]);
      expect(await sendCommand(t.cmd.id!, t.db, t.flushOptions)).toEqual({ kind: 'paused' });
      expect(t.tus.started).toHaveLength(1);

      const savedUrl = (await t.db.localFiles.get('ecu-1'))?.uploadUrl;
      await resume('ecu-1', t.db);
      expect(await sendCommand(t.cmd.id!, t.db, t.flushOptions)).toMatchObject({ kind: 'created' });
      expect(t.tus.started[1]?.uploadUrl).toBe(savedUrl);
      expect(t.server.ran).toHaveLength(1);
    });

    it('drops a ticket discarded during its upload: nothing is sent, and the next command goes', async () => {
      const t = await aQueuedTicket({ tus: [{ kind: 'hang' }] });
      const profile = await enqueue(
        { kind: 'updateProfile', method: 'PUT', path: '/auth/updateProfile' },
        { city: 'York' },
        { db: t.db },
      );
      const running = t.flush();
      await expect.poll(async () => (await t.db.localFiles.get('ecu-1'))?.uploadUrl).toBeTruthy();
      await discardQueuedTicket(t.cmd.id!, t.db);
      await running;
      expect(await t.flush()).toMatchObject({ sent: 1 });
      expect(t.server.ran.map((c) => c.idempotencyKey)).toEqual([profile.idempotencyKey]);
      expect(await status(t.db)).toMatchObject({ commands: [], files: [], tickets: [] });
      expect(t.tus.aborts()).toBe(1);
    });
  });

  describe('a crash between prepare and apply', () => {
    /**
     * A page of its own on the test's database: fresh modules, the same server and tus. A page
     * whose flush never ends is closed by opening the next one.
     */
    async function openPage(t: Awaited<ReturnType<typeof aQueuedTicket>>) {
      const page = await reloadPage(t.db.name);
      const fresh = await import('./ticket-outbox');
      const freshUpload = await import('./upload-queue');
      const freshSync = await import('../../local/sync-engine');
      t.server.throwErrorsOf(page.errors);
      const handler = fresh.createTicketHandlerWith(
        (id, d) => freshUpload.uploadLocalFile(id, { db: d, createUpload: t.tus.create }),
        (d) => freshSync.pullAfterWrite(d, t.feed.pull),
      );
      const flush = () =>
        page.outbox.flushOutbox(page.db, {
          send: t.server.send,
          handlers: aHandlerTable({ createTicket: handler }),
        });
      return { db: page.db, flush };
    }

    /** The first page prepares (uploads), then closes at the given point. */
    async function firstPageCloses(at: 'crash-before' | 'crash-after') {
      const t = await aQueuedTicket({ common: 1 });
      t.server.failNext(at);
      void (await openPage(t)).flush();
      await expect.poll(() => t.server.requests.length).toBe(1);
      return t;
    }

    async function reopen(t: Awaited<ReturnType<typeof aQueuedTicket>>) {
      const page = await openPage(t);
      return { result: await page.flush(), db: page.db };
    }

    it('after the uploads, before the request went out: the replay uploads nothing again and creates once', async () => {
      const t = await firstPageCloses('crash-before');
      expect(t.tus.started).toHaveLength(2);
      expect(t.server.ran).toEqual([]);
      expect((await t.db.localFiles.toArray()).map((f) => f.status)).toEqual(['done', 'done']);

      const { result, db } = await reopen(t);
      expect(result).toMatchObject({ sent: 1, interrupted: false });
      expect(t.tus.started).toHaveLength(2);
      expect(t.server.ran).toHaveLength(1);
      expect(t.server.ran[0]?.body).toMatchObject({
        ecuFileUploadId: expect.stringMatching(/^Up0/),
        commonFileUploadIds: [expect.stringMatching(/^Up1/)],
      });
      expect(await status(db)).toMatchObject({
        commands: [],
        files: [],
        tickets: [{ ticketNumber: 100001 }],
      });
    });

    it('after the server created the ticket, before its answer landed: the replay is the same ticket, applied once', async () => {
      const t = await firstPageCloses('crash-after');
      expect(t.server.ran).toHaveLength(1);
      expect((await status(t.db)).tickets).toEqual([]);

      const { result, db } = await reopen(t);
      expect(result).toMatchObject({ sent: 1 });
      expect(t.server.ran).toHaveLength(1);
      expect(t.server.requests.map((r) => r.idempotencyKey)).toEqual([A_CLIENT_ID, A_CLIENT_ID]);
      expect(t.tus.started).toHaveLength(2);
      expect(await status(db)).toMatchObject({
        commands: [],
        files: [],
        tickets: [{ ticketNumber: 100001 }],
      });
    });

    it('in the middle of the uploads: the replay resumes the unfinished file and skips the finished one', async () => {
      const t = await aQueuedTicket({ common: 1, tus: [{ kind: 'success' }, { kind: 'hang' }] });
      void (await openPage(t)).flush();
      await expect.poll(async () => (await t.db.localFiles.get('common-1'))?.uploadUrl).toBeTruthy();
      const savedUrl = (await t.db.localFiles.get('common-1'))?.uploadUrl;

      const { result, db } = await reopen(t);
      expect(result).toMatchObject({ sent: 1 });
      expect(t.tus.started.map((o) => o.metadata?.filename)).toEqual([
        'ecu-1.bin',
        'common-1.bin',
        'common-1.bin',
      ]);
      expect(t.tus.started[2]?.uploadUrl).toBe(savedUrl);
      expect(t.server.ran).toHaveLength(1);
      expect((await status(db)).tickets).toHaveLength(1);
    });
  });

  it('sends a command queued by an earlier version under its clientId, which becomes its key', async () => {
    const db = await anOutboxDb();
    await aLocalTicketFile(db, 'ecu-1', 'ecu');
    const legacy: OutboxCommand<CreateTicketCommandBody> = {
      kind: 'createTicket',
      method: 'POST',
      path: CREATE_TICKET_PATH,
      idempotencyKey: 'a-random-key-no-server-saw',
      body: { ...buildCreateTicketBody(aFinishedWizard(), ['ecu-1']), clientId: A_CLIENT_ID },
      status: 'pending',
      attempts: 0,
      createdAt: 0,
    };
    await db.outbox.add(legacy);
    const { server, feed } = aServer();
    const handlers = aHandlerTable({ createTicket: handlerWith(fakeTus(), feed) });
    expect(await flushOutbox(db, { send: server.send, handlers })).toMatchObject({ sent: 1 });
    expect(server.ran[0]?.idempotencyKey).toBe(A_CLIENT_ID);
    expect(server.ran[0]?.body).not.toHaveProperty('clientId');
    expect(await status(db)).toMatchObject({ commands: [], files: [], tickets: [{ ticketNumber: 100001 }] });
  });
});
