import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { TicketDto } from '@ecu/shared';
import { eq } from 'drizzle-orm';
import * as tus from 'tus-js-client';
import type { Db } from '../db/client';
import { uploads } from '../db/schema';
import type { ApiClient, ApiResponse } from './http-client';

export const MiB = 1024 * 1024;

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Random bytes: an ECU read as far as the server can tell. */
export function fileBytes(size: number): Buffer {
  return randomBytes(size);
}

/** The `Cookie` header of a client's session ('' when signed out). */
export function cookieHeader(client: ApiClient): string {
  return [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** What a browser tab of this client sends with every tus request. */
export function tusHeaders(client: ApiClient): Record<string, string> {
  const cookie = cookieHeader(client);
  return {
    Origin: new URL(client.baseUrl).origin,
    'X-Forwarded-For': client.ip,
    ...(cookie ? { Cookie: cookie } : {}),
  };
}

/**
 * A tus PATCH from a slow client: its headers and the first `sentFirst` bytes go now, the rest
 * when the test calls `send`. `status` is the server's answer.
 */
export function slowTusPatch(
  client: ApiClient,
  serverUrl: string,
  uploadPath: string,
  offset: number,
  bytes: Buffer,
  sentFirst = 0,
): { status: Promise<number>; send(): void } {
  let req!: ReturnType<typeof httpRequest>;
  const status = new Promise<number>((resolve, reject) => {
    req = httpRequest(
      {
        host: '127.0.0.1',
        port: Number(new URL(serverUrl).port),
        method: 'PATCH',
        path: uploadPath,
        headers: {
          ...tusHeaders(client),
          'Tus-Resumable': '1.0.0',
          'Upload-Offset': String(offset),
          'Content-Type': 'application/offset+octet-stream',
          'Content-Length': String(bytes.length),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    if (sentFirst > 0) req.write(bytes.subarray(0, sentFirst));
    else req.flushHeaders();
  });
  status.catch(() => {}); // a failed test cuts it; its assertion reports, not this
  return { status, send: () => req.end(bytes.subarray(sentFirst)) };
}

/** The tus endpoint of a server, on 127.0.0.1 (no localhost resolution in the way). */
export function tusEndpoint(baseUrl: string): string {
  const url = new URL('/api/uploads', baseUrl);
  url.hostname = '127.0.0.1';
  return url.toString();
}

export interface TusExchange {
  method: string;
  /** The Upload-Offset the client sent (PATCH), if any. */
  sentOffset: number | undefined;
  status: number;
  /** The Upload-Offset the server answered (HEAD, PATCH), if any. */
  answeredOffset: number | undefined;
}

export interface TusOutcome {
  uploadUrl: string;
  uploadId: string;
  /** The Upload-Sha256 header of the last answer (the server's hash of what it stored). */
  sha256Header: string | undefined;
  exchanges: TusExchange[];
}

export interface TusRunOptions {
  /** tus metadata; defaults to { filename: 'read.bin', purpose: 'ecu' }. */
  metadata?: Record<string, string>;
  /** Where to send the creation POST (default: the client's server). */
  endpoint?: string;
  /** Resume this upload instead of creating one. */
  uploadUrl?: string;
  chunkSize?: number;
  /** Called with the bytes written so far; the test may abort or cut the connection here. */
  onProgress?: (bytesSent: number, bytesTotal: number) => void;
}

export interface TusRun {
  upload: tus.Upload;
  exchanges: TusExchange[];
  /** Resolves when the upload finished; rejects with the client's error (no retries). */
  done: Promise<TusOutcome>;
}

function offsetOf(value: string | undefined): number | undefined {
  return value === undefined || value === '' ? undefined : Number(value);
}

/**
 * Starts a tus upload with tus-js-client as the web client does (session cookie, Origin),
 * recording every request and answer. Options are only passed when set: tus-js-client
 * hangs on an option given as undefined.
 */
export function startTus(client: ApiClient, data: Buffer, options: TusRunOptions = {}): TusRun {
  const exchanges: TusExchange[] = [];
  const sentOffsets = new WeakMap<tus.HttpRequest, number | undefined>();
  let resolveDone!: (outcome: TusOutcome) => void;
  let rejectDone!: (err: Error) => void;
  const done = new Promise<TusOutcome>((resolve, reject) => {
    resolveDone = resolve;
    rejectDone = reject;
  });
  const tusOptions: tus.UploadOptions = {
    endpoint: options.endpoint ?? tusEndpoint(client.baseUrl),
    metadata: options.metadata ?? { filename: 'read.bin', purpose: 'ecu' },
    headers: tusHeaders(client),
    retryDelays: [],
    onBeforeRequest(req) {
      sentOffsets.set(req, offsetOf(req.getHeader('Upload-Offset')));
    },
    onAfterResponse(req, res) {
      exchanges.push({
        method: req.getMethod(),
        sentOffset: sentOffsets.get(req),
        status: res.getStatus(),
        answeredOffset: offsetOf(res.getHeader('Upload-Offset')),
      });
    },
    onSuccess({ lastResponse }) {
      const uploadUrl = upload.url!;
      resolveDone({
        uploadUrl,
        uploadId: new URL(uploadUrl).pathname.split('/').pop()!,
        sha256Header: lastResponse.getHeader('Upload-Sha256'),
        exchanges,
      });
    },
    onError(err) {
      rejectDone(err);
    },
  };
  if (options.uploadUrl) tusOptions.uploadUrl = options.uploadUrl;
  if (options.chunkSize) tusOptions.chunkSize = options.chunkSize;
  if (options.onProgress) tusOptions.onProgress = options.onProgress;
  const upload = new tus.Upload(data, tusOptions);
  upload.start();
  return { upload, exchanges, done };
}

/** A whole tus upload; resolves when the server has the file. */
export function tusUpload(client: ApiClient, data: Buffer, options: TusRunOptions = {}): Promise<TusOutcome> {
  return startTus(client, data, options).done;
}

/** The bytes the server accepted in PATCHes of these exchanges. */
export function bytesAccepted(exchanges: TusExchange[]): number {
  return exchanges
    .filter((e) => e.method === 'PATCH' && e.status === 204)
    .reduce((sum, e) => sum + (e.answeredOffset ?? 0) - (e.sentOffset ?? 0), 0);
}

/** tus Upload-Metadata: `key base64(value)` pairs. */
export function tusMetadata(metadata: Record<string, string>): string {
  return Object.entries(metadata)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');
}

/** A raw tus creation POST (for limits the client would refuse to send). */
export function createTusUpload(
  client: ApiClient,
  length: number,
  metadata: Record<string, string> = { filename: 'read.bin', purpose: 'ecu' },
): Promise<ApiResponse<unknown>> {
  return client.request('POST', '/api/uploads', {
    headers: {
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(length),
      'Upload-Metadata': tusMetadata(metadata),
    },
  });
}

/** A raw tus PATCH of `bytes` at `offset` to an upload path. */
export function patchTusUpload(
  client: ApiClient,
  uploadPath: string,
  offset: number,
  bytes: Uint8Array,
): Promise<ApiResponse<unknown>> {
  return client.request('PATCH', uploadPath, {
    headers: {
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': String(offset),
      'Content-Type': 'application/offset+octet-stream',
    },
    // A copy on its own ArrayBuffer: a body under the DOM's types too (scripts/bench-solutions.ts).
    body: new Uint8Array(bytes),
  });
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * An HTTP request whose path goes out exactly as written (fetch and URL would resolve
 * `..` and percent-encoded dots before the server ever saw them).
 */
export function rawRequest(
  baseUrl: string,
  method: string,
  rawPath: string,
  headers: Record<string, string> = {},
  body?: Uint8Array,
): Promise<RawAnswer> {
  const { port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: Number(port),
        method,
        path: rawPath,
        headers: { ...headers, ...(body ? { 'Content-Length': String(body.length) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The stored uploads row, or undefined. */
export async function uploadRow(db: Db, id: string) {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
  return row;
}

/** Step 1 and 2 of the wizard, as JSON: BMW, Stage 1, EGR OFF + IMMO OFF (4 credits). */
export function ticketFields(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    make: 'BMW',
    model: '320d',
    year: '2019',
    registration: 'AB12 CDE',
    ecuId: 'EDC17C50',
    transmission: 'Manual',
    readTool: 'KESS',
    readType: 'OBD',
    masterSlave: 'Master',
    stage: 'Stage 1',
    options: ['EGR OFF', 'IMMO OFF'],
    notes: 'Please keep the torque limiter.',
    ...overrides,
  };
}

/** POST /api/ecuFile/create-ecuFile as JSON naming finished uploads. */
export function postTicket(
  client: ApiClient,
  body: Record<string, unknown>,
): Promise<ApiResponse<TicketDto>> {
  return client.post<TicketDto>('/api/ecuFile/create-ecuFile', body);
}

export interface SubmittedTicket {
  ticket: TicketDto;
  ecuBytes: Buffer;
  commonBytes: Buffer[];
  ecuUploadId: string;
}

/**
 * Uploads an ECU file (and additional files) through tus and creates a ticket naming them;
 * fails the test unless it answers 201.
 */
export async function submitTicket(
  client: ApiClient,
  options: {
    fields?: Record<string, unknown>;
    ecuSize?: number;
    /** The ECU file's own bytes (instead of ecuSize random ones). */
    ecuBytes?: Uint8Array;
    commonSizes?: number[];
  } = {},
): Promise<SubmittedTicket> {
  const ecuBytes = options.ecuBytes ? Buffer.from(options.ecuBytes) : fileBytes(options.ecuSize ?? 4096);
  const commonBytes = (options.commonSizes ?? []).map((size) => fileBytes(size));
  const ecu = await tusUpload(client, ecuBytes, { metadata: { filename: 'original.bin', purpose: 'ecu' } });
  const common = await Promise.all(
    commonBytes.map((bytes, i) =>
      tusUpload(client, bytes, { metadata: { filename: `extra-${i + 1}.txt`, purpose: 'common' } }),
    ),
  );
  const res = await postTicket(client, {
    ...ticketFields({ registration: `T${randomBytes(3).toString('hex').toUpperCase()}` }),
    ...options.fields,
    clientId: randomUUID(),
    ecuFileUploadId: ecu.uploadId,
    commonFileUploadIds: common.map((c) => c.uploadId),
  });
  if (res.status !== 201) throw new Error(`create-ecuFile: expected 201, got ${res.status}: ${res.text}`);
  return { ticket: res.body.data, ecuBytes, commonBytes, ecuUploadId: ecu.uploadId };
}

/** A multipart form of the create-ecuFile call (docs/product.md#13-the-http-api). */
export function ticketForm(
  fields: Record<string, unknown>,
  files: {
    ecuFile?: { bytes: Uint8Array; name: string };
    commonFiles?: { bytes: Uint8Array; name: string }[];
  },
): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    form.append(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  if (files.ecuFile)
    form.append('ecuFile', new Blob([new Uint8Array(files.ecuFile.bytes)]), files.ecuFile.name);
  for (const f of files.commonFiles ?? [])
    form.append('commonFiles', new Blob([new Uint8Array(f.bytes)]), f.name);
  return form;
}

/** PUT /api/admin/updateEcuFileStatus; fails the test unless it answers 200. */
export async function setStatus(admin: ApiClient, ticketId: string, status: string) {
  const res = await admin.put('/api/admin/updateEcuFileStatus', { fileId: ticketId, status });
  if (res.status !== 200)
    throw new Error(`updateEcuFileStatus: expected 200, got ${res.status}: ${res.text}`);
  return res.body.data as { changed: boolean; refunded: boolean };
}

/** PUT /api/admin/uploadTunedFile as multipart. */
export function uploadTunedMultipart(
  admin: ApiClient,
  ticketNumber: number | undefined,
  file: { bytes: Uint8Array; name: string } | undefined,
): Promise<ApiResponse<TicketDto>> {
  const form = new FormData();
  if (ticketNumber !== undefined) form.append('ticketNumber', String(ticketNumber));
  if (file) form.append('tunedFile', new Blob([new Uint8Array(file.bytes)]), file.name);
  return admin.request<TicketDto>('PUT', '/api/admin/uploadTunedFile', { body: form });
}

/** GET of a file url with the client's session: status, headers and bytes. */
export async function download(
  client: ApiClient,
  url: string,
): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const cookie = cookieHeader(client);
  const res = await fetch(new URL(url, client.baseUrl), {
    headers: { 'x-forwarded-for': client.ip, ...(cookie ? { cookie } : {}) },
    redirect: 'manual',
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** GET /api/ecuFile/getTicketDetails/N as `client`, which must be let see it (200). */
export async function ticketDetails(client: ApiClient, ticketNumber: number): Promise<TicketDto> {
  const res = await client.get<TicketDto>(`/api/ecuFile/getTicketDetails/${ticketNumber}`);
  if (res.status !== 200) throw new Error(`getTicketDetails: expected 200, got ${res.status}: ${res.text}`);
  return res.body.data;
}
