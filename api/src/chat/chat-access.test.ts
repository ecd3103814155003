import { CHAT_CLOSE } from '@ecu/shared/chat/protocol';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import {
  adminUser,
  disabledUser,
  newClient,
  onboardedUser,
  signUpUser,
  type TestUser,
  verifiedUser,
} from '../test/factories';
import type { ApiClient } from '../test/http-client';
import { startTestServer, type TestServer } from '../test/test-server';
import { cookieHeader } from '../test/ticket-helpers';
import { chatUserNow } from './access';
import { chatBase, chatClient, upgradeStatus } from './test/chat-client';
import { type ChatSetup, chatSetup, eventually, sleep } from './test/fixtures';
import { CHAT_SOCKETS_PER_ACCOUNT } from './ws-server';

let server: TestServer;
let chat: ChatSetup;
beforeAll(async () => {
  server = await startTestServer();
  chat = await chatSetup(server);
});
afterAll(async () => {
  await server?.close();
});

/** The upgrade a browser of `client` makes to a ticket's room. */
function upgrade(client: ApiClient | null, room: string | number, origin: string | null = server.url) {
  const headers: Record<string, string> = {};
  const cookie = client ? cookieHeader(client) : '';
  if (cookie) headers.cookie = cookie;
  if (origin !== null) headers.origin = origin;
  return upgradeStatus(`${chatBase(server.url)}/${room}`, headers);
}

describe('the upgrade to a chat room is checked before any sync', () => {
  it('lets the ticket owner and an admin in (101)', async () => {
    expect(await upgrade(chat.tuner.client, chat.ticket.ticketNumber)).toBe(101);
    expect(await upgrade(chat.admin.client, chat.ticket.ticketNumber)).toBe(101);
    // A client without a browser Origin (a native app, a test) is not a cross-site page.
    expect(await upgrade(chat.tuner.client, chat.ticket.ticketNumber, null)).toBe(101);
  });

  it.each([
    ['signed out', 401, async () => newClient(server)],
    ['signed up, not onboarded', 403, async () => (await signUpUser(server)).client],
    ['onboarded, not verified', 403, async () => (await onboardedUser(server)).client],
    ['disabled', 403, async () => (await disabledUser(server)).client],
    ['another verified user', 404, async () => (await verifiedUser(server)).client],
  ])('refuses %s with HTTP %i and opens no room', async (_what, status, who) => {
    const client = await who();
    await eventually(() => server.hub.loadedRooms === 0); // the sockets of the test before
    expect(await upgrade(client, chat.ticket.ticketNumber)).toBe(status);
    await sleep(50);
    expect(server.hub.loadedRooms).toBe(0);
  });

  it('answers 404 for a ticket that does not exist or a malformed number', async () => {
    for (const room of ['999999', '0', '01', 'abc', '1e3', '-1', '12345678901']) {
      expect(await upgrade(chat.tuner.client, room), room).toBe(404);
      expect(await upgrade(chat.admin.client, room), room).toBe(404);
    }
  });

  it('refuses a foreign Origin and Origin: null with 403, even for the owner', async () => {
    for (const origin of ['https://evil.example', 'null', 'http://localhost:1', 'file://']) {
      expect(await upgrade(chat.tuner.client, chat.ticket.ticketNumber, origin), origin).toBe(403);
      expect(await upgrade(chat.admin.client, chat.ticket.ticketNumber, origin), origin).toBe(403);
    }
  });

  it('sends nothing of the chat to a refused caller: the body is a plain HTTP error', async () => {
    const stranger = await verifiedUser(server);
    const res = await fetch(`${server.url}/api/chat/${chat.ticket.ticketNumber}`, {
      headers: { cookie: cookieHeader(stranger.client), 'x-forwarded-for': stranger.client.ip },
    });
    expect(res.status).toBe(404);
    const client = chatClient(server.url, stranger.client, stranger.user._id, chat.ticket.ticketNumber);
    await sleep(300);
    expect(client.provider.wsconnected).toBe(false);
    expect(client.provider.synced).toBe(false);
    expect(client.messages()).toEqual([]);
    client.destroy();
  });
});

describe('an account that may no longer chat', () => {
  it('chatUserNow finds no account once it is disabled or signed out', async () => {
    const tuner = await verifiedUser(server);
    const admin = await adminUser(server);
    expect((await chatUserNow(server.deps, cookieHeader(tuner.client)))?.id).toBe(tuner.user._id);
    expect(await chatUserNow(server.deps, undefined)).toBeNull();
    expect((await admin.client.post('/api/admin/disableUser', { userId: tuner.user._id })).status).toBe(200);
    expect(await chatUserNow(server.deps, cookieHeader(tuner.client))).toBeNull();
  });

  it('the minute re-check closes the socket of a session signed out while connected (4403)', async () => {
    // The hub's heartbeat is a 30 s interval: fake intervals only, for a server of this test.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let own: TestServer | undefined;
    try {
      own = await startTestServer();
      const setup: ChatSetup = await chatSetup(own);
      const tuner: TestUser = setup.tuner;
      const client = chatClient(own.url, tuner.client, tuner.user._id, setup.ticket.ticketNumber);
      await eventually(() => client.provider.synced); // (polls with setTimeout)
      // Nothing announces a sign-out to the chat: the re-check finds the session gone.
      expect((await tuner.client.post('/api/auth/logout', {})).status).toBe(200);
      // Beat 1 pings (the client answers), beat 2 re-checks every account.
      vi.advanceTimersByTime(30_000);
      await sleep(200);
      expect(client.provider.wsconnected).toBe(true);
      vi.advanceTimersByTime(30_000);
      const closed = await client.closed();
      expect(closed.code).toBe(CHAT_CLOSE.forbidden);
      client.destroy();
    } finally {
      vi.useRealTimers();
      await own?.close();
    }
  });
});

/** Opens `count` upgrades of `client` at once and keeps those that open (until close()). */
async function parallelUpgrades(client: ApiClient, room: number, count: number) {
  const url = `${chatBase(server.url)}/${room}`;
  const headers = { cookie: cookieHeader(client), origin: server.url };
  const sockets: WebSocket[] = [];
  const statuses = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<number>((resolve, reject) => {
          const ws = new WebSocket(url, { headers });
          sockets.push(ws);
          ws.on('unexpected-response', (_req, res) => {
            resolve(res.statusCode ?? 0);
            ws.terminate();
          });
          ws.on('open', () => resolve(101));
          ws.on('error', (err) => {
            if (!String(err.message).includes('Unexpected server response')) reject(err);
          });
        }),
    ),
  );
  const close = () => {
    for (const ws of sockets) ws.terminate();
  };
  return { statuses, opened: sockets.filter((ws) => ws.readyState === WebSocket.OPEN), close };
}

describe('an account cannot flood the chat with sockets', () => {
  it(`answers 429 past ${CHAT_SOCKETS_PER_ACCOUNT} sockets of one account, even when every upgrade comes at once, and lets in again when one closes`, async () => {
    const own = await chatSetup(server, chat.admin);
    const extra = 20;
    const { statuses, opened, close } = await parallelUpgrades(
      own.tuner.client,
      own.ticket.ticketNumber,
      CHAT_SOCKETS_PER_ACCOUNT + extra,
    );
    try {
      console.info(
        `${statuses.length} parallel upgrades: ${opened.length} opened, cap ${CHAT_SOCKETS_PER_ACCOUNT}`,
      );
      expect(opened).toHaveLength(CHAT_SOCKETS_PER_ACCOUNT);
      expect(statuses.filter((s) => s === 429)).toHaveLength(extra);
      expect(await upgrade(own.tuner.client, own.ticket.ticketNumber)).toBe(429);
      // Another account is not affected.
      expect(await upgrade(own.admin.client, own.ticket.ticketNumber)).toBe(101);
      opened.pop()?.terminate();
      await eventually(() => server.hub.socketsOf(own.tuner.user._id) === CHAT_SOCKETS_PER_ACCOUNT - 1);
      expect(await upgrade(own.tuner.client, own.ticket.ticketNumber)).toBe(101);
    } finally {
      close();
    }
    // Every place is given back once the sockets are gone.
    await eventually(() => server.hub.socketsOf(own.tuner.user._id) === 0);
  });
});
