import { createPublicKey, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApiClient } from '../../test/http-client';
import { newPushReceiver, type PushReceiver } from '../../test/push-decrypt';

export interface PushDelivery {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** What the service answered. */
  status: number;
}

/**
 * A push service on loopback: records every request, answers 201, or 410 for paths under
 * /gone/ (a subscription the browser dropped). It can fail for a while: answer every request
 * with an error status (`failWith`), or stop listening (connections refused) and come back on
 * the same port.
 */
export interface LoopbackPushService {
  url: string;
  deliveries: PushDelivery[];
  to(path: string): PushDelivery[];
  /** The requests to `path` that it took (2xx). */
  acceptedTo(path: string): PushDelivery[];
  /** Answers every request with `status` from now on; null: back to normal. */
  failWith(status: number | null): void;
  stopListening(): Promise<void>;
  listenAgain(): Promise<void>;
  close(): Promise<void>;
}

export async function startPushService(): Promise<LoopbackPushService> {
  const deliveries: PushDelivery[] = [];
  let failure: number | null = null;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const status = failure ?? (req.url?.startsWith('/gone/') ? 410 : 201);
      deliveries.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks), status });
      res.writeHead(status).end();
    });
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  await listen(0);
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    deliveries,
    to: (path) => deliveries.filter((d) => d.path === path),
    acceptedTo: (path) => deliveries.filter((d) => d.path === path && d.status >= 200 && d.status < 300),
    failWith(status) {
      failure = status;
    },
    stopListening: stop,
    listenAgain: () => listen(port),
    close: () => (server.listening ? stop() : Promise.resolve()),
  };
}

/** A browser turning push on: a fresh key pair and auth secret, posted for `path` of the service. */
export async function subscribeDevice(client: ApiClient, service: LoopbackPushService, path: string) {
  const receiver: PushReceiver = newPushReceiver();
  const endpoint = `${service.url}${path}`;
  const res = await client.post('/api/notifications/subscription', { endpoint, keys: receiver.keys });
  if (res.status !== 201) throw new Error(`subscribe: expected 201, got ${res.status}: ${res.text}`);
  return { receiver, endpoint, path };
}

/** Reads the VAPID JWT of a push request and checks its ES256 signature against publicKey. */
export function verifyVapid(headers: IncomingHttpHeaders, publicKey: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(String(headers.authorization));
  if (!match) throw new Error(`Not a VAPID Authorization header: ${headers.authorization}`);
  const [, jwt, key] = match as unknown as [string, string, string];
  const [head, claims, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(publicKey, 'base64url');
  const verifier = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: verifier, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  const payload = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; sub: string };
  return { valid, key, aud: payload.aud, sub: payload.sub };
}
