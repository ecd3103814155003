import { randomUUID } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { sanitiseFileName, UPLOAD_MESSAGES } from '@ecu/shared';
import Busboy from 'busboy';
import { AppError, badRequest, outOfStorage } from '../http/app-error';
import { isStorageFull } from '../platform/faults';
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

/** How often a text field may come: once, or repeated (its values kept in order). */
export type TextFieldRule = 'one' | 'many';

/**
 * The parts a route reads. Any other name is refused, and so is a text field sent after the
 * first file: the fields come first, as FormData sends them in the order they were appended.
 */
export interface FormRules<K extends string = string> {
  text: Readonly<Record<string, TextFieldRule>>;
  files: Readonly<Record<string, PartRule<K>>>;
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
  fields: ReadonlyMap<string, readonly string[]>;
  files: ReadonlyMap<string, StreamedFile<K>[]>;
  /** Removes every stored file: call when what the form was for fails. */
  discard(): Promise<void>;
}

const LIMITS = { fields: 64, fieldSize: 64 * 1024, files: 16, parts: 96 };
const UNREADABLE = 'The form could not be read';
const baseName = (name: string) => (name.endsWith('[]') ? name.slice(0, -2) : name);

/**
 * Reads a multipart/form-data request as it arrives: each file part streams straight to
 * storage under a key of ours and is cut off with the rule's 413 the moment it passes its
 * limit, so no request is ever held in memory. The first refusal decides the answer; the
 * rest of the body is still read (and dropped) so that the client reads that answer, and
 * whatever was written is removed.
 */
export async function readMultipartForm<K extends string>(
  request: Request,
  storage: FileStorage,
  rules: FormRules<K>,
): Promise<StreamedForm<K>> {
  const fields = new Map<string, string[]>();
  const files = new Map<string, StreamedFile<K>[]>();
  const written: string[] = [];
  const totals = new Map<string, { bytes: number; count: number }>();
  const writes: Promise<void>[] = [];
  let seenFile = false;
  const discard = async () => {
    await Promise.allSettled(written.map((key) => storage.remove(key)));
  };
  let failure: unknown;

  const contentType = request.headers.get('content-type') ?? '';
  let parser: Busboy.Busboy;
  try {
    parser = Busboy({ headers: { 'content-type': contentType }, limits: LIMITS });
  } catch {
    throw badRequest(UNREADABLE);
  }

  const fail = (err: unknown) => {
    failure ??= err;
  };
  /** The route's name for a part, or undefined (and the form fails) when it takes no such part. */
  const knownName = (name: string | undefined, as: 'text' | 'file'): string | undefined => {
    if (!name) return void fail(badRequest('A part of the form has no name'));
    const key = baseName(name);
    const mine = as === 'text' ? rules.text : rules.files;
    if (Object.hasOwn(mine, key)) return key;
    const other = as === 'text' ? rules.files : rules.text;
    if (Object.hasOwn(other, key))
      return void fail(
        badRequest(as === 'text' ? `${key} must be a file` : `${key} must be text, not a file`),
      );
    return void fail(badRequest('The form has a part this call does not take'));
  };

  // The parser calls these inside its own write: a throw there would escape every promise
  // (and end the process), so any failure is recorded instead and answered as the form's.
  parser.on('field', (name, value, info) => {
    try {
      const key = knownName(name, 'text');
      if (key === undefined) return;
      if (seenFile) return fail(badRequest("The form's fields must come before its files"));
      if (info.valueTruncated) return fail(badRequest(`${key} is too long`));
      const values = fields.get(key);
      if (!values) fields.set(key, [value]);
      else if (rules.text[key] === 'many') values.push(value);
      else fail(badRequest(`${key} was sent more than once`));
    } catch (err) {
      fail(err);
    }
  });

  parser.on('file', (name, stream, info) => {
    seenFile = true;
    try {
      const field = knownName(name, 'file');
      const filename = info.filename;
      if (field !== undefined && !filename) fail(badRequest('A file of the form has no file name'));
      if (field === undefined || !filename || failure) {
        stream.resume();
        return;
      }
      const rule = rules.files[field]!;
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
            const stored = files.get(field) ?? [];
            files.set(field, stored);
            stored.push({
              kind: rule.kind,
              name: sanitiseFileName(filename),
              size,
              sha256,
              storageKey,
              uploadId: null,
            });
          },
          // The part is over its limit (or the client went away): the parser skips the rest
          // of this part, and nothing more of it is stored.
          fail,
        ),
      );
    } catch (err) {
      fail(err);
      stream.resume();
    }
  });

  const body = request.body ? Readable.fromWeb(request.body as never) : Readable.from([]);
  const parsed = new Promise<void>((resolve) => {
    parser.on('close', resolve);
    parser.on('error', (err) => {
      fail(err instanceof AppError ? err : badRequest(UNREADABLE));
      // The form is refused whatever follows: the rest of the body is read and dropped, so
      // the answer reaches a client that is still sending.
      body.unpipe(parser);
      body.resume();
      resolve();
    });
    parser.on('partsLimit', () => fail(badRequest('The form has too many parts')));
    parser.on('filesLimit', () => fail(badRequest('The form has too many files')));
    parser.on('fieldsLimit', () => fail(badRequest('The form has too many fields')));
  });
  const bodyDone = new Promise<void>((resolve) => {
    body.on('end', resolve);
    body.on('close', resolve);
    body.on('error', (err) => {
      fail(err instanceof AppError ? err : badRequest(UNREADABLE));
      parser.destroy(err);
      resolve();
    });
  });
  body.pipe(parser);
  await parsed;
  await Promise.allSettled(writes);
  if (failure) {
    await discard();
    // A refusal is answered once the client has sent its body (or the body's limit cut it).
    await bodyDone;
    // A full disk is the server's fault, not the form's: 507, not 400
    // (docs/decisions/071-faults-answer-503-and-507.md).
    if (failure instanceof AppError) throw failure;
    throw isStorageFull(failure) ? outOfStorage() : badRequest(UNREADABLE);
  }
  return { fields, files, discard };
}

/** The first value of a text field. */
export function fieldText(form: StreamedForm<string>, name: string): string | undefined {
  return form.fields.get(name)?.[0];
}
