import { readdir, stat } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestUser, verifiedUser } from '../test/factories';
import { startTestServer, type TestServer } from '../test/test-server';
import { cookieHeader, fileBytes, MiB, ticketFields } from '../test/ticket-helpers';

let server: TestServer;
let tuner: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  tuner = await verifiedUser(server);
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
    const first = Buffer.concat([fileHead('ecuFile', 'read.bin'), fileBytes(MiB), Buffer.from('\r\n')]);
    // The vehicle fields come after the file, and one of them is wrong.
    const second = Buffer.concat([
      fieldParts(ticketFields({ transmission: 'Hovercraft' })),
      Buffer.from(`--${BOUNDARY}--\r\n`),
    ]);
    const res = await slowForm(first, second, async () => {});
    expect(res.status).toBe(400);
    expect(await storedSizes()).toEqual(before);
  });
});
