import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TicketDto } from '@ecu/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../db/client';
import { storedBlobs, ticketFiles } from '../db/schema';
import { pruneTables } from '../platform/prune';
import { adminUser, type TestUser, verifiedUser } from '../test/factories';
import { describeOnPostgres } from '../test/test-db';
import { startTestServer, type TestServer } from '../test/test-server';
import {
  download,
  fileBytes,
  setStatus,
  sha256,
  submitTicket,
  uploadTunedMultipart,
} from '../test/ticket-helpers';
import { deleteTickets, removeUnreferencedFiles, shareStoredBytes } from './stored-files';

let server: TestServer;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  [owner, other, admin] = await Promise.all([verifiedUser(server), verifiedUser(server), adminUser(server)]);
});
afterAll(async () => {
  await server?.close();
});

/** Every stored file under DATA_DIR (tus's .json records aside). */
async function storedFiles(): Promise<string[]> {
  const found: string[] = [];
  for (const dir of ['files', 'uploads']) {
    const names = await readdir(path.join(server.config.dataDir, dir)).catch(() => [] as string[]);
    found.push(...names.filter((n) => !n.endsWith('.json')).map((n) => `${dir}/${n}`));
  }
  return found.sort();
}

async function storageKeysOf(ticketId: string) {
  const rows = await server.deps.db
    .select({ kind: ticketFiles.kind, storageKey: ticketFiles.storageKey })
    .from(ticketFiles)
    .where(eq(ticketFiles.ticketId, ticketId));
  return Object.fromEntries(rows.map((r) => [r.kind, r.storageKey])) as Record<'ecu' | 'tuned', string>;
}

/** A delivered ticket of `who` (tuned file, Completed) and the revision requested on it. */
async function deliveredWithRevision(who: TestUser) {
  const ecuBytes = fileBytes(4096);
  const tunedBytes = fileBytes(3000);
  const parent = await submitTicket(who.client, { ecuBytes });
  const tuned = await uploadTunedMultipart(admin.client, parent.ticket.ticketNumber, {
    bytes: tunedBytes,
    name: 'tuned.bin',
  });
  expect(tuned.status).toBe(200);
  await setStatus(admin.client, parent.ticket._id, 'Completed');
  const before = await storedFiles();
  const res = await who.client.post<TicketDto>('/api/ecuFile/request-change', {
    parentTicketNumber: parent.ticket.ticketNumber,
    stage: 'Eco',
    options: ['DTC OFF'],
  });
  expect(res.status, res.text).toBe(201);
  return { parent: parent.ticket, revision: res.body.data, ecuBytes, tunedBytes, before };
}

async function downloadSha(client: TestUser['client'], ticketNumber: number): Promise<string> {
  const details = await client.get<TicketDto>(`/api/ecuFile/getTicketDetails/${ticketNumber}`);
  const file = await download(client, details.body.data.ecuFile!.url);
  expect(file.status).toBe(200);
  return sha256(file.bytes);
}

describe('shared stored bytes', () => {
  it('a revision and a reused tuned file add no stored bytes', async () => {
    const { parent, revision, ecuBytes, tunedBytes, before } = await deliveredWithRevision(owner);
    expect(await storedFiles()).toEqual(before);
    expect(revision.ecuFile!.sha256).toBe(sha256(ecuBytes));
    expect(await downloadSha(owner.client, revision.ticketNumber)).toBe(sha256(ecuBytes));
    expect((await storageKeysOf(revision._id)).ecu).toBe((await storageKeysOf(parent._id)).ecu);

    // Another customer's ticket with the same read: the admin reuses the tuned file.
    const same = await submitTicket(other.client, { ecuBytes });
    const withSame = await storedFiles();
    const reused = await admin.client.post<TicketDto>('/api/admin/reuseTunedFile', {
      ticketNumber: same.ticket.ticketNumber,
      fromTicketNumber: parent.ticketNumber,
    });
    expect(reused.status, reused.text).toBe(200);
    expect(await storedFiles()).toEqual(withSame);
    expect((await storageKeysOf(same.ticket._id)).tuned).toBe((await storageKeysOf(parent._id)).tuned);
    const tuned = await download(admin.client, reused.body.data.ecuTunedFile!.url);
    expect(tuned.status).toBe(200);
    expect(sha256(tuned.bytes)).toBe(sha256(tunedBytes));
  });

  it('deleting the parent leaves the revision its file; deleting both removes the bytes', async () => {
    const { parent, revision, ecuBytes } = await deliveredWithRevision(owner);
    const keys = await storageKeysOf(parent._id);
    await deleteTickets(server.deps, [parent._id]);
    const left = await storedFiles();
    expect(left).toContain(keys.ecu);
    // Nothing else referred to the parent's tuned file.
    expect(left).not.toContain(keys.tuned);
    expect(await downloadSha(owner.client, revision.ticketNumber)).toBe(sha256(ecuBytes));

    await deleteTickets(server.deps, [revision._id]);
    expect(await storedFiles()).not.toContain(keys.ecu);
    const blobs = await server.deps.db
      .select()
      .from(storedBlobs)
      .where(inArray(storedBlobs.storageKey, [keys.ecu, keys.tuned]));
    expect(blobs).toEqual([]);
  });

  it('the prune removes stored bytes only once no ticket file refers to them', async () => {
    const { parent, revision, ecuBytes } = await deliveredWithRevision(owner);
    const keys = await storageKeysOf(parent._id);
    // A delete path that removed the rows but not the bytes (it stopped before): the prune finishes it.
    await server.deps.db.execute(sql`delete from tickets where id = ${parent._id}`);
    expect(await storedFiles()).toContain(keys.tuned);
    const first = await pruneTables(server.deps);
    expect(first?.files).toBeGreaterThanOrEqual(1);
    expect(await storedFiles()).not.toContain(keys.tuned);
    expect(await storedFiles()).toContain(keys.ecu);
    expect(await downloadSha(owner.client, revision.ticketNumber)).toBe(sha256(ecuBytes));

    await server.deps.db.execute(sql`delete from tickets where id = ${revision._id}`);
    await pruneTables(server.deps);
    expect(await storedFiles()).not.toContain(keys.ecu);
  });

  it('removeUnreferencedFiles leaves bytes that a ticket file names, and keys it was not given', async () => {
    const { parent } = await deliveredWithRevision(owner);
    const keys = await storageKeysOf(parent._id);
    expect(await removeUnreferencedFiles(server.deps, [keys.ecu, keys.tuned])).toBe(0);
    expect(await storedFiles()).toEqual(expect.arrayContaining([keys.ecu, keys.tuned]));
  });
});

describe('files stored before the shared-bytes migration', () => {
  it('become blobs of their own through its backfill, removed once their ticket is gone', async () => {
    const { parent, revision } = await deliveredWithRevision(owner);
    const keys = await storageKeysOf(parent._id);
    const files = await server.deps.db
      .select()
      .from(ticketFiles)
      .where(inArray(ticketFiles.ticketId, [parent._id, revision._id]));
    // As before the migration: files with no blob rows. Then the migration's own backfill.
    await server.deps.db.delete(storedBlobs).where(inArray(storedBlobs.storageKey, [keys.ecu, keys.tuned]));
    const migration = await readFile(path.join(MIGRATIONS_DIR, '0011_shared_stored_bytes.sql'), 'utf8');
    const backfill = migration
      .split('--> statement-breakpoint')
      .find((statement) => statement.includes('INSERT INTO "stored_blobs"'));
    expect(backfill).toBeDefined();
    await server.deps.db.execute(sql.raw(backfill!));

    const blobs = await server.deps.db
      .select({ storageKey: storedBlobs.storageKey, sha256: storedBlobs.sha256, size: storedBlobs.size })
      .from(storedBlobs)
      .where(inArray(storedBlobs.storageKey, [keys.ecu, keys.tuned]))
      .orderBy(storedBlobs.storageKey);
    const expected = [keys.ecu, keys.tuned].sort().map((key) => {
      const file = files.find((f) => f.storageKey === key)!;
      return { storageKey: key, sha256: file.sha256, size: file.size };
    });
    expect(blobs).toEqual(expected);

    await deleteTickets(server.deps, [parent._id, revision._id]);
    const left = await storedFiles();
    expect(left).not.toContain(keys.ecu);
    expect(left).not.toContain(keys.tuned);
  });
});

describeOnPostgres('a sweep while bytes are being shared', () => {
  it('skips bytes that a transaction is sharing, and they stay once the share is committed', async () => {
    const { parent } = await deliveredWithRevision(owner);
    const [tuned] = await server.deps.db
      .delete(ticketFiles)
      .where(and(eq(ticketFiles.ticketId, parent._id), eq(ticketFiles.kind, 'tuned')))
      .returning();
    // Nothing names the tuned bytes now; a transaction takes a share, and a sweep runs meanwhile.
    const removed = await server.deps.db.transaction(async (tx) => {
      await shareStoredBytes(tx, tuned!);
      const during = await removeUnreferencedFiles(server.deps, [tuned!.storageKey]);
      await tx.insert(ticketFiles).values({ ...tuned!, id: undefined });
      return during;
    });
    expect(removed).toBe(0);
    expect(await removeUnreferencedFiles(server.deps, [tuned!.storageKey])).toBe(0);
    expect(await storedFiles()).toContain(tuned!.storageKey);
  });
});
