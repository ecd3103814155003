import { randomBytes } from 'node:crypto';
import type { ChatAttachment } from '@ecu/shared/chat/message';
import { CHAT_CLOSE } from '@ecu/shared/chat/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newClient, verifiedUser } from '../test/factories';
import { startTestServer, type TestServer } from '../test/test-server';
import {
  createTusUpload,
  download,
  fileBytes,
  submitTicket,
  tusUpload,
  uploadRow,
} from '../test/ticket-helpers';
import { type ChatClient, chatClient } from './test/chat-client';
import { type ChatSetup, chatSetup, eventually, loadPayload } from './test/fixtures';

let server: TestServer;
let chat: ChatSetup;
let observer: ChatClient;
const open: ChatClient[] = [];
beforeAll(async () => {
  server = await startTestServer();
  chat = await chatSetup(server);
  observer = chatClient(server.url, chat.admin.client, chat.admin.user._id, chat.ticket.ticketNumber);
  await observer.until(() => observer.provider.synced);
});
afterEach(() => {
  for (const client of open.splice(0)) client.destroy();
});
afterAll(async () => {
  observer?.destroy();
  await server?.close();
});

async function tunerClient(): Promise<ChatClient> {
  const { tuner, ticket } = chat;
  const client = chatClient(server.url, tuner.client, tuner.user._id, ticket.ticketNumber);
  open.push(client);
  await client.until(() => client.provider.synced && client.messages().length === observer.messages().length);
  return client;
}

/** A finished tus upload of `purpose` by `client`, described as a message attaches it. */
async function uploaded(client = chat.tuner.client, purpose = 'chat', size = 3000) {
  const bytes = fileBytes(size);
  const name = purpose === 'chat' ? 'idle-log.csv' : 'extra.txt';
  const { uploadId } = await tusUpload(client, bytes, { metadata: { filename: name, purpose } });
  return { bytes, attachment: { id: uploadId, name, size } satisfies ChatAttachment };
}

describe('attachments', () => {
  it('a finished chat upload attached to a message downloads for the owner and admins only', async () => {
    const { bytes, attachment } = await uploaded();
    const a = await tunerClient();
    const m = a.send('Here is the log of the stall.', { attachments: [attachment] });
    await observer.until(() => observer.messages().some((x) => x.id === m.id));
    // The file is attached by the message's side effects, just after it is relayed.
    await eventually(async () => (await uploadRow(server.deps.db, attachment.id))?.status === 'attached');
    expect(observer.messages().at(-1)?.attachments).toEqual([attachment]);

    const n = chat.ticket.ticketNumber;
    const url = `/api/chat/${n}/attachments/${attachment.id}`;
    const [dto] = (await loadPayload(chat.tuner.client, n)).messages;
    expect(dto?.attachments).toEqual([{ ...attachment, url }]);
    for (const who of [chat.tuner.client, chat.admin.client]) {
      const file = await download(who, url);
      expect(file.status).toBe(200);
      expect(file.bytes.equals(bytes)).toBe(true);
    }

    const stranger = await verifiedUser(server);
    expect((await download(stranger.client, url)).status).toBe(404);
    expect((await download(newClient(server), url)).status).toBe(401);
    // The file belongs to this ticket's chat, not to another ticket of the same owner.
    const { ticket: other } = await submitTicket(chat.tuner.client);
    const elsewhere = await download(
      chat.tuner.client,
      `/api/chat/${other.ticketNumber}/attachments/${attachment.id}`,
    );
    expect(elsewhere.status).toBe(404);
  });

  const notYours = 'An attached file is not a finished upload of yours';
  const refusals: [string, string, () => Promise<ChatAttachment[]>][] = [
    [
      'an unfinished upload',
      notYours,
      async () => {
        const created = await createTusUpload(chat.tuner.client, 5000, {
          filename: 'half.csv',
          purpose: 'chat',
        });
        expect(created.status).toBe(201);
        const id = new URL(created.headers.get('location')!, server.url).pathname.split('/').pop()!;
        return [{ id, name: 'half.csv', size: 5000 }];
      },
    ],
    [
      "another user's upload",
      notYours,
      async () => [(await uploaded((await verifiedUser(server)).client)).attachment],
    ],
    ["a 'common' upload", notYours, async () => [(await uploaded(chat.tuner.client, 'common')).attachment]],
    [
      'an upload that does not exist',
      notYours,
      async () => [{ id: randomBytes(18).toString('base64url'), name: 'ghost.bin', size: 10 }],
    ],
    [
      'an upload another message holds already',
      notYours,
      async () => [observer.messages().find((m) => m.attachments)!.attachments![0]!],
    ],
    [
      'the same file twice',
      'A file can be attached once',
      async () => {
        const { attachment } = await uploaded();
        return [attachment, attachment];
      },
    ],
  ];

  it.each(refusals)(
    'naming %s is refused (4400) and nothing is stored',
    async (_name, reason, attachments) => {
      const files = await attachments();
      const before = await loadPayload(chat.tuner.client, chat.ticket.ticketNumber);
      const a = await tunerClient();
      a.send('See the file.', { attachments: files });
      expect(await a.closed()).toEqual({ code: CHAT_CLOSE.refusedUpdate, reason });
      expect(await loadPayload(chat.tuner.client, chat.ticket.ticketNumber)).toEqual(before);
      expect(observer.messages()).toHaveLength(before.messages.length);
      // A refused message attaches nothing: files that were free stay free.
      const heldBefore = new Set(before.messages.flatMap((m) => m.attachments.map((f) => f.id)));
      for (const file of files.filter((f) => !heldBefore.has(f.id))) {
        expect((await uploadRow(server.deps.db, file.id))?.status).not.toBe('attached');
      }
    },
  );
});
