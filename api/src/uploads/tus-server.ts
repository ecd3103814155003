import { randomBytes } from 'node:crypto';
import path from 'node:path';
import {
  ADDITIONAL_FILES_MAX_BYTES,
  ECU_FILE_MAX_BYTES,
  sanitiseFileName,
  TUNED_FILE_MAX_BYTES,
} from '@ecu/shared';
import { FileStore } from '@tus/file-store';
import { type DataStore, Server } from '@tus/server';
import type { Redis } from 'ioredis';
import type { UserRow } from '../app/context';
import type { Db } from '../db/client';
import { uploads } from '../db/schema';
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
  const store =
    deps.datastore ??
    new FileStore({
      directory: path.join(deps.dataDir, 'uploads'),
      expirationPeriodInMilliseconds: UPLOAD_TTL_MS,
    });
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
      if (purpose === 'tuned' && user.role !== 'admin') refuse(403, 'Only admins upload tuned files');
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
      return { headers: { 'Upload-Sha256': sha256 } };
    },
    async onResponseError(_req, err) {
      if (err instanceof Error) logger.error('Upload failed:', err);
      // An extension the portal does not offer is the client's mistake, not a server fault.
      const refused = err as { status_code?: number; body?: string };
      if (refused.status_code === 501) return { status_code: 400, body: refused.body ?? 'Not supported\n' };
      return undefined;
    },
  });
}
