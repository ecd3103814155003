import { readdir, stat } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { ERROR_CODE_STATUS, isErrorCode } from '@ecu/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, type TestUser, verifiedUser } from '../test/factories';
import type { ApiClient } from '../test/http-client';
import { startTestServer, type TestServer } from '../test/test-server';
import { cookieHeader, fileBytes, MiB, submitTicket, ticketFields } from '../test/ticket-helpers';

let server: TestServer;
let tuner: TestUser;
let admin: TestUser;
let ticketNumber: number;
beforeAll(async () => {
  server = await startTestServer();
  tuner = await verifiedUser(server);
  admin = await adminUser(server);
  ticketNumber = (await submitTicket(tuner.client)).ticket.ticketNumber;
});
afterAll(async () => {
  await server?.close();
});

const BOUNDARY = 'ecu-stream-boundary';

function fieldParts(fields: Record<string, unknown>): Buffer {
  let out = '';
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v === undefined) continue;
      out += `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`;
    }
  }
  return Buffer.from(out);
}

const fileHead = (name: string, filename: string) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );

/** Sizes of the files under DATA_DIR/files. */
async function storedSizes(): Promise<number[]> {
  const dir = path.join(server.config.dataDir, 'files');
  const names = await readdir(dir).catch(() => [] as string[]);
  return Promise.all(names.map(async (n) => (await stat(path.join(dir, n))).size));
}

/** A form sent in two halves with a pause between: the server sees the first before the second exists. */
function slowForm(first: Buffer, second: Buffer, duringPause: () => Promise<void>) {
  const { port } = new URL(server.url);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: Number(port),
        method: 'POST',
        path: '/api/ecuFile/create-ecuFile',
        headers: {
          'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
          'Transfer-Encoding': 'chunked',
          Origin: new URL(server.url).origin,
          'X-Forwarded-For': tuner.client.ip,
          Cookie: cookieHeader(tuner.client),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.write(first);
    void duringPause().then(
      () => req.end(second),
      (err) => {
        req.destroy();
        reject(err);
      },
    );
  });
}

describe('create-ecuFile reads the form as it arrives', () => {
  it('writes the ECU file to storage while the request is still coming in', async () => {
    const before = await storedSizes();
    const ecu = fileBytes(4 * MiB);
    const first = Buffer.concat([
      fieldParts(ticketFields({ registration: 'ST12 RM' })),
      fileHead('ecuFile', 'read.bin'),
      ecu.subarray(0, 3 * MiB),
    ]);
    const second = Buffer.concat([ecu.subarray(3 * MiB), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
    let seenWhileSending = 0;
    const res = await slowForm(first, second, async () => {
      // Half the file is out; the rest is not sent yet. The part must already be on disk.
      const until = Date.now() + 5_000;
      while (Date.now() < until) {
        const sizes = await storedSizes();
        seenWhileSending = Math.max(0, ...sizes.slice(before.length));
        if (sizes.length > before.length && seenWhileSending >= MiB) return;
        await new Promise((r) => setTimeout(r, 25));
      }
    });
    expect(seenWhileSending).toBeGreaterThanOrEqual(MiB);
    expect(res.status, res.body).toBe(201);
    expect(JSON.parse(res.body).data.ecuFile.size ?? ecu.length).toBe(ecu.length);
  });

  it('stops at the limit as the bytes arrive and keeps nothing, also after the part was partly stored', async () => {
    const before = await storedSizes();
    const first = Buffer.concat([
      fieldParts(ticketFields()),
      fileHead('ecuFile', 'big.bin'),
      fileBytes(19 * MiB),
    ]);
    const second = Buffer.concat([fileBytes(2 * MiB), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
    const res = await slowForm(first, second, async () => {});
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).message).toBe('File size should be less than 20.00 MB.');
    expect(await storedSizes()).toEqual(before);
  });

  it('removes the stored parts when the form turns out invalid after them', async () => {
    const before = await storedSizes();
    // One of the vehicle fields is wrong; the route finds out once the file is stored.
    const first = Buffer.concat([
      fieldParts(ticketFields({ transmission: 'Hovercraft' })),
      fileHead('ecuFile', 'read.bin'),
      fileBytes(MiB),
    ]);
    const second = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
    const res = await slowForm(first, second, async () => {});
    expect(res.status).toBe(400);
    expect(await storedSizes()).toEqual(before);
  });
});

/** A multipart route, who may call it and a form it takes. */
interface FormRoute {
  method: 'POST' | 'PUT';
  path: string;
  as: () => ApiClient;
  text: () => Record<string, unknown>;
  file: string;
}

const FORM_ROUTES: FormRoute[] = [
  {
    method: 'POST',
    path: '/api/ecuFile/create-ecuFile',
    as: () => tuner.client,
    text: () => ticketFields({ registration: 'HO57 ILE' }),
    file: 'ecuFile',
  },
  {
    method: 'PUT',
    path: '/api/admin/uploadTunedFile',
    as: () => admin.client,
    text: () => ({ ticketNumber }),
    file: 'tunedFile',
  },
];

const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];
const end = Buffer.from(`--${BOUNDARY}--\r\n`);
const filePart = (name: string, filename = 'read.bin') =>
  Buffer.concat([fileHead(name, filename), fileBytes(1000), Buffer.from('\r\n')]);
const rawPart = (head: string) =>
  Buffer.from(
    `--${BOUNDARY}\r\n${head}\r\nContent-Type: application/octet-stream\r\n\r\n${'x'.repeat(500)}\r\n`,
  );
const multipart = `multipart/form-data; boundary=${BOUNDARY}`;

/** Broken forms: a body and its Content-Type, each refused with a 4xx. */
const BROKEN: Array<[string, (r: FormRoute) => { body: Buffer; type: string }]> = [
  ...PROTOTYPE_NAMES.map((name): [string, (r: FormRoute) => { body: Buffer; type: string }] => [
    `a text field named ${name}`,
    (r) => ({
      body: Buffer.concat([fieldParts({ ...r.text(), [name]: 'x' }), filePart(r.file), end]),
      type: multipart,
    }),
  ]),
  ...PROTOTYPE_NAMES.map((name): [string, (r: FormRoute) => { body: Buffer; type: string }] => [
    `a file field named ${name}`,
    (r) => ({
      body: Buffer.concat([fieldParts(r.text()), filePart(r.file), filePart(name), end]),
      type: multipart,
    }),
  ]),
  [
    'a file part without a filename',
    (r) => ({
      body: Buffer.concat([
        fieldParts(r.text()),
        rawPart(`Content-Disposition: form-data; name="${r.file}"`),
        end,
      ]),
      type: multipart,
    }),
  ],
  [
    'a file part without a name',
    (r) => ({
      body: Buffer.concat([
        fieldParts(r.text()),
        rawPart('Content-Disposition: form-data; filename="a.bin"'),
        end,
      ]),
      type: multipart,
    }),
  ],
  [
    'a text part without a name',
    (r) => ({
      body: Buffer.concat([
        fieldParts(r.text()),
        Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data\r\n\r\nx\r\n`),
        filePart(r.file),
        end,
      ]),
      type: multipart,
    }),
  ],
  [
    'a field sent twice',
    (r) => {
      const [name, value] = Object.entries(r.text()).find(([k]) => k !== 'options')!;
      return {
        body: Buffer.concat([fieldParts({ ...r.text(), [name]: [value, value] }), filePart(r.file), end]),
        type: multipart,
      };
    },
  ],
  [
    'a file sent twice',
    (r) => ({
      body: Buffer.concat([fieldParts(r.text()), filePart(r.file), filePart(r.file), end]),
      type: multipart,
    }),
  ],
  [
    'a text value where the file goes',
    (r) => ({ body: Buffer.concat([fieldParts({ ...r.text(), [r.file]: 'x' }), end]), type: multipart }),
  ],
  [
    'a field after the file',
    (r) => ({ body: Buffer.concat([filePart(r.file), fieldParts(r.text()), end]), type: multipart }),
  ],
  [
    'an unknown field',
    (r) => ({
      body: Buffer.concat([fieldParts({ ...r.text(), isAdmin: 'true' }), filePart(r.file), end]),
      type: multipart,
    }),
  ],
  [
    'a body cut short in the file',
    (r) => ({
      body: Buffer.concat([fieldParts(r.text()), fileHead(r.file, 'read.bin'), fileBytes(300_000)]),
      type: multipart,
    }),
  ],
  [
    'a body cut short in a part head',
    (r) => ({
      body: Buffer.concat([
        fieldParts(r.text()),
        Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-da`),
      ]),
      type: multipart,
    }),
  ],
  [
    'a boundary other than the body uses',
    (r) => ({
      body: Buffer.concat([fieldParts(r.text()), filePart(r.file), end]),
      type: 'multipart/form-data; boundary=something-else',
    }),
  ],
  [
    'no boundary',
    (r) => ({
      body: Buffer.concat([fieldParts(r.text()), filePart(r.file), end]),
      type: 'multipart/form-data',
    }),
  ],
  ['an empty body', () => ({ body: Buffer.alloc(0), type: multipart })],
];

describe.each(FORM_ROUTES)('$method $path refuses a broken form', (route) => {
  it('takes the well-formed form (the cases below differ from it in one way)', async () => {
    const res = await route.as().request(route.method, route.path, {
      body: Buffer.concat([fieldParts(route.text()), filePart(route.file), end]),
      headers: { 'content-type': multipart },
    });
    expect(res.status, res.text).toBeLessThan(300);
  });

  it.each(BROKEN)('with a 4xx envelope, keeps nothing and keeps serving: %s', async (_label, make) => {
    const before = await storedSizes();
    const { body, type } = make(route);
    const res = await route
      .as()
      .request(route.method, route.path, { body, headers: { 'content-type': type } });
    expect(res.status, res.text).toBeGreaterThanOrEqual(400);
    expect(res.status, res.text).toBeLessThan(500);
    const code = (res.body as { code?: string }).code;
    expect(res.body.success).toBe(false);
    expect(isErrorCode(code) && ERROR_CODE_STATUS[code]).toBe(res.status);
    expect((await fetch(new URL('/api/health', server.url))).status).toBe(200);
    expect(await storedSizes()).toEqual(before);
  });
});
