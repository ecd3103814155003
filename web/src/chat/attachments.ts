import { CHAT_ATTACHMENTS_MAX, CHAT_TEXT_MAX, type ChatAttachment } from '@ecu/shared/chat/message';
import { UPLOAD_CHUNK_SIZE } from '@ecu/shared/tickets/upload-limits';
import { i18n as appI18n, type I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { DetailedError, Upload, type UploadOptions } from 'tus-js-client';
import { uploadIdFromUrl } from '../local/upload-url';

/** Chat files go through the same resumable uploads as ticket files, as purpose 'chat'. */
export const CHAT_UPLOAD_ENDPOINT = '/api/uploads';
const RETRY_DELAYS = [0, 1000, 3000];
export const ATTACH_OFFLINE = msg`Attaching files needs a connection.`;
const max = CHAT_ATTACHMENTS_MAX;
export const ATTACH_LIMIT = msg`At most ${max} files per message.`;

export const attachmentUrl = (ticketNumber: number, id: string) =>
  `/api/chat/${ticketNumber}/attachments/${encodeURIComponent(id)}`;

/** How many of `adding` files still fit beside `current` ones. */
export function roomForFiles(current: number, adding: number): { take: number; refused: number } {
  const take = Math.max(0, Math.min(adding, CHAT_ATTACHMENTS_MAX - current));
  return { take, refused: adding - take };
}

/**
 * The text of a message with files: what was typed, else the file names (the server wants
 * 1-2,000 characters of text in every message).
 */
export function textWithFiles(typed: string | null, names: readonly string[]): string | null {
  if (typed) return typed;
  const joined = names.join(', ').trim();
  if (!joined) return null;
  return joined.length <= CHAT_TEXT_MAX ? joined : `${joined.slice(0, CHAT_TEXT_MAX - 1)}…`;
}

/** A tus failure as words: the server's plain-text answer (413 too large, 403), else ours. */
export function uploadErrorText(err: unknown, i18n: I18n = appI18n): string {
  if (err instanceof DetailedError) {
    const body = err.originalResponse?.getBody()?.trim() ?? '';
    if (body && !body.startsWith('{') && !body.startsWith('<')) return body;
    if (!err.originalResponse || err.originalResponse.getStatus() === 0) {
      return i18n._(msg`The file could not be uploaded: the connection was lost.`);
    }
  }
  return i18n._(msg`The file could not be uploaded.`);
}

export interface TusLike {
  url: string | null;
  start(): void;
  abort(shouldTerminate?: boolean): Promise<void> | void;
}
export type CreateUpload = (file: Blob, options: UploadOptions) => TusLike;
const createTusUpload: CreateUpload = (file, options) => new Upload(file, options);

export interface RunningUpload {
  done: Promise<ChatAttachment>;
  abort(): void;
}

/** Sends one file; `onProgress` gets the bytes the server has so far. */
export function uploadChatFile(
  file: File,
  onProgress: (sent: number) => void,
  createUpload: CreateUpload = createTusUpload,
): RunningUpload {
  let upload: TusLike | null = null;
  const done = new Promise<ChatAttachment>((resolve, reject) => {
    upload = createUpload(file, {
      endpoint: CHAT_UPLOAD_ENDPOINT,
      chunkSize: UPLOAD_CHUNK_SIZE,
      retryDelays: RETRY_DELAYS,
      metadata: { purpose: 'chat', filename: file.name },
      storeFingerprintForResuming: false,
      onProgress: (sent) => onProgress(Math.min(sent, file.size)),
      onSuccess: () => {
        try {
          const current = upload as TusLike | null;
          if (!current?.url) throw new Error('The server gave no upload URL');
          resolve({ id: uploadIdFromUrl(current.url), name: file.name, size: file.size });
        } catch (err) {
          reject(err);
        }
      },
      onError: (err) => reject(new Error(uploadErrorText(err))),
    });
    upload.start();
  });
  return {
    done,
    abort: () => {
      void (upload as TusLike | null)?.abort(true);
    },
  };
}
