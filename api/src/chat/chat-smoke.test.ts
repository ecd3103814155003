import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, verifiedUser } from '../test/factories';
import { startTestServer, type TestServer } from '../test/test-server';
import { submitTicket } from '../test/ticket-helpers';
import { chatClient } from './test/chat-client';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('smoke', () => {
  it('two clients converge', async () => {
    const tuner = await verifiedUser(server);
    const admin = await adminUser(server);
    const { ticket } = await submitTicket(tuner.client);
    const a = chatClient(server.url, tuner.client, tuner.user._id, ticket.ticketNumber);
    const b = chatClient(server.url, admin.client, admin.user._id, ticket.ticketNumber);
    await a.until(() => a.provider.synced);
    await b.until(() => b.provider.synced);
    const m = a.send('Hello support');
    await b.until(() => b.messages().some((x) => x.id === m.id));
    await a.until(() => (a.acked().get(a.doc.clientID) ?? 0) > 0);
    const res = await tuner.client.get<{ messages: unknown[] }>(`/api/chat/${ticket.ticketNumber}`);
    expect(res.body.data.messages).toHaveLength(1);
    a.destroy();
    b.destroy();
  });
});
