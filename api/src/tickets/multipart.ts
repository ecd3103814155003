import { randomUUID } from 'node:crypto';
import { checkEcuFile, ECU_FILE_MAX_BYTES, sanitiseFileName, UPLOAD_MESSAGES } from '@ecu/shared';
import { AppError, badRequest } from '../http/app-error';
import type { FileStorage } from '../platform/file-storage';
import type { StoredFileRef } from './create-ticket';

type Body = Record<string, string | File | (string | File)[]>;

/** Every value of a field as a list (a repeated field arrives as an array). */
export function all(body: Body, name: string): (string | File)[] {
  const v = body[name] ?? body[`${name}[]`];
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

/** The first text value of a field. */
export function text(body: Body, name: string): string | undefined {
  const v = all(body, name).find((x): x is string => typeof x === 'string');
  return v;
}

export function files(body: Body, name: string): File[] {
  return all(body, name).filter((x): x is File => typeof x === 'object' && x !== null && 'arrayBuffer' in x);
}

/** Writes a multipart file part to storage under a key of ours. */
export async function storePart(
  storage: FileStorage,
  file: File,
  kind: StoredFileRef['kind'] | 'tuned',
): Promise<StoredFileRef & { kind: typeof kind }> {
  if (file.size <= 0) throw badRequest(UPLOAD_MESSAGES.empty);
  if (kind !== 'common' && file.size > ECU_FILE_MAX_BYTES)
    throw new AppError(413, UPLOAD_MESSAGES.ecuTooLarge);
  const check = kind === 'ecu' ? checkEcuFile(file.size) : { ok: true as const };
  if (!check.ok) throw new AppError(413, check.message);
  const storageKey = `files/${randomUUID().replace(/-/g, '')}`;
  const { size, sha256 } = await storage.write(storageKey, file.stream());
  return {
    kind,
    name: sanitiseFileName(file.name),
    size,
    sha256,
    storageKey,
    uploadId: null,
  } as StoredFileRef & {
    kind: typeof kind;
  };
}
