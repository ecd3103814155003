import { DetailedError, type HttpResponse, type UploadOptions } from 'tus-js-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, type ApiResult, NetworkError } from '../../local/api-client';
import { type LocalFile, type OutboxCommand, PortalDb } from '../../local/db';
import { enqueue, flushOutbox, onCommandPrepare } from '../../local/outbox';
import {
  EMPTY_VEHICLE,
  loadDraft,
  newWizardFile,
  planIssues,
  saveDraftFiles,
  saveDraftValues,
  vehicleIssues,
  WizardDb,
} from '../wizard/wizard-state';
import {
  applyCreatedTicket,
  buildCreateTicketBody,
  CREATE_TICKET_KIND,
  CREATE_TICKET_PATH,
  type CreateTicketCommandBody,
  prepareCreateTicket,
  retryCommand,
} from './ticket-outbox';
import {
  type CreateUpload,
  pause,
  resume,
  type TusUpload,
  UPLOAD_CHUNK_SIZE,
  UPLOAD_ENDPOINT,
  UploadPausedError,
  uploadErrorOf,
  uploadIdFromUrl,
  uploadLocalFile,
} from './upload-queue';

let db: PortalDb;
let drafts: WizardDb;
let n = 0;

beforeEach(async () => {
  db = new PortalDb(`upload-queue-test-${n}`);
  drafts = new WizardDb(`wizard-test-${n++}`);
  await db.open();
  await drafts.open();
});
afterEach(async () => {
  await db.delete();
  await drafts.delete();
});

/** tus-js-client's typings leave out DetailedError's constructor (message, cause, req, res). */
const TusError = DetailedError as unknown as new (
  message: string,
  causingErr?: Error,
  req?: unknown,
  res?: HttpResponse | null,
) => DetailedError;

const request = { getHeader: () => undefined, getMethod: () => 'PATCH', getURL: () => '/api/uploads/x' };

function response(status: number, body = ''): HttpResponse {
  return {
    getStatus: () => status,
    getHeader: () => undefined,
    getBody: () => body,
    getUnderlyingObject: () => null,
  };
}

/** What the fake server does when an upload starts. */
type Script =
  | { kind: 'success' }
  | { kind: 'network' }
  | { kind: 'status'; status: number; body: string }
  | { kind: 'hang' };

/** A tus Upload stand-in: records its options, plays a script, counts aborts. */
function fakeTus(scripts: Script[]) {
  const started: UploadOptions[] = [];
  let aborts = 0;
  let nextId = 0;
  const create: CreateUpload = (file, options) => {
    const script = scripts.shift() ?? { kind: 'success' };
    const upload: TusUpload = {
      url: null,
      start() {
        started.push(options);
        queueMicrotask(() => {
          if (script.kind === 'hang') {
            upload.url =
              options.uploadUrl ?? `http://localhost${UPLOAD_ENDPOINT}/hanging${nextId++}abcdefghij`;
            options.onUploadUrlAvailable?.();
            return;
          }
          if (script.kind === 'network') {
            options.onError?.(
              new TusError('tus: failed to upload chunk', new Error('offline'), request, null),
            );
            return;
          }
          if (script.kind === 'status') {
            options.onError?.(
              new TusError(
                'tus: unexpected response',
                undefined,
                request,
                response(script.status, script.body),
              ),
            );
            return;
          }
          upload.url =
            options.uploadUrl ?? `http://localhost${UPLOAD_ENDPOINT}/Up${nextId++}abcdefghijklmnopq`;
          options.onUploadUrlAvailable?.();
          options.onChunkComplete?.(file.size, file.size, file.size);
          options.onSuccess?.({ lastResponse: response(204) });
        });
      },
      abort() {
        aborts++;
        return Promise.resolve();
      },
    };
    return upload;
  };
  return { create, started, aborts: () => aborts };
}

async function addFile(
  id: string,
  purpose: LocalFile['purpose'],
  extra: Partial<LocalFile> = {},
  clientId = 'client-1',
): Promise<LocalFile> {
  const blob = new Blob([`contents of ${id}`]);
  const row: LocalFile = {
    id,
    clientId,
    purpose,
    name: `${id}.bin`,
    size: blob.size,
    type: 'application/octet-stream',
    blob,
    status: 'queued',
    bytesUploaded: 0,
    createdAt: Date.now(),
    ...extra,
  };
  await db.localFiles.put(row);
  return row;
}

const FIELDS = {
  make: 'BMW',
  model: '320d',
  year: '2018',
  registration: 'AB12 CDE',
  ecuId: '',
  transmission: 'Manual',
  readTool: 'KESS',
  readType: 'OBD',
  masterSlave: 'Master',
} as const;

function commandBody(localFileIds: string[]): CreateTicketCommandBody {
  return buildCreateTicketBody(
    {
      clientId: '0b6f5a1e-4d9a-4f59-9a43-111111111111',
      vehicle: { ...FIELDS },
      plan: { stage: 'Stage 1', options: ['EGR OFF'], notes: '  ' },
      ecuFile: null,
      commonFiles: [],
    },
    localFileIds,
  );
}

describe('upload ids and errors', () => {
  it('takes the upload id from the last path segment of the tus URL', () => {
    expect(uploadIdFromUrl('http://localhost:3000/api/uploads/AbC_123-xyz456789012')).toBe(
      'AbC_123-xyz456789012',
    );
    expect(uploadIdFromUrl('/api/uploads/abcdefghijklmnop/')).toBe('abcdefghijklmnop');
    expect(uploadIdFromUrl('/api/uploads/abcdefghijklmnop?x=1')).toBe('abcdefghijklmnop');
  });

  it('maps tus failures: no answer is a NetworkError, 5xx retries later, other 4xx carry the server text', () => {
    const offline = uploadErrorOf(new TusError('tus: failed', new Error('x'), request, null));
    expect(offline).toBeInstanceOf(NetworkError);
    expect(uploadErrorOf(new TusError('tus: x', undefined, request, response(0)))).toBeInstanceOf(
      NetworkError,
    );

    const tooBig = uploadErrorOf(
      new TusError(
        'tus: x',
        undefined,
        undefined,
        response(413, 'File size should be less than 20.00 MB.\n'),
      ),
    );
    expect(tooBig).toBeInstanceOf(ApiError);
    expect(tooBig).toMatchObject({
      status: 413,
      message: 'File size should be less than 20.00 MB.',
      fromServer: true,
    });

    // The API's own gates answer with the JSON envelope: its message, not the raw JSON.
    const signedOut = uploadErrorOf(
      new TusError(
        'tus: x',
        undefined,
        request,
        response(401, '{"success":false,"message":"Please sign in to continue","errors":[]}'),
      ),
    );
    expect(signedOut).toMatchObject({ status: 401, message: 'Please sign in to continue', fromServer: true });

    const down = uploadErrorOf(new TusError('tus: x', undefined, request, response(503, '')));
    expect(down).toMatchObject({ status: 503, fromServer: false });
    const refused = uploadErrorOf(new TusError('tus: x', undefined, request, response(413, '')));
    expect(refused).toMatchObject({ status: 413, fromServer: false });

    const plain = new Error('tus: no file or stream to upload provided');
    expect(uploadErrorOf(plain)).toBe(plain);
  });

  it("takes the envelope's code from the API's gates and the status's from tus's plain text", () => {
    const refusal = (status: number, body: string) =>
      uploadErrorOf(new TusError('tus: x', undefined, undefined, response(status, body)));
    const gate =
      '{"success":false,"message":"Verify your email address first","errors":[],"code":"not_verified"}';
    expect(refusal(403, gate)).toMatchObject({ code: 'not_verified', fromServer: true });
    expect(refusal(413, 'File size should be less than 20.00 MB.')).toMatchObject({
      code: 'payload_too_large',
      fromServer: true,
    });
    expect(refusal(423, '')).toMatchObject({ code: 'locked', fromServer: false });
    expect(refusal(410, '')).toMatchObject({ code: 'gone', fromServer: false });
  });
});

describe('uploadLocalFile', () => {
  it('uploads with the tus options, saves the URL and marks the file done', async () => {
    const tus = fakeTus([{ kind: 'success' }]);
    await addFile('f1', 'ecu');
    const id = await uploadLocalFile('f1', { db, createUpload: tus.create });
    expect(id).toMatch(/^Up0/);
    const options = tus.started[0]!;
    expect(options).toMatchObject({
      endpoint: UPLOAD_ENDPOINT,
      chunkSize: UPLOAD_CHUNK_SIZE,
      retryDelays: [0, 1000, 3000],
      metadata: { filename: 'f1.bin', purpose: 'ecu' },
    });
    // tus-js-client hangs on options given as undefined.
    expect(Object.entries(options).filter(([, v]) => v === undefined)).toEqual([]);
    expect('uploadUrl' in options).toBe(false);
    const row = await db.localFiles.get('f1');
    expect(row).toMatchObject({ status: 'done', uploadId: id, bytesUploaded: row!.size });
    expect(row?.uploadUrl).toContain(`/api/uploads/${id}`);

    // A file already done is not sent again.
    expect(await uploadLocalFile('f1', { db, createUpload: tus.create })).toBe(id);
    expect(tus.started).toHaveLength(1);
  });

  it('resumes from the saved URL after a reload', async () => {
    const tus = fakeTus([{ kind: 'success' }]);
    await addFile('f1', 'common', { uploadUrl: '/api/uploads/savedUploadId12345', bytesUploaded: 5 });
    expect(await uploadLocalFile('f1', { db, createUpload: tus.create })).toBe('savedUploadId12345');
    expect(tus.started[0]?.uploadUrl).toBe('/api/uploads/savedUploadId12345');
  });

  it('keeps the file queued with its URL when the network fails', async () => {
    const tus = fakeTus([{ kind: 'network' }]);
    await addFile('f1', 'ecu', { uploadUrl: '/api/uploads/savedUploadId12345' });
    await expect(uploadLocalFile('f1', { db, createUpload: tus.create })).rejects.toBeInstanceOf(
      NetworkError,
    );
    expect(await db.localFiles.get('f1')).toMatchObject({
      status: 'queued',
      uploadUrl: '/api/uploads/savedUploadId12345',
    });
  });

  it('marks a refused file failed with the server text', async () => {
    const tus = fakeTus([{ kind: 'status', status: 413, body: 'File size should be less than 20.00 MB.\n' }]);
    await addFile('f1', 'ecu');
    const err = await uploadLocalFile('f1', { db, createUpload: tus.create }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(await db.localFiles.get('f1')).toMatchObject({
      status: 'failed',
      error: 'File size should be less than 20.00 MB.',
    });
  });

  it('pause aborts the running upload, keeps it paused, and resume lets it go on from the server offset', async () => {
    const tus = fakeTus([{ kind: 'hang' }, { kind: 'success' }]);
    await addFile('f1', 'ecu');
    const running = uploadLocalFile('f1', { db, createUpload: tus.create });
    await expect.poll(async () => (await db.localFiles.get('f1'))?.uploadUrl).toBeTruthy();
    await pause('f1', db);
    const err = await running.catch((e) => e);
    expect(err).toBeInstanceOf(UploadPausedError);
    // A paused file keeps the ticket's command waiting instead of failing it.
    expect(err).toBeInstanceOf(NetworkError);
    expect(tus.aborts()).toBe(1);
    expect((await db.localFiles.get('f1'))?.status).toBe('paused');

    await expect(uploadLocalFile('f1', { db, createUpload: tus.create })).rejects.toBeInstanceOf(
      UploadPausedError,
    );
    expect(tus.started).toHaveLength(1);

    await resume('f1', db);
    const savedUrl = (await db.localFiles.get('f1'))?.uploadUrl;
    const id = await uploadLocalFile('f1', { db, createUpload: tus.create });
    expect(tus.started[1]?.uploadUrl).toBe(savedUrl);
    expect(id).toBe(uploadIdFromUrl(savedUrl!));
    expect((await db.localFiles.get('f1'))?.status).toBe('done');
  });
});

describe('the createTicket command', () => {
  it('sends only fields with a value, and the files by their LocalFile ids', () => {
    const body = commandBody(['ecu-1', 'common-1']);
    expect(body).toEqual({
      clientId: '0b6f5a1e-4d9a-4f59-9a43-111111111111',
      ...FIELDS,
      ecuId: undefined,
      stage: 'Stage 1',
      options: ['EGR OFF'],
      localFileIds: ['ecu-1', 'common-1'],
    });
    expect('ecuId' in body).toBe(false);
    expect('notes' in body).toBe(false);
  });

  it('uploads the files that are not done and names the uploads in the body', async () => {
    await addFile('ecu-1', 'ecu');
    await addFile('common-1', 'common', { status: 'done', uploadId: 'alreadyUploaded123' });
    await addFile('common-2', 'common');
    const uploaded: string[] = [];
    const cmd = { body: commandBody(['common-1', 'ecu-1', 'common-2']) } as OutboxCommand;
    const body = await prepareCreateTicket(cmd, db, async (id, d) => {
      const row = await d.localFiles.get(id);
      if (row?.uploadId) return row.uploadId;
      uploaded.push(id);
      return `up-${id}`;
    });
    expect(uploaded).toEqual(['ecu-1', 'common-2']);
    expect(body).toMatchObject({
      registration: 'AB12 CDE',
      ecuFileUploadId: 'up-ecu-1',
      commonFileUploadIds: ['alreadyUploaded123', 'up-common-2'],
    });
    expect('localFileIds' in body).toBe(false);
  });

  it('refuses a command whose files are gone from this device', async () => {
    await expect(
      prepareCreateTicket({ body: commandBody(['missing']) } as OutboxCommand, db),
    ).rejects.toThrow(/no longer on this device/);
  });

  describe('through the outbox', () => {
    const answers = new Map<string, ApiResult<unknown>>();
    const sent: unknown[] = [];
    const send = async (cmd: OutboxCommand): Promise<ApiResult<unknown>> => {
      let answer = answers.get(cmd.idempotencyKey);
      if (!answer) {
        sent.push(cmd.body);
        answer = {
          message: 'ECU file submitted successfully',
          data: { _id: 'ticket-1', ticketNumber: 100001, registration: 'AB12 CDE' },
        };
        answers.set(cmd.idempotencyKey, answer);
      }
      return answer;
    };

    beforeEach(() => {
      answers.clear();
      sent.length = 0;
    });
    afterEach(() => {
      // Back to the real preparation for other tests.
      onCommandPrepare(CREATE_TICKET_KIND, (cmd, d) => prepareCreateTicket(cmd, d));
    });

    async function queue(files: string[]) {
      return enqueue(
        { kind: CREATE_TICKET_KIND, method: 'POST', path: CREATE_TICKET_PATH, body: commandBody(files) },
        db,
      );
    }

    it('keeps the command when the network is away, then creates the ticket once and cleans up', async () => {
      const tus = fakeTus([{ kind: 'network' }, { kind: 'success' }]);
      onCommandPrepare(CREATE_TICKET_KIND, (cmd, d) =>
        prepareCreateTicket(cmd, d, (id, dd) => uploadLocalFile(id, { db: dd, createUpload: tus.create })),
      );
      await addFile('ecu-1', 'ecu', {}, '0b6f5a1e-4d9a-4f59-9a43-111111111111');
      await queue(['ecu-1']);

      expect(await flushOutbox(db, send)).toMatchObject({ sent: 0, interrupted: true });
      expect(await db.outbox.where('status').equals('pending').count()).toBe(1);
      expect(sent).toHaveLength(0);

      expect(await flushOutbox(db, send)).toMatchObject({ sent: 1, interrupted: false });
      expect(await flushOutbox(db, send)).toMatchObject({ sent: 0 });
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({
        clientId: '0b6f5a1e-4d9a-4f59-9a43-111111111111',
        commonFileUploadIds: [],
      });
      expect(await db.tickets.get('ticket-1')).toMatchObject({ ticketNumber: 100001 });
      expect(await db.localFiles.count()).toBe(0);
      expect(await db.outbox.count()).toBe(0);
    });

    it('fails the command with the server text when tus refuses a file, and Retry sends it again', async () => {
      const tus = fakeTus([
        { kind: 'status', status: 413, body: 'File size should be less than 20.00 MB.' },
        { kind: 'success' },
      ]);
      onCommandPrepare(CREATE_TICKET_KIND, (cmd, d) =>
        prepareCreateTicket(cmd, d, (id, dd) => uploadLocalFile(id, { db: dd, createUpload: tus.create })),
      );
      await addFile('ecu-1', 'ecu');
      const cmd = await queue(['ecu-1']);
      const result = await flushOutbox(db, send);
      expect(result.failed.map((c) => c.error)).toEqual(['File size should be less than 20.00 MB.']);
      expect(sent).toHaveLength(0);

      await retryCommand(cmd.id!, db);
      expect(await db.localFiles.get('ecu-1')).toMatchObject({ status: 'queued' });
      expect(await flushOutbox(db, send)).toMatchObject({ sent: 1 });
    });

    it('puts the answer in the tickets table even when no files were prepared here', async () => {
      await applyCreatedTicket({ _id: 't-9', ticketNumber: 100009 }, db);
      expect(await db.tickets.get('t-9')).toMatchObject({ ticketNumber: 100009 });
    });
  });
});

describe('wizard state', () => {
  it('checks step 1 in the documented order and step 2 for a stage, then an option', () => {
    const messages = vehicleIssues({ ...EMPTY_VEHICLE, transmission: '' }, null).map((i) => i.message);
    expect(messages).toEqual([
      'Make is required',
      'Model is required',
      'Year is required',
      'Registration is required',
      'Please select a transmission',
      'Please select read tool',
      'Please select a read type',
      'Please upload a ecu-file',
    ]);
    expect(planIssues({ stage: '', options: [], notes: '' })[0]?.message).toBe('Please select a stage');
    expect(planIssues({ stage: 'Eco', options: [], notes: '' })[0]?.message).toBe('Please select any option');
    expect(planIssues({ stage: 'Gear Box', options: [], notes: '' })).toEqual([]);
  });

  it('keeps a draft with its files across a reload, and drops it once its ticket is queued', async () => {
    const stores = { db, drafts };
    const ecu = newWizardFile(new File(['ecu bytes'], 'read.bin', { type: 'application/octet-stream' }));
    const log = newWizardFile(new File(['log'], 'log.csv', { type: 'text/csv' }));
    const vehicle = { ...EMPTY_VEHICLE, make: 'Audi', readTool: 'KESS' as const };
    await saveDraftFiles('draft-1', ecu, [log], stores);
    await saveDraftValues({ clientId: 'draft-1', vehicle, plan: null }, 'upload-file', 'user-1', stores);

    const draft = await loadDraft('user-1', stores);
    expect(draft).toMatchObject({ clientId: 'draft-1', step: 'upload-file', vehicle: { make: 'Audi' } });
    expect(draft?.ecuFile?.file.name).toBe('read.bin');
    expect(await draft?.ecuFile?.file.text()).toBe('ecu bytes');
    expect(draft?.commonFiles.map((f) => f.file.name)).toEqual(['log.csv']);
    expect(await loadDraft('someone-else', stores)).toBeNull();

    // Removing the additional file removes its row.
    await saveDraftFiles('draft-1', ecu, [], stores);
    expect(await db.localFiles.where('clientId').equals('draft-1').count()).toBe(1);

    await enqueue(
      { kind: CREATE_TICKET_KIND, method: 'POST', path: CREATE_TICKET_PATH, body: { clientId: 'draft-1' } },
      db,
    );
    expect(await loadDraft('user-1', stores)).toBeNull();
  });
});
