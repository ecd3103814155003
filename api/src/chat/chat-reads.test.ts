import { partnerReadCount, readCountOf } from '@ecu/shared/chat/doc';
import type { ChatMessage } from '@ecu/shared/chat/message';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chatReadMarkers } from '../db/schema';
import { startTestServer, type TestServer } from '../test/test-server';
import { type ChatClient, chatClient } from './test/chat-client';
import { chatSetup, eventually, loadPayload } from './test/fixtures';

let server: TestServer;
const open: ChatClient[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => {
  for (const client of open.splice(0)) client.destroy();
});
afterAll(async () => {
  await server?.close();
});

async function storedReadCount(ticketId: string, userId: string): Promise<number | undefined> {
  const [row] = await server.deps.db
    .select()
    .from(chatReadMarkers)
    .where(and(eq(chatReadMarkers.ticketId, ticketId), eq(chatReadMarkers.userId, userId)));
  return row?.readCount;
}

const has = (client: ChatClient, m: ChatMessage) => () => client.messages().some((x) => x.id === m.id);

describe('read markers (MESSAGE_READ)', () => {
  it('set reads in the doc, the partner read count and unreadIndex on both sides', async () => {
    const { tuner, admin, ticket } = await chatSetup(server);
    const n = ticket.ticketNumber;
    const a = chatClient(server.url, tuner.client, tuner.user._id, n);
    const b = chatClient(server.url, admin.client, admin.user._id, n);
    open.push(a, b);
    await a.until(() => a.provider.synced);
    await b.until(() => b.provider.synced);

    const t1 = a.send('My read is attached.');
    await b.until(has(b, t1));
    b.send('Thanks, looking at it.');
    const s2 = b.send('Which tool did you read it with?');
    await a.until(has(a, s2));
    expect((await loadPayload(tuner.client, n)).unreadIndex).toBe(1);
    expect((await loadPayload(admin.client, n)).unreadIndex).toBe(0);

    a.markRead(2);
    await a.until(() => readCountOf(a.doc, tuner.user._id) === 2);
    await b.until(() => partnerReadCount(b.doc, admin.user._id) === 2);
    expect((await loadPayload(tuner.client, n)).unreadIndex).toBe(2);
    expect((await loadPayload(admin.client, n)).partnerReadCount).toBe(2);
    await eventually(async () => (await storedReadCount(ticket._id, tuner.user._id)) === 2);

    // More than there are messages is clamped to the number of messages.
    a.markRead(1_000);
    await b.until(() => partnerReadCount(b.doc, admin.user._id) === 3);
    expect(readCountOf(b.doc, tuner.user._id)).toBe(3);
    const tunerView = await loadPayload(tuner.client, n);
    expect(tunerView.unreadIndex).toBe(-1);
    await eventually(async () => (await storedReadCount(ticket._id, tuner.user._id)) === 3);

    // A smaller count never lowers it. The message after it is handled after it (one socket).
    a.markRead(1);
    const t2 = a.send('KESS, over OBD.');
    await b.until(has(b, t2));
    expect(readCountOf(b.doc, tuner.user._id)).toBe(3);
    expect(readCountOf(a.doc, tuner.user._id)).toBe(3);
    expect(await storedReadCount(ticket._id, tuner.user._id)).toBe(3);

    // The admin's side: unread from the customer's first message until the admin reports.
    expect((await loadPayload(admin.client, n)).unreadIndex).toBe(0);
    b.markRead(1);
    await a.until(() => partnerReadCount(a.doc, tuner.user._id) === 1);
    expect((await loadPayload(admin.client, n)).unreadIndex).toBe(3);
    b.markRead(4);
    await a.until(() => partnerReadCount(a.doc, tuner.user._id) === 4);
    const adminView = await loadPayload(admin.client, n);
    expect(adminView.unreadIndex).toBe(-1);
    expect(adminView.partnerReadCount).toBe(3);
    expect((await loadPayload(tuner.client, n)).partnerReadCount).toBe(4);
    await eventually(async () => (await storedReadCount(ticket._id, admin.user._id)) === 4);
  });

  it('keep the furthest count across a reload of the room', async () => {
    const { tuner, ticket } = await chatSetup(server);
    const a = chatClient(server.url, tuner.client, tuner.user._id, ticket.ticketNumber);
    open.push(a);
    await a.until(() => a.provider.synced);
    a.send('one');
    a.send('two');
    a.markRead(2);
    await a.until(() => readCountOf(a.doc, tuner.user._id) === 2);
    a.destroy();
    await eventually(() => server.hub.loadedRooms === 0);

    const again = chatClient(server.url, tuner.client, tuner.user._id, ticket.ticketNumber);
    open.push(again);
    await again.until(() => again.provider.synced && readCountOf(again.doc, tuner.user._id) === 2);
    again.markRead(1);
    again.send('three');
    await again.until(() => (again.acked().get(again.doc.clientID) ?? 0) >= 1);
    expect(readCountOf(again.doc, tuner.user._id)).toBe(2);
    expect(await storedReadCount(ticket._id, tuner.user._id)).toBe(2);
  });
});
