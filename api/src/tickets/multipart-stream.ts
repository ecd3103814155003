import { randomUUID } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { sanitiseFileName, UPLOAD_MESSAGES } from '@ecu/shared';
import Busboy from 'busboy';
import { AppError, badRequest } from '../http/app-error';
import type { FileStorage } from '../platform/file-storage';

/** What a file field may carry; several fields can share one `group` total. */
export interface PartRule<K extends string = string> {
  kind: K;
  /** Largest total of the field's files, in bytes, enforced as they arrive. */
  maxBytes: number;
  tooLarge: string;
  maxCount: number;
  tooMany: string;
}

export interface StreamedFile<K extends string = string> {
  kind: K;
  name: string;
  size: number;
  sha256: string;
  storageKey: string;
  uploadId: null;
}

export interface StreamedForm<K extends string = string> {
  /** Text fields by name, every value in order (`name[]` is read as `name`). */
  fields: Record<string, string[]>;
  files: Record<string, StreamedFile<K>[]>;
  /** Removes every stored file: call when what the form was for fails. */
  discard(): Promise<void>;
}

const LIMITS = { fields: 64, fieldSize: 64 * 1024, files: 16, parts: 96 };
const baseName = (name: string) => (name.endsWith('[]') ? name.slice(0, -2) : name);

/**
 * Reads a multipart/form-data request as it arrives: each file part streams straight to
 * storage under a key of ours and is cut off with the rule's 413 the moment it passes its
 * limit, so no request is ever held in memory. Any failure removes what was written.
 */
export async function readMultipartForm<K extends string>(
  request: Request,
  storage: FileStorage,
  rules: Record<string, PartRule<K>>,
): Promise<StreamedForm<K>> {
  const fields: Record<string, string[]> = {};
  const files: Record<string, StreamedFile<K>[]> = {};
  const written: string[] = [];
  const totals = new Map<string, { bytes: number; count: number }>();
  const writes: Promise<void>[] = [];
  const discard = async () => {
    await Promise.allSettled(written.map((key) => storage.remove(key)));
  };
  let failure: unknown;

  const contentType = request.headers.get('content-type') ?? '';
  let parser: Busboy.Busboy;
  try {
    parser = Busboy({ headers: { 'content-type': contentType }, limits: LIMITS });
  } catch {
    throw badRequest('The form could not be read');
  }

  const fail = (err: unknown) => {
    failure ??= err;
  };

  parser.on('field', (name, value) => {
    const key = baseName(name);
    const values = fields[key] ?? [];
    values.push(value);
    fields[key] = values;
  });

  parser.on('file', (name, stream, info) => {
    const field = baseName(name);
    const rule = rules[field];
    if (!rule || failure) {
      stream.resume();
      return;
    }
    const total = totals.get(field) ?? { bytes: 0, count: 0 };
    totals.set(field, total);
    total.count += 1;
    if (total.count > rule.maxCount) {
      fail(badRequest(rule.tooMany));
      stream.resume();
      return;
    }
    const limit = new Transform({
      transform(chunk: Buffer, _enc, done) {
        total.bytes += chunk.length;
        if (total.bytes > rule.maxBytes) return done(new AppError('payload_too_large', rule.tooLarge));
        done(null, chunk);
      },
    });
    // Over the limit: the part's remaining bytes are read and dropped (the parser waits on a
    // part that nobody reads), and the write below reports the 413.
    limit.on('error', () => {
      stream.unpipe(limit);
      stream.resume();
    });
    stream.on('error', (err) => limit.destroy(err));
    stream.pipe(limit);
    const storageKey = `files/${randomUUID().replace(/-/g, '')}`;
    written.push(storageKey);
    writes.push(
      storage.write(storageKey, limit).then(
        ({ size, sha256 }) => {
          if (size <= 0) return fail(badRequest(UPLOAD_MESSAGES.empty));
          const stored = files[field] ?? [];
          files[field] = stored;
          stored.push({
            kind: rule.kind,
            name: sanitiseFileName(info.filename || 'file'),
            size,
            sha256,
            storageKey,
            uploadId: null,
          });
        },
        (err) => {
          // The part is over its limit (or the client went away): the parser skips the rest
          // of this part, and nothing more of it is stored.
          fail(err);
        },
      ),
    );
  });

  const parsed = new Promise<void>((resolve) => {
    parser.on('close', resolve);
    parser.on('error', (err) => {
      fail(err instanceof AppError ? err : badRequest('The form could not be read'));
      resolve();
    });
    parser.on('partsLimit', () => fail(badRequest('The form has too many parts')));
    parser.on('filesLimit', () => fail(badRequest('The form has too many files')));
    parser.on('fieldsLimit', () => fail(badRequest('The form has too many fields')));
  });

  const body = request.body ? Readable.fromWeb(request.body as never) : Readable.from([]);
  body.on('error', (err) => {
    fail(err instanceof AppError ? err : badRequest('The form could not be read'));
    parser.destroy(err);
  });
  body.pipe(parser);
  await parsed;
  await Promise.allSettled(writes);
  if (failure) {
    await discard();
    throw failure instanceof AppError ? failure : badRequest('The form could not be read');
  }
  return { fields, files, discard };
}

/** The first value of a text field. */
export function fieldText(form: StreamedForm<string>, name: string): string | undefined {
  return form.fields[name]?.[0];
}
