// The backup archive's format (docs/decisions/073-backup-and-restore.md): a gzipped tar of
// `backup.json` (what it holds), the database (`database/pglite.tar`, PGlite's own dump of its
// data dir, or `database/postgres.dump`, pg_dump's custom format), DATA_DIR's files under
// `data/`, and last `files.json`, every file's size and SHA-256 (and on S3 every object's).
import { createHash } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { z } from 'zod';

export const ARCHIVE_FORMAT = 'ecu-portal-backup/1';

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

/** The archive's first entry: enough to refuse a wrong target before anything is written. */
export const backupHeaderSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  createdAt: z.iso.datetime(),
  portal: z.object({ version: z.string(), commit: z.string() }),
  database: z.enum(['pglite', 'postgres']),
  storage: z.enum(['local', 's3']),
});
export type BackupHeader = z.infer<typeof backupHeaderSchema>;

const listed = z.object({ size: z.number().int().nonnegative(), sha256: sha256Hex });

/** The archive's last entry: what a restore checks every file against. */
export const fileListSchema = z.object({
  /** DATA_DIR's files, by path relative to it ('/'-separated). */
  files: z.array(listed.extend({ path: z.string().min(1) })),
  /** On S3, the bucket's objects, by object key (the bucket itself is not in the archive). */
  objects: z.array(listed.extend({ key: z.string().min(1) })),
});
export type FileList = z.infer<typeof fileListSchema>;
export type ListedFile = FileList['files'][number];

export const ENTRY = {
  header: 'backup.json',
  fileList: 'files.json',
  database: { pglite: 'database/pglite.tar', postgres: 'database/postgres.dump' },
  dataPrefix: 'data/',
} as const;

/** Passes bytes through and counts and hashes them; `digest()` once they have all passed. */
export function hashing(): Transform & { digest(): { size: number; sha256: string } } {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return Object.assign(stream, { digest: () => ({ size, sha256: hash.digest('hex') }) });
}

/** A path inside the archive's data/ that stays inside DATA_DIR, or undefined. */
export function safeDataPath(entryName: string): string | undefined {
  if (!entryName.startsWith(ENTRY.dataPrefix)) return undefined;
  const relative = entryName.slice(ENTRY.dataPrefix.length);
  const parts = relative.split('/');
  if (!relative || parts.some((p) => p === '' || p === '.' || p === '..' || p.includes('\\')))
    return undefined;
  return relative;
}

/** A JSON entry's bytes. */
export const jsonBytes = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

/** A stream of bytes in memory. */
export const streamOf = (bytes: Buffer) => Readable.from([bytes]);
