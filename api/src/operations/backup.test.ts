import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3';
import postgres from 'postgres';
import { extract as tarExtract } from 'tar-stream';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { createPglite } from '../db/pglite';
import { s3ClientConfig } from '../platform/s3-file-storage';
import { chatClient, eventually, indexedMessage } from '../test/chat-helpers';
import { buyCredits } from '../test/credits-helpers';
import { adminUser, verifiedUser } from '../test/factories';
import { runCli } from '../test/run-cli';
import { startTestS3 } from '../test/s3-server';
import { newPostgresDatabase } from '../test/test-db';
import { startTestServer } from '../test/test-server';
import { sha256, submitTicket } from '../test/ticket-helpers';

const source = inject('testDb');
const scratch = await mkdtemp(path.join(os.tmpdir(), 'ecu-backup-test-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await rm(scratch, { recursive: true, force: true });
});

const AUTH_SECRET = 'a-test-secret-of-at-least-32-characters!';

/** A new DATA_DIR (empty) in the test's scratch folder. */
async function dataDir(tag: string): Promise<string> {
  return mkdtemp(path.join(scratch, `${tag}-`));
}

/**
 * The portal's database as a real start finds it: PGlite in DATA_DIR/pglite (migrated, from
 * global setup's dump), or a migrated PostgreSQL database of this test's own.
 */
async function portalDatabase(dir: string): Promise<{ database: Database; url: string | undefined }> {
  if (source.kind === 'pglite') {
    const seeded = createPglite(path.join(dir, 'pglite'), {
      loadDataDir: new Blob([await readFile(source.dumpFile)]),
    });
    await seeded.close();
    const database = await openDatabase(
      { kind: 'pglite', dataDir: path.join(dir, 'pglite') },
      { migrate: false },
    );
    return { database, url: undefined };
  }
  const clone = await newPostgresDatabase(source);
  cleanups.push(clone.drop);
  const database = await openDatabase({ kind: 'postgres', url: clone.url, max: 5 }, { migrate: false });
  return { database, url: clone.url };
}

/** An empty database for a restore: PGlite's lives in the (empty) DATA_DIR. */
async function emptyDatabaseUrl(): Promise<string | undefined> {
  if (source.kind === 'pglite') return undefined;
  const empty = await newPostgresDatabase(source, { empty: true });
  cleanups.push(empty.drop);
  return empty.url;
}

/** The CLI's environment, as the operator's shell would give it. */
function cliEnv(dir: string, url: string | undefined): Record<string, string> {
  return { DATA_DIR: dir, ...(url ? { DATABASE_URL: url, AUTH_SECRET } : {}) };
}

type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** Every row of every table of every schema (the job queue's too), and every sequence's value. */
async function databaseContents(query: Query): Promise<Record<string, string[]>> {
  const tables = await query(`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
    order by 1, 2`);
  const contents: Record<string, string[]> = {};
  for (const { schema, name } of tables) {
    const rows = await query(`select to_jsonb(t)::text as row from "${schema}"."${name}" t order by 1`);
    contents[`${schema}.${name}`] = rows.map((r) => String(r.row));
  }
  const sequences = await query(
    'select schemaname, sequencename, last_value::text from pg_sequences order by 1, 2',
  );
  contents['(sequences)'] = sequences.map((s) => JSON.stringify(s));
  return contents;
}

async function contentsOf(dir: string, url: string | undefined): Promise<Record<string, string[]>> {
  if (url) {
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      return await databaseContents((text) => sql.unsafe(text));
    } finally {
      await sql.end();
    }
  }
  const client = createPglite(path.join(dir, 'pglite'));
  try {
    return await databaseContents(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
  } finally {
    await client.close();
  }
}

/** DATA_DIR's files but PGlite's and the archives', by path, as SHA-256. */
async function filesOf(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    const relative = path.relative(dir, file);
    if (!entry.isFile() || /^(pglite|backups)\//.test(relative)) continue;
    files[relative] = createHash('sha256')
      .update(await readFile(file))
      .digest('hex');
  }
  return files;
}

/** Every table and sequence of the restored database equals the backed-up one's, rows and all. */
async function expectSameDatabase(
  from: { dir: string; url: string | undefined },
  to: { dir: string; url: string | undefined },
): Promise<Record<string, string[]>> {
  const before = await contentsOf(from.dir, from.url);
  const after = await contentsOf(to.dir, to.url);
  expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
  for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
  return before;
}

/** An entry of the archive, parsed as JSON. */
async function archivedJson(archive: string, name: string): Promise<unknown> {
  const extract = tarExtract();
  const fed = pipeline(createReadStream(archive), createGunzip(), extract);
  let found: unknown;
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    if (entry.header.name === name) found = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  }
  await fed;
  return found;
}

describe(`pnpm backup and pnpm restore (${source.kind})`, () => {
  it('restore an archive into an empty target with every row and every file as they were', async () => {
    const sourceDir = await dataDir('source');
    const { database, url } = await portalDatabase(sourceDir);
    const server = await startTestServer({ database, env: { DATA_DIR: sourceDir } });
    let ecuSha256: string;
    try {
      // Users, a ticket with its files, credits bought, and a chat message: through the API.
      const tuner = await verifiedUser(server);
      const admin = await adminUser(server);
      await buyCredits(tuner.client, '2credits');
      const { ticket, ecuBytes } = await submitTicket(tuner.client, {
        ecuSize: 70_000,
        commonSizes: [3_000],
      });
      ecuSha256 = sha256(ecuBytes);
      const chat = chatClient(server.url, admin.client, admin.user._id, ticket.ticketNumber);
      try {
        await chat.until(() => chat.provider.synced);
        const message = chat.send('Your file is on the bench.');
        await eventually(async () => Boolean(await indexedMessage(server.deps.db, ticket._id, message.id)));
      } finally {
        chat.destroy();
      }
      if (source.kind === 'pglite') {
        // PGlite is the running server's own: a backup then would not be consistent.
        const refused = await runCli('src/operations/backup-cli.ts', [path.join(scratch, 'early.tar.gz')], {
          DATA_DIR: sourceDir,
        });
        expect(refused.code, refused.stderr).toBe(2);
        expect(refused.stderr).toContain('is in use: stop the server first');
      }
    } finally {
      await server.close();
      await database.close();
    }

    // Kept in DATA_DIR/backups, as in the image (whose one volume is DATA_DIR): never archived.
    const archive = path.join(sourceDir, 'backups', 'portal.tar.gz');
    const backup = await runCli('src/operations/backup-cli.ts', [archive], cliEnv(sourceDir, url));
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(`Backup written to ${archive}`);

    // The new DATA_DIR holds the archive alone, in backups/: empty for a restore.
    const targetDir = await dataDir('target');
    const copied = path.join(targetDir, 'backups', 'portal.tar.gz');
    await mkdir(path.dirname(copied));
    await copyFile(archive, copied);
    const targetUrl = await emptyDatabaseUrl();
    const restore = await runCli('src/operations/restore-cli.ts', [copied], cliEnv(targetDir, targetUrl));
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain('Restored:');

    const before = await expectSameDatabase({ dir: sourceDir, url }, { dir: targetDir, url: targetUrl });
    // What was made above is there to compare (the comparison cannot pass on empty tables).
    expect(before['public.users']?.length).toBeGreaterThanOrEqual(2);
    // The job queue's schema travels too (docs/decisions/070-durable-jobs.md).
    expect(Object.keys(before).filter((t) => t.startsWith('pgboss.')).length).toBeGreaterThan(0);
    expect(before['public.chat_messages']?.length).toBeGreaterThanOrEqual(1);
    expect(before['public.credit_ledger']?.length).toBeGreaterThan(0);
    expect(before['public.ticket_files']?.length).toBeGreaterThan(0);

    const sourceFiles = await filesOf(sourceDir);
    expect(Object.values(sourceFiles)).toContain(ecuSha256);
    expect(await filesOf(targetDir)).toEqual(sourceFiles);

    // A second restore finds its target taken, and says so.
    const again = await runCli('src/operations/restore-cli.ts', [archive], cliEnv(targetDir, targetUrl));
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/DATA_DIR .* is not empty .*: a restore goes into an empty DATA_DIR only/);
    if (targetUrl) {
      const intoUsedDatabase = await runCli(
        'src/operations/restore-cli.ts',
        [archive],
        cliEnv(await dataDir('empty'), targetUrl),
      );
      expect(intoUsedDatabase.code).toBe(2);
      expect(intoUsedDatabase.stderr).toContain('The database of DATABASE_URL is not empty');
    }
  }, 300_000);

  it("on S3 lists the bucket's objects with their SHA-256, and a restore names those the bucket lacks", async () => {
    const s3 = await startTestS3();
    cleanups.push(s3.close);
    const sourceDir = await dataDir('s3-source');
    const { database, url } = await portalDatabase(sourceDir);
    const server = await startTestServer({ database, env: { DATA_DIR: sourceDir, ...s3.env } });
    let ecuSha256: string;
    try {
      const tuner = await verifiedUser(server);
      ecuSha256 = sha256((await submitTicket(tuner.client, { ecuSize: 20_000 })).ecuBytes);
    } finally {
      await server.close();
      await database.close();
    }

    const archive = path.join(scratch, 's3.tar.gz');
    const backup = await runCli('src/operations/backup-cli.ts', [archive], {
      ...cliEnv(sourceDir, url),
      ...s3.env,
    });
    expect(backup.code, backup.stderr).toBe(0);
    const list = (await archivedJson(archive, 'files.json')) as {
      objects: { key: string; sha256: string }[];
    };
    const ecuObject = list.objects.find((o) => o.sha256 === ecuSha256);
    expect(ecuObject).toBeDefined();
    // The archive holds the listing, not the objects: none of the ECU file's bytes under data/.
    expect(Object.values(await filesOf(sourceDir))).not.toContain(ecuSha256);

    // The bucket loses an object; the restore goes on and says which.
    const client = new S3Client(s3ClientConfig(s3.settings));
    await client.send(new DeleteObjectCommand({ Bucket: s3.settings.bucket, Key: ecuObject?.key }));
    client.destroy();
    const targetDir = await dataDir('s3-target');
    const targetUrl = await emptyDatabaseUrl();
    const restore = await runCli('src/operations/restore-cli.ts', [archive], {
      ...cliEnv(targetDir, targetUrl),
      ...s3.env,
    });
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stderr).toContain(
      `The bucket lacks 1 listed object(s) or holds other bytes (e.g. ${ecuObject?.key})`,
    );
    await expectSameDatabase({ dir: sourceDir, url }, { dir: targetDir, url: targetUrl });
    expect(await filesOf(targetDir)).toEqual(await filesOf(sourceDir));

    // Without S3_*, the archive is refused: its files are in the bucket, not in it.
    const local = await runCli(
      'src/operations/restore-cli.ts',
      [archive],
      cliEnv(await dataDir('x'), await emptyDatabaseUrl()),
    );
    expect(local.code).toBe(2);
    expect(local.stderr).toContain("This backup's files are in S3");
  }, 300_000);
});
