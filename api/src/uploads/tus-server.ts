import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  ADDITIONAL_FILES_MAX_BYTES,
  ECU_FILE_MAX_BYTES,
  mayUseDesk,
  sanitiseFileName,
  TUNED_FILE_MAX_BYTES,
} from '@ecu/shared';
import { FileStore } from '@tus/file-store';
import { type DataStore, Server } from '@tus/server';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client';
import { uploads } from '../db/schema';
import { OUT_OF_STORAGE_MESSAGE, RETRY_AFTER_SECONDS } from '../http/app-error';
import type { UserRow } from '../http/context';
import { failure } from '../http/envelope';
import { diskUse, diskWatchOf } from '../platform/disk-space';
import { isConnectionLost, isStorageFull } from '../platform/faults';
import type { FileStorage } from '../platform/file-storage';
import type { Logger } from '../platform/logger';
import { markComplete } from './finish';
import { hashingDataStore, RunningHashes } from './hashing-store';
import { uploadLocker } from './locker';

export const UPLOADS_PATH = '/api/uploads';
export const UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
export const UPLOAD_ID = /^[A-Za-z0-9_-]{16,64}$/;

export type UploadPurpose = 'ecu' | 'common' | 'tuned' | 'chat';

/** The largest single file per purpose; the totals per ticket are checked when it is created. */
export const MAX_BYTES: Record<UploadPurpose, number> = {
  ecu: ECU_FILE_MAX_BYTES,
  common: ADDITIONAL_FILES_MAX_BYTES,
  tuned: TUNED_FILE_MAX_BYTES,
  /** A file attached to a chat message: the limit of a ticket's additional files. */
  chat: ADDITIONAL_FILES_MAX_BYTES,
};

/** The signed-in caller of a tus request, put here by the Hono route before tus runs. */
export const uploadCallers = new WeakMap<Request, UserRow>();

/**
 * The tus extensions the portal offers. Not deferred length (every upload names its size at
 * creation, to be held to its purpose's limit) nor concatenation; tus answers a request for
 * one of those with 501, which the portal turns into a 400.
 */
const OFFERED_EXTENSIONS = new Set(['creation', 'creation-with-upload', 'termination', 'expiration']);

function refuse(status_code: number, body: string): never {
  throw { status_code, body: `${body}\n` };
}

/**
 * The faults tus answers in the API's JSON envelope (routes.ts gives them its Content-Type and
 * Retry-After): the file store full, the database's connection lost
 * (docs/decisions/071-faults-answer-503-and-507.md). tus's own refusals stay plain text.
 */
export const TUS_FAULTS = {
  507: {
    status_code: 507,
    body: JSON.stringify(failure(OUT_OF_STORAGE_MESSAGE, [], 'insufficient_storage')),
  },
  503: {
    status_code: 503,
    body: JSON.stringify(
      failure('The server lost its database connection. Please try again in a moment.', [], 'unavailable'),
    ),
  },
} as const;

/** The headers of a fault's answer, by its status. */
export const TUS_FAULT_HEADERS: Readonly<Record<number, Record<string, string>>> = {
  507: { 'Content-Type': 'application/json' },
  503: { 'Content-Type': 'application/json', 'Retry-After': String(RETRY_AFTER_SECONDS) },
};

/** Less room than this after a failed write: the disk is full, whatever the store reported. */
const FULL_BELOW_BYTES = 64 * 1024;

/**
 * tus's file store, telling a full disk apart. Its write reports any failure as 'Something went
 * wrong receiving the file' (a 500); the stream it was given was destroyed with the real
 * error (ENOSPC) by the pipeline, and that, or a disk left without room, is answered 507.
 */
class DiskFileStore extends FileStore {
  constructor(private readonly dir: string) {
    super({ directory: path.join(dir, 'uploads'), expirationPeriodInMilliseconds: UPLOAD_TTL_MS });
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    try {
      return await super.write(readable, id, offset);
    } catch (err) {
      if (isStorageFull(readable.errored) || isStorageFull(err)) throw TUS_FAULTS[507];
      const left = await diskUse(this.dir).then(
        (use) => use.freeBytes,
        () => Number.POSITIVE_INFINITY,
      );
      throw left < FULL_BELOW_BYTES ? TUS_FAULTS[507] : err;
    }
  }
}

/**
 * Resumable uploads (tus 1.0) under /api/uploads. Files go to DATA_DIR/uploads (or the S3
 * bucket when S3 is configured) under an id
 * the server makes; the client's file name is only metadata (sanitised). Every request is
 * authorised by the session (see routes.ts) and an upload is only ever visible to its owner.
 */
export function createTusServer(deps: {
  db: Db;
  storage: FileStorage;
  dataDir: string;
  logger: Logger;
  trustProxy: boolean;
  /** Where tus keeps uploads when not DATA_DIR/uploads (the S3 store, see build-deps.ts). */
  datastore?: DataStore;
  /** Shared by every process: then upload locks are Redis's (see locker.ts). */
  redis?: Redis;
}) {
  const { db, storage, logger } = deps;
  const store = deps.datastore ?? new DiskFileStore(deps.dataDir);
  // Only a local store has a disk to watch; with S3 the bucket has no size of ours to fill.
  const disk = deps.datastore ? undefined : diskWatchOf(deps.dataDir, logger);
  store.extensions = store.extensions.filter((name) => OFFERED_EXTENSIONS.has(name));
  // The bytes are hashed as they arrive, so the last PATCH need not read the file again.
  const hashes = new RunningHashes();
  return new Server({
    path: UPLOADS_PATH,
    datastore: hashingDataStore(store, hashes),
    locker: uploadLocker(deps),
    respectForwardedHeaders: deps.trustProxy,
    relativeLocation: true,
    // Same-origin only, as the rest of the API: no Access-Control-Allow-Origin for anyone
    // (routes.ts drops tus's other CORS headers).
    allowedOrigins: () => false,
    maxSize: Math.max(...Object.values(MAX_BYTES)),
    namingFunction: () => randomBytes(18).toString('base64url'),
    async onUploadCreate(req, upload) {
      const user = uploadCallers.get(req);
      if (!user) refuse(401, 'Please sign in to continue');
      const purpose = upload.metadata?.purpose as UploadPurpose | undefined;
      if (!purpose || !Object.hasOwn(MAX_BYTES, purpose))
        refuse(400, 'Upload-Metadata must name a purpose: ecu, common, tuned or chat');
      if (purpose === 'tuned' && !mayUseDesk(user.role, 'queue'))
        refuse(403, 'Only staff upload tuned files');
      if (upload.size === undefined) refuse(400, 'Upload-Length is required');
      if (upload.size <= 0) refuse(400, 'The file is empty.');
      if (upload.size > MAX_BYTES[purpose]) {
        refuse(
          413,
          purpose === 'common' || purpose === 'chat'
            ? 'Total size of additional files should be less than 100.00 MB.'
            : 'File size should be less than 20.00 MB.',
        );
      }
      // A file that cannot fit is refused before a byte of it is written.
      if (disk && upload.size > (await disk.read()).freeBytes) throw TUS_FAULTS[507];
      const fileName = sanitiseFileName(upload.metadata?.filename ?? upload.metadata?.name ?? 'file');
      await db.insert(uploads).values({
        id: upload.id,
        ownerId: user.id,
        purpose,
        fileName,
        size: upload.size,
        storageKey: `uploads/${upload.id}`,
        expiresAt: new Date(Date.now() + UPLOAD_TTL_MS),
      });
      return { metadata: { ...upload.metadata, filename: fileName } };
    },
    async onUploadFinish(_req, upload) {
      // Read back only when this process did not see every byte arrive (see hashing-store.ts).
      const sha256 =
        hashes.digest(upload.id, upload.offset) ?? (await storage.sha256(`uploads/${upload.id}`));
      await markComplete(db, upload.id, sha256);
      await disk?.check();
      return { headers: { 'Upload-Sha256': sha256 } };
    },
    async onResponseError(req, err) {
      const fault =
        err === TUS_FAULTS[507] || isStorageFull(err)
          ? TUS_FAULTS[507]
          : isConnectionLost(err)
            ? TUS_FAULTS[503]
            : undefined;
      if (fault) {
        logger.warn(`${req.method} ${UPLOADS_PATH} answered ${fault.status_code}`, {
          reason: err instanceof Error ? err.message : 'the file store is full',
        });
        return fault;
      }
      if (err instanceof Error) logger.error('Upload failed:', err);
      // An extension the portal does not offer is the client's mistake, not a server fault.
      const refused = err as { status_code?: number; body?: string };
      if (refused.status_code === 501) return { status_code: 400, body: refused.body ?? 'Not supported\n' };
      return undefined;
    },
  });
}
