import { CHAT_DOC } from '@ecu/shared/chat/doc';
import type { ChatMessage } from '@ecu/shared/chat/message';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server';
import { type ChatClient, chatClient } from './test/chat-client';
import { type ChatSetup, chatSetup, loadPayload, sleep } from './test/fixtures';

const SUPPORT_EMAIL = 'desk@ecu.test';

let server: TestServer;
const open: ChatClient[] = [];
beforeAll(async () => {
  server = await startTestServer({ env: { SUPPORT_EMAIL } });
});
afterEach(() => {
  for (const client of open.splice(0)) client.destroy();
});
afterAll(async () => {
  await server?.close();
});

/** The tuner's and the admin's clients on a new ticket, both synced. */
async function twoClients(): Promise<ChatSetup & { a: ChatClient; b: ChatClient }> {
  const setup = await chatSetup(server);
  const n = setup.ticket.ticketNumber;
  const a = chatClient(server.url, setup.tuner.client, setup.tuner.user._id, n);
  const b = chatClient(server.url, setup.admin.client, setup.admin.user._id, n);
  open.push(a, b);
  await a.until(() => a.provider.synced);
  await b.until(() => b.provider.synced);
  return { ...setup, a, b };
}

const has = (client: ChatClient, m: ChatMessage) => () => client.messages().some((x) => x.id === m.id);
const countOf = (client: ChatClient, m: ChatMessage) => client.messages().filter((x) => x.id === m.id).length;

describe('two y-websocket clients on a ticket', () => {
  it('converge, see messages live, and the load payload has the documented shape', async () => {
    const { tuner, admin, ticket, a, b } = await twoClients();
    const n = ticket.ticketNumber;
    const empty = await loadPayload(tuner.client, n);
    expect(empty).toMatchObject({ ticketNumber: n, messages: [], unreadIndex: -1, partnerReadCount: 0 });
    // Before any admin wrote, the owner talks to "Support" at the support address.
    expect(empty.chatPartner).toEqual({
      firstName: 'Support',
      lastName: '',
      role: 'admin',
      email: SUPPORT_EMAIL,
    });

    const m1 = a.send('Hello support, the car stalls at idle.');
    await b.until(has(b, m1));
    const m2 = b.send('  Please send a log.  ');
    await a.until(has(a, m2));
    expect(a.messages()).toEqual([m1, m2]);
    expect(b.messages()).toEqual([m1, m2]);

    // Each message shows the time the server received it (written into the doc by the server).
    const receivedAt = (m: ChatMessage) => {
      const at = a.doc.getMap<number>(CHAT_DOC.received).get(m.id);
      return at === undefined ? 'not received' : new Date(at).toISOString();
    };
    await a.until(() => a.doc.getMap(CHAT_DOC.received).size === 2);
    const forTuner = await loadPayload(tuner.client, n);
    expect(forTuner.messages).toEqual([
      {
        _id: m1.id,
        message: m1.text,
        createdAt: receivedAt(m1),
        writtenAt: new Date(m1.time).toISOString(),
        sender: { _id: tuner.user._id, firstName: 'Ada', lastName: 'Lovelace', role: 'user' },
        attachments: [],
      },
      {
        _id: m2.id,
        message: m2.text,
        createdAt: receivedAt(m2),
        writtenAt: new Date(m2.time).toISOString(),
        sender: {
          _id: admin.user._id,
          firstName: admin.user.firstName,
          lastName: admin.user.lastName,
          role: 'admin',
        },
        attachments: [],
      },
    ]);
    expect(forTuner.unreadIndex).toBe(1);
    // The admin who last wrote, reached at the support address (not the admin's own).
    expect(forTuner.chatPartner).toEqual({
      firstName: admin.user.firstName,
      lastName: admin.user.lastName,
      role: 'admin',
      email: SUPPORT_EMAIL,
    });
    expect(admin.user.email).not.toBe(SUPPORT_EMAIL);

    const forAdmin = await loadPayload(admin.client, n);
    expect(forAdmin.messages.map((m) => m._id)).toEqual([m1.id, m2.id]);
    expect(forAdmin.unreadIndex).toBe(0);
    expect(forAdmin.chatPartner).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      role: 'user',
      email: tuner.email,
    });
  });

  it('a message written while a client is offline arrives once after it reconnects', async () => {
    const { ticket, tuner, a, b } = await twoClients();
    const before = a.send('Sent while both are online');
    await b.until(has(b, before));

    b.provider.disconnect();
    await b.until(() => !b.provider.wsconnected);
    const whileAway = a.send('Sent while support is offline');
    await a.until(() => (a.acked().get(a.doc.clientID) ?? 0) > 1);
    const offline = b.send('Written offline by support');
    await sleep(100);
    expect(countOf(b, whileAway)).toBe(0);
    expect(countOf(a, offline)).toBe(0);

    b.provider.connect();
    await b.until(has(b, whileAway));
    await a.until(has(a, offline));
    await sleep(300); // anything sent twice would have arrived by now
    for (const client of [a, b]) {
      expect(countOf(client, whileAway)).toBe(1);
      expect(countOf(client, offline)).toBe(1);
      expect(client.messages()).toHaveLength(3);
    }
    expect(a.messages()).toEqual(b.messages());
    const stored = await loadPayload(tuner.client, ticket.ticketNumber);
    expect(stored.messages.map((m) => m._id).sort()).toEqual([before.id, whileAway.id, offline.id].sort());

    // A fresh client gets the same history, each message once.
    const c = chatClient(server.url, tuner.client, tuner.user._id, ticket.ticketNumber);
    open.push(c);
    await c.until(() => c.provider.synced && c.messages().length === 3);
    expect(c.messages()).toEqual(a.messages());
  });

  it('relays typing awareness in the sender own name only', async () => {
    const { tuner, admin, a, b } = await twoClients();
    a.provider.awareness.setLocalStateField('user', { id: tuner.user._id });
    a.provider.awareness.setLocalStateField('typing', true);
    const stateOfA = () => b.provider.awareness.getStates().get(a.doc.clientID);
    await b.until(() => stateOfA()?.typing === true);
    // The server names the writer from the account, whatever the client said.
    const tunerName = { id: tuner.user._id, name: 'Ada Lovelace', role: 'user' };
    const adminName = {
      id: admin.user._id,
      name: `${admin.user.firstName} ${admin.user.lastName}`.trim(),
      role: 'admin',
    };
    expect(stateOfA()?.user).toEqual(tunerName);

    // The admin's client claims to be the tuner, then speaks for itself.
    const seenAtA: unknown[] = [];
    a.provider.awareness.on('change', () => {
      const state = a.provider.awareness.getStates().get(b.doc.clientID);
      if (state) seenAtA.push(state.user);
    });
    b.provider.awareness.setLocalStateField('user', { id: tuner.user._id });
    b.provider.awareness.setLocalState({ user: { id: admin.user._id }, typing: true });
    await a.until(() => a.provider.awareness.getStates().get(b.doc.clientID)?.typing === true);
    expect(seenAtA.length).toBeGreaterThan(0);
    expect(seenAtA.every((user) => JSON.stringify(user) === JSON.stringify(adminName))).toBe(true);

    a.provider.awareness.setLocalStateField('typing', false);
    await b.until(() => stateOfA()?.typing === false);
    // A client that leaves is removed from the others' awareness.
    a.provider.disconnect();
    await b.until(() => stateOfA() === undefined);
  });
});
