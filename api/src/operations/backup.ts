// `pnpm backup` and `pnpm restore` (docs/decisions/073-backup-and-restore.md): one archive with
// the database and DATA_DIR's files (on S3, a listing of the bucket's objects), restored into an
// empty DATA_DIR and an empty database only.
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { extract as tarExtract, pack as tarPack } from 'tar-stream';
import type { Config } from '../config';
import type { S3Settings } from '../platform/s3-file-storage';
import { BUILD_INFO } from '../platform/version';
import {
  ARCHIVE_FORMAT,
  type BackupHeader,
  backupHeaderSchema,
  ENTRY,
  type FileList,
  fileListSchema,
  hashing,
  jsonBytes,
  type ListedFile,
  safeDataPath,
  streamOf,
} from './archive';
import {
  dumpPglite,
  dumpPostgres,
  loadPglite,
  OperationError,
  postgresRelations,
  restorePostgres,
} from './database-dump';

export { OperationError };

/** What a backup reads and a restore writes, from the server's own configuration. */
export interface OperationTarget {
  dataDir: string;
  /** PostgreSQL (the owner's URL when set: it may read and create every object); else PGlite. */
  databaseUrl: string | undefined;
  s3: S3Settings | undefined;
}

export function operationTarget(config: Config): OperationTarget {
  return {
    dataDir: config.dataDir,
    databaseUrl: config.databaseOwnerUrl ?? config.databaseUrl,
    s3: config.s3,
  };
}

/** PGlite's data dir inside DATA_DIR (as api/src/app/build-deps.ts opens it); dumped, not copied. */
const PGLITE_DIR = 'pglite';
/** Where archives may be kept inside DATA_DIR (the image's one writable volume): never archived. */
export const BACKUPS_DIR = 'backups';
const ownFolder = (relative: string) =>
  relative.startsWith(`${PGLITE_DIR}/`) || relative.startsWith(`${BACKUPS_DIR}/`);

type Log = (line: string) => void;

/** DATA_DIR's regular files but PGlite's, sorted, with their sizes now. */
async function dataFiles(dataDir: string): Promise<{ path: string; size: number }[]> {
  const entries = await readdir(dataDir, { recursive: true, withFileTypes: true }).catch(
    (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [];
      throw err;
    },
  );
  const files: { path: string; size: number }[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const relative = path
      .relative(dataDir, path.join(entry.parentPath, entry.name))
      .split(path.sep)
      .join('/');
    if (ownFolder(relative)) continue;
    const size = await stat(path.join(dataDir, relative)).then(
      (s) => s.size,
      () => undefined, // removed since listed (on PostgreSQL the server may be running)
    );
    if (size !== undefined) files.push({ path: relative, size });
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * Writes the archive (refusing a path that exists; the file appears whole or not at all). On
 * PGlite the server must be stopped. On PostgreSQL it may run: pg_dump's snapshot comes first and
 * the files after it, and files are written once under new keys, so the files the dumped rows
 * name are there unless removed in between; files newer than the snapshot come along unnamed.
 */
export async function writeBackup(
  target: OperationTarget,
  archive: string,
  log: Log,
): Promise<{ files: number; objects: number; bytes: number }> {
  if (existsSync(archive)) throw new OperationError(`${archive} exists already: name a new file.`);
  const partial = `${archive}.partial`;
  await mkdir(path.dirname(archive), { recursive: true });
  const work = await mkdtemp(path.join(os.tmpdir(), 'ecu-backup-'));
  try {
    const kind = target.databaseUrl ? 'postgres' : 'pglite';
    let database: { size: number; open: () => Readable };
    if (target.databaseUrl) {
      const file = path.join(work, 'postgres.dump');
      await dumpPostgres(target.databaseUrl, file);
      database = { size: (await stat(file)).size, open: () => createReadStream(file) };
    } else {
      const dump = await dumpPglite(path.join(target.dataDir, PGLITE_DIR));
      const bytes = Buffer.from(await dump.arrayBuffer());
      database = { size: bytes.length, open: () => streamOf(bytes) };
    }
    log(`Database dumped (${kind}, ${database.size} bytes).`);

    const pack = tarPack();
    const written = pipeline(pack, createGzip(), createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
    const add = (name: string, size: number, source: Readable) =>
      pipeline(source, pack.entry({ name, size, mode: 0o600 }));
    const header: BackupHeader = {
      format: ARCHIVE_FORMAT,
      createdAt: new Date().toISOString(),
      portal: BUILD_INFO,
      database: kind,
      storage: target.s3 ? 's3' : 'local',
    };
    const headerBytes = jsonBytes(header);
    await add(ENTRY.header, headerBytes.length, streamOf(headerBytes));
    await add(ENTRY.database[kind], database.size, database.open());

    const files: ListedFile[] = [];
    for (const file of await dataFiles(target.dataDir)) {
      // Exactly the size listed: a tus upload still growing is archived as far as it was.
      const source =
        file.size === 0
          ? streamOf(Buffer.alloc(0))
          : createReadStream(path.join(target.dataDir, file.path), { end: file.size - 1 });
      const hash = hashing();
      await add(`${ENTRY.dataPrefix}${file.path}`, file.size, source.pipe(hash));
      files.push({ path: file.path, ...hash.digest() });
    }
    const objects = target.s3 ? await (await import('./s3-listing')).listBucket(target.s3) : [];
    const list: FileList = { files, objects };
    const listBytes = jsonBytes(list);
    await add(ENTRY.fileList, listBytes.length, streamOf(listBytes));
    pack.finalize();
    await written;
    await rename(partial, archive);
    return { files: files.length, objects: objects.length, bytes: (await stat(archive)).size };
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** What keeps a restore out: a DATA_DIR with anything in it, or a database with any table. */
async function refuseUnlessEmpty(target: OperationTarget): Promise<void> {
  const entries = await readdir(target.dataDir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  // The archive itself may wait in DATA_DIR/backups (in the image, /data is the volume).
  const held = entries.filter((name) => name !== BACKUPS_DIR);
  if (held.length > 0) {
    throw new OperationError(
      `DATA_DIR ${target.dataDir} is not empty (${held.slice(0, 5).join(', ')}): a restore goes into an empty DATA_DIR only.`,
    );
  }
  if (target.databaseUrl) {
    const relations = await postgresRelations(target.databaseUrl);
    if (relations > 0) {
      throw new OperationError(
        `The database of DATABASE_URL is not empty (${relations} tables, views or sequences): a restore goes into an empty database only (e.g. \`createdb\` a new one).`,
      );
    }
  }
}

/** Reads a whole small entry. */
async function entryJson(entry: AsyncIterable<unknown>): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of entry) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

const notABackup = (why: string) => new OperationError(`Not a portal backup, or a damaged one: ${why}.`);

/**
 * Restores an archive into an empty DATA_DIR and (on PostgreSQL) an empty database, checking
 * every file against its SHA-256; on S3, checks that the bucket holds every listed object.
 */
export async function restoreBackup(
  target: OperationTarget,
  archive: string,
  log: Log,
): Promise<{ files: number; missingObjects: string[] }> {
  if (!existsSync(archive)) throw new OperationError(`No archive at ${archive}.`);
  await refuseUnlessEmpty(target);
  const kind = target.databaseUrl ? 'postgres' : 'pglite';
  const work = await mkdtemp(path.join(os.tmpdir(), 'ecu-restore-'));
  try {
    const extract = tarExtract();
    const fed = pipeline(createReadStream(archive), createGunzip(), extract);
    fed.catch(() => {}); // its error also ends the loop below, which reports it
    let header: BackupHeader | undefined;
    let list: FileList | undefined;
    let dumpFile: string | undefined;
    const restored = new Map<string, { size: number; sha256: string }>();
    for await (const entry of extract) {
      const name = entry.header.name;
      if (!header) {
        const parsed =
          name === ENTRY.header ? backupHeaderSchema.safeParse(await entryJson(entry)) : undefined;
        if (!parsed?.success) throw notABackup(`${ENTRY.header} does not come first`);
        header = parsed.data;
        if (header.database !== kind) {
          throw new OperationError(
            header.database === 'postgres'
              ? 'This backup holds a PostgreSQL database: restore it with DATABASE_URL set to an empty database.'
              : 'This backup holds a PGlite database: restore it with DATABASE_URL unset.',
          );
        }
        if ((header.storage === 's3') !== Boolean(target.s3)) {
          throw new OperationError(
            header.storage === 's3'
              ? "This backup's files are in S3: restore it with the S3_* settings of that bucket."
              : "This backup's files are in DATA_DIR: restore it with S3_* unset.",
          );
        }
        log(
          `Restoring a backup of ${header.createdAt} (portal ${header.portal.version}, ${header.portal.commit}).`,
        );
        await mkdir(target.dataDir, { recursive: true });
        continue;
      }
      if (entry.header.type !== 'file') throw notABackup(`${name} is not a file`);
      if (name === ENTRY.database[kind] && !dumpFile) {
        dumpFile = path.join(work, path.basename(name));
        await pipeline(entry, createWriteStream(dumpFile, { flags: 'wx' }));
      } else if (name === ENTRY.fileList && !list) {
        const parsed = fileListSchema.safeParse(await entryJson(entry));
        if (!parsed.success) throw notABackup(`${ENTRY.fileList} does not list the files`);
        list = parsed.data;
      } else {
        const relative = safeDataPath(name);
        if (!relative || restored.has(relative) || ownFolder(relative)) {
          throw notABackup(`it holds ${JSON.stringify(name)}`);
        }
        const file = path.join(target.dataDir, relative);
        await mkdir(path.dirname(file), { recursive: true });
        const hash = hashing();
        await pipeline(entry, hash, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
        restored.set(relative, hash.digest());
      }
    }
    await fed;
    if (!header || !dumpFile || !list) throw notABackup('it ends early');
    const damaged = list.files.filter((f) => {
      const got = restored.get(f.path);
      return got?.sha256 !== f.sha256 || got.size !== f.size;
    });
    if (damaged.length > 0 || restored.size !== list.files.length) {
      throw notABackup(
        `${damaged.length || 'some'} file(s) differ from their SHA-256 (${damaged[0]?.path ?? ''})`,
      );
    }
    log(`${restored.size} file(s) restored into ${target.dataDir}, each matching its SHA-256.`);

    if (target.databaseUrl) await restorePostgres(target.databaseUrl, dumpFile);
    else await loadPglite(path.join(target.dataDir, PGLITE_DIR), dumpFile);
    log(`Database restored (${kind}).`);

    const missingObjects = target.s3
      ? await (await import('./s3-listing')).missingObjects(target.s3, list.objects)
      : [];
    return { files: restored.size, missingObjects };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
