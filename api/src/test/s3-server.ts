import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { S3Settings } from '../platform/s3-file-storage';

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;
// s3rver ships no types; its CommonJS default export is the server class.
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

export const BUCKET = 'ecu-files';

export interface ListPartsShim {
  port: number;
  /** Upload ids of multipart uploads aborted through the shim. */
  aborted: Set<string>;
  /** How many ListParts requests the shim answered. */
  listPartsAnswered: number;
  close(): Promise<void>;
}

/**
 * s3rver 3.7.1 lacks ListParts and AbortMultipartUpload, which @tus/s3-store needs. This
 * loopback proxy answers those itself from the UploadPart calls it forwarded and passes
 * everything else to s3rver as it came (so the request signatures stay valid).
 */
async function listPartsShim(targetPort: number): Promise<ListPartsShim> {
  const parts = new Map<string, Map<number, { etag: string; size: number }>>();
  const aborted = new Set<string>();
  const state = { listPartsAnswered: 0 };

  const xmlError = (res: import('node:http').ServerResponse, status: number, code: string) => {
    res.writeHead(status, { 'Content-Type': 'application/xml' });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`,
    );
  };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://shim');
    const uploadId = url.searchParams.get('uploadId');
    const partNumber = url.searchParams.get('partNumber');
    const key = decodeURIComponent(url.pathname.split('/').slice(2).join('/'));

    if (uploadId && req.method === 'GET' && !partNumber) {
      const known = parts.get(uploadId);
      if (!known) return xmlError(res, 404, 'NoSuchUpload');
      state.listPartsAnswered += 1;
      const list = [...known.entries()].sort((a, b) => a[0] - b[0]);
      const xml = list
        .map(
          ([n, p]) =>
            `<Part><PartNumber>${n}</PartNumber><LastModified>${new Date().toISOString()}</LastModified><ETag>${p.etag}</ETag><Size>${p.size}</Size></Part>`,
        )
        .join('');
      res.writeHead(200, { 'Content-Type': 'application/xml' });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${BUCKET}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId><PartNumberMarker>0</PartNumberMarker><NextPartNumberMarker>${list.at(-1)?.[0] ?? 0}</NextPartNumberMarker><MaxParts>1000</MaxParts><IsTruncated>false</IsTruncated>${xml}</ListPartsResult>`,
      );
      return;
    }
    if (uploadId && req.method === 'DELETE') {
      if (!parts.has(uploadId)) return xmlError(res, 404, 'NoSuchUpload');
      parts.delete(uploadId);
      aborted.add(uploadId);
      res.writeHead(204);
      res.end();
      return;
    }

    const headers = { ...req.headers };
    delete headers.expect; // not signed; the shim reads the whole body anyway
    let size = 0;
    const upstream = httpRequest(
      { host: '127.0.0.1', port: targetPort, method: req.method, path: req.url, headers },
      (answer: IncomingMessage) => {
        const status = answer.statusCode ?? 502;
        if (uploadId && status === 200) {
          if (req.method === 'PUT' && partNumber) {
            const known = parts.get(uploadId) ?? new Map();
            known.set(Number(partNumber), { etag: String(answer.headers.etag), size });
            parts.set(uploadId, known);
          }
          if (req.method === 'POST') parts.delete(uploadId); // CompleteMultipartUpload
        }
        if (url.searchParams.has('uploads') && req.method === 'POST' && status === 200) {
          // CreateMultipartUpload: remember the new id (no parts yet) from the answer.
          const chunks: Buffer[] = [];
          answer.on('data', (c: Buffer) => chunks.push(c));
          answer.on('end', () => {
            const body = Buffer.concat(chunks);
            const id = /<UploadId>([^<]+)<\/UploadId>/.exec(body.toString())?.[1];
            if (id) parts.set(id, new Map());
            res.writeHead(status, answer.headers);
            res.end(body);
          });
          return;
        }
        res.writeHead(status, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (err) => res.destroy(err));
    req.on('data', (c: Buffer) => {
      size += c.length;
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    aborted,
    get listPartsAnswered() {
      return state.listPartsAnswered;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export interface TestS3 {
  settings: S3Settings;
  /** The S3_* environment of an API server on this store. */
  env: Record<string, string>;
  shim: ListPartsShim;
  close(): Promise<void>;
}

/** s3rver (with the bucket) behind the ListParts shim, on loopback, in a temporary directory. */
export async function startTestS3(): Promise<TestS3> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ecu-s3rver-'));
  const s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: dir,
    silent: true,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3rver.run();
  const shim = await listPartsShim(port);
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${shim.port}`,
    bucket: BUCKET,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
  return {
    settings,
    env: {
      S3_ENDPOINT: settings.endpoint,
      S3_BUCKET: settings.bucket,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
    },
    shim,
    async close() {
      await shim.close();
      await s3rver.close().catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}
