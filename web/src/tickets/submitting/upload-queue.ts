/* eslint-disable lingui/no-unlocalized-strings -- English where made and kept on the device, shown through wizardText (tickets/wizard/wizard-words.ts) */
import { codeForStatus, type ErrorCode, errorCodeOf, isServerFault, UPLOAD_CHUNK_SIZE } from '@ecu/shared';
import { DetailedError, Upload, type UploadOptions } from 'tus-js-client';
import { ApiError, messageOf, NetworkError } from '../../local/api-client';
import { type LocalFile, localDb, type PortalDb } from '../../local/db';
import { uploadIdFromUrl } from '../../local/upload-url';

export const UPLOAD_ENDPOINT = '/api/uploads';
export { UPLOAD_CHUNK_SIZE };
export const UPLOAD_RETRY_DELAYS = [0, 1000, 3000];
/** Progress is written to IndexedDB at most this often per file (the bar reads it live). */
const PROGRESS_WRITE_MS = 250;
const UPLOAD_FAILED_TEXT = 'The upload failed';

/**
 * The tuner paused the file. The ticket's handler answers the outbox 'retry later, paused'
 * (ticket-outbox.ts): the command stays pending with its key, and the next flush after
 * resume() carries on from the server's offset.
 */
export class UploadPausedError extends Error {
  constructor() {
    super('Upload paused');
  }
}

/** What the queue needs of a tus upload; tests hand in a fake. */
export interface TusUpload {
  url: string | null;
  start(): void;
  abort(shouldTerminate?: boolean): Promise<void> | void;
}
export type CreateUpload = (file: Blob, options: UploadOptions) => TusUpload;

const createTusUpload: CreateUpload = (file, options) => new Upload(file, options);

export interface UploadDeps {
  db?: PortalDb;
  createUpload?: CreateUpload;
}

interface Running {
  upload: TusUpload | null;
  done: Promise<string>;
  /** Set by pause(): the upload must not start, or must end with this error. */
  stopped: Error | null;
  rejectSend: ((err: Error) => void) | null;
}

/** Uploads under way in this tab, by LocalFile id. */
const running = new Map<string, Running>();

export { uploadIdFromUrl };

/**
 * A tus failure as the outbox understands it: no answer (offline, socket cut) is a
 * NetworkError, a 5xx/423/429 an ApiError the outbox retries later, any other 4xx (413 too
 * large, 400 empty, 403) an ApiError whose text (the server's plain-text body) the screen shows.
 * An answer without text gets our own message, marked as not the server's (for logs only).
 */
export function uploadErrorOf(err: unknown): Error {
  if (err instanceof NetworkError || err instanceof ApiError) return err;
  if (!(err instanceof DetailedError) && !isDetailed(err)) {
    return err instanceof Error ? err : new Error(UPLOAD_FAILED_TEXT);
  }
  const response = err.originalResponse ?? null;
  const status = response?.getStatus() ?? 0;
  if (!response || status === 0) return new NetworkError();
  const { text, code } = bodyAnswer(response.getBody() ?? '', status);
  if (text) return new ApiError(status, text, [], true, code);
  const reason = isTransient(code) ? 'The server is not answering' : 'The upload was refused';
  return new ApiError(status, `${reason} (${status})`, [], false, code);
}

/**
 * tus answers in plain text (its code comes from the status); the API's gates (401, 403) in
 * the JSON envelope, with their code.
 */
function bodyAnswer(body: string, status: number): { text: string; code: ErrorCode } {
  const text = body.trim();
  if (!text.startsWith('{')) return { text, code: codeForStatus(status) };
  try {
    const answer = JSON.parse(text) as { success?: unknown; message?: unknown; code?: unknown };
    if (answer.success !== false) return { text: '', code: codeForStatus(status) };
    return {
      text: typeof answer.message === 'string' ? answer.message : '',
      code: errorCodeOf(answer.code, status),
    };
  } catch {
    return { text, code: codeForStatus(status) };
  }
}

function isDetailed(err: unknown): err is Pick<DetailedError, 'originalResponse'> {
  return typeof err === 'object' && err !== null && 'originalRequest' in err && 'originalResponse' in err;
}

/** True while this tab is sending the file. */
export function isUploading(fileId: string): boolean {
  return running.has(fileId);
}

/**
 * Sends one LocalFile with tus and resolves with the server's upload id. A file already
 * done resolves at once; a paused one rejects with UploadPausedError. The upload URL is saved
 * as soon as the server gives it, so after a reload `uploadUrl` makes tus ask the server for
 * its offset (HEAD) and send only the rest.
 */
export function uploadLocalFile(fileId: string, deps: UploadDeps = {}): Promise<string> {
  const current = running.get(fileId);
  if (current) return current.done;
  const db = deps.db ?? localDb;
  const createUpload = deps.createUpload ?? createTusUpload;

  // Registered before any await so that pause() always finds it.
  const entry: Running = { upload: null, done: Promise.resolve(''), stopped: null, rejectSend: null };
  running.set(fileId, entry);
  entry.done = (async () => {
    try {
      const row = await db.localFiles.get(fileId);
      if (!row) throw new Error('A file of this ticket is no longer on this device. Please submit it again.');
      if (row.status === 'done' && row.uploadId) return row.uploadId;
      // Only a file that is not paused may start; the check and the write are one step.
      const started = await db.localFiles
        .where('id')
        .equals(fileId)
        .filter((r) => r.status !== 'paused')
        .modify({ status: 'uploading', error: undefined });
      if (started === 0 || entry.stopped) throw entry.stopped ?? new UploadPausedError();
      return await send(row, db, createUpload, entry);
    } finally {
      if (running.get(fileId) === entry) running.delete(fileId);
    }
  })();
  return entry.done;
}

function send(row: LocalFile, db: PortalDb, createUpload: CreateUpload, entry: Running): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    if (entry.stopped) {
      reject(entry.stopped);
      return;
    }
    let settled = false;
    let lastWrite = 0;
    entry.rejectSend = (err) => {
      if (settled) return;
      settled = true;
      reject(err);
    };

    const options: UploadOptions = {
      endpoint: UPLOAD_ENDPOINT,
      chunkSize: UPLOAD_CHUNK_SIZE,
      retryDelays: UPLOAD_RETRY_DELAYS,
      metadata: { filename: row.name, purpose: row.purpose },
      // We keep the URL in the LocalFile row ourselves; no copies in localStorage.
      storeFingerprintForResuming: false,
      onUploadUrlAvailable: () => {
        if (upload.url) void db.localFiles.update(row.id, { uploadUrl: upload.url });
      },
      onProgress: (sent) => {
        const now = Date.now();
        if (settled || now - lastWrite < PROGRESS_WRITE_MS) return;
        lastWrite = now;
        void db.localFiles.update(row.id, { bytesUploaded: Math.min(sent, row.size) });
      },
      onChunkComplete: (_chunk, accepted) => {
        if (!settled) void db.localFiles.update(row.id, { bytesUploaded: accepted });
      },
      onSuccess: () => {
        if (settled) return;
        settled = true;
        const url = upload.url;
        if (!url) {
          reject(new Error('The server gave no upload URL'));
          return;
        }
        const uploadId = uploadIdFromUrl(url);
        db.localFiles
          .update(row.id, {
            status: 'done',
            bytesUploaded: row.size,
            uploadUrl: url,
            uploadId,
            error: undefined,
          })
          .then(() => resolve(uploadId), reject);
      },
      onError: (err) => {
        if (settled) return;
        settled = true;
        const mapped = uploadErrorOf(err);
        const retryLater =
          mapped instanceof NetworkError || (mapped instanceof ApiError && isTransient(mapped.code));
        const patch: Partial<LocalFile> = retryLater
          ? { status: 'queued' }
          : { status: 'failed', error: messageOf(mapped, UPLOAD_FAILED_TEXT) };
        // 404/410: the server no longer has the upload (it expired): a retry starts a new one.
        if (mapped instanceof ApiError && (mapped.code === 'not_found' || mapped.code === 'gone')) {
          Object.assign(patch, { uploadUrl: undefined, bytesUploaded: 0 });
        }
        const fail = () => reject(mapped);
        db.localFiles.update(row.id, patch).then(fail, fail);
      },
    };
    // Never pass an option as undefined (tus-js-client hangs on it): only resume when there is a URL.
    if (row.uploadUrl) options.uploadUrl = row.uploadUrl;
    const upload = createUpload(row.blob, options);
    entry.upload = upload;
    upload.start();
  });
}

function isTransient(code: ErrorCode): boolean {
  return isServerFault(code) || code === 'locked' || code === 'rate_limited';
}

/**
 * Pauses a file: marks it 'paused' (so no flush picks it up again) and aborts the request
 * under way. The ticket's command stays pending; resume() lets it go on.
 */
export async function pause(fileId: string, db: PortalDb = localDb): Promise<void> {
  await db.localFiles
    .where('id')
    .equals(fileId)
    .filter((r) => r.status !== 'done')
    .modify({ status: 'paused' });
  const entry = running.get(fileId);
  if (!entry) return;
  running.delete(fileId);
  const err = new UploadPausedError();
  entry.stopped = err;
  entry.rejectSend?.(err);
  await entry.upload?.abort();
}

/**
 * Lets a paused (or failed) file go again. The caller then flushes the outbox: the ticket's
 * preparation asks the server for its offset and sends the rest.
 */
export async function resume(fileId: string, db: PortalDb = localDb): Promise<void> {
  await db.localFiles
    .where('id')
    .equals(fileId)
    .filter((r) => r.status === 'paused' || r.status === 'failed')
    .modify({ status: 'queued', error: undefined });
}
