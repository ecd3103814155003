import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import { drainServer, shutDown } from './shutdown';

const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.closeAllConnections();
});

/** A server whose answers take `ms` (never, for Infinity); resolves once it listens. */
async function slowServer(ms: number, answered = () => {}): Promise<{ server: Server; port: number }> {
  const server = createServer((_req, res) => {
    res.on('finish', answered);
    if (Number.isFinite(ms)) setTimeout(() => res.end('done'), ms);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, port: (server.address() as AddressInfo).port };
}

/** A keep-alive GET; resolves with the status and body, or the error. */
function get(port: number): Promise<{ status: number; body: string } | Error> {
  return new Promise((resolve) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/', headers: { connection: 'keep-alive' } },
      (res) => {
        let body = '';
        res.on('data', (c) => {
          body += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', resolve);
      },
    );
    req.on('error', resolve);
    req.end();
  });
}

describe('drainServer', () => {
  it('lets a request in flight finish, refuses new ones, and resolves once it is done', async () => {
    const { server, port } = await slowServer(400);
    const inFlight = get(port);
    await new Promise((r) => setTimeout(r, 50));
    const started = performance.now();
    const drained = drainServer(server, 5_000);
    expect(await get(port)).toBeInstanceOf(Error);
    expect(await inFlight).toEqual({ status: 200, body: 'done' });
    expect(await drained).toEqual({ drained: true });
    const took = performance.now() - started;
    expect(took).toBeGreaterThanOrEqual(300);
    expect(took).toBeLessThan(2_000);
  });

  it('cuts what is still running at the limit', async () => {
    const { server, port } = await slowServer(Number.POSITIVE_INFINITY);
    const stuck = get(port);
    await new Promise((r) => setTimeout(r, 50));
    const started = performance.now();
    expect(await drainServer(server, 300)).toEqual({ drained: false });
    expect(performance.now() - started).toBeGreaterThanOrEqual(280);
    expect(await stuck).toBeInstanceOf(Error);
  });
});

describe('shutDown', () => {
  it('closes the chat first and the database only after the request in flight was answered', async () => {
    const events: string[] = [];
    const { server, port } = await slowServer(300, () => events.push('answered'));
    const inFlight = get(port);
    await new Promise((r) => setTimeout(r, 50));
    await shutDown({
      server,
      graceMs: 5_000,
      logger: createLogger('silent'),
      closeChat: async () => {
        events.push('chat closed');
      },
      closeRuntime: async () => {
        events.push('database closed');
      },
    });
    expect(await inFlight).toEqual({ status: 200, body: 'done' });
    expect(events).toEqual(['chat closed', 'answered', 'database closed']);
  });
});
