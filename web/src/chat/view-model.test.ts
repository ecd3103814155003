import type { ChatPerson } from '@ecu/shared/chat/doc';
import { chatMessagesOf, unreadIndexOf } from '@ecu/shared/chat/doc';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { type ChatEntry, chatEntries } from './entries';
import { buildChatView, clockText } from './view-model';

const people = new Map<string, ChatPerson>([
  ['owner', { firstName: 'Ann', lastName: 'Lee', role: 'user' }],
  ['sam', { firstName: 'Sam', lastName: 'Support', role: 'admin' }],
]);

const at = (day: number, hour: number, minute = 0) => Date.UTC(2025, 2, day, hour, minute);
const entry = (
  senderId: string,
  time: number,
  clock: number,
  client = senderId === 'owner' ? 1 : 2,
): ChatEntry => ({
  message: { id: `m-${client}-${clock}`, senderId, text: `text ${clock}`, time },
  id: { client, clock },
});

const entries = [
  entry('owner', at(4, 9, 5), 0),
  entry('sam', at(4, 17, 30), 0),
  entry('owner', at(5, 8), 1),
  entry('sam', at(5, 23, 59), 1),
  entry('owner', at(6, 0, 1), 2),
];

describe('chat view', () => {
  it('groups by day with en-GB headings and 24-hour times', () => {
    const view = buildChatView(entries, {
      viewerId: 'owner',
      people,
      known: new Map(),
      partnerRead: 0,
      unreadIndex: -1,
      timeZone: 'UTC',
    });
    expect(view.days.map((d) => d.day)).toEqual(['04 March 2025', '05 March 2025', '06 March 2025']);
    expect(view.days.map((d) => d.messages.map((m) => m.clock))).toEqual([
      ['09:05', '17:30'],
      ['08:00', '23:59'],
      ['00:01'],
    ]);
    expect(view.days[0]?.messages.map((m) => m.sender)).toEqual(['You', 'Sam Support']);
    expect(view.count).toBe(5);
  });

  it("gives the viewer's own messages pending, sent or read, and others' none", () => {
    const view = buildChatView(entries, {
      viewerId: 'owner',
      people,
      // The server holds the owner's first two messages; support has read three messages.
      known: new Map([
        [1, 2],
        [2, 2],
      ]),
      partnerRead: 3,
      unreadIndex: -1,
      timeZone: 'UTC',
    });
    const all = view.days.flatMap((d) => d.messages);
    expect(all.map((m) => m.delivery)).toEqual(['read', null, 'read', null, 'pending']);
    expect(all.map((m) => m.mine)).toEqual([true, false, true, false, true]);
    const later = buildChatView(entries, {
      viewerId: 'owner',
      people,
      known: new Map([[1, 3]]),
      partnerRead: 3,
      unreadIndex: -1,
    });
    expect(later.days.flatMap((d) => d.messages).map((m) => m.delivery)).toEqual([
      'read',
      null,
      'read',
      null,
      'sent',
    ]);
  });

  it('puts the unread divider where the reader stopped, and drops one past the end', () => {
    const readBefore = 2;
    const index = unreadIndexOf(
      entries.map((e) => e.message),
      readBefore,
      'sam',
    );
    expect(index).toBe(2);
    const base = { viewerId: 'sam', people, known: new Map(), partnerRead: 0 };
    expect(buildChatView(entries, { ...base, unreadIndex: index }).unreadIndex).toBe(2);
    expect(buildChatView(entries.slice(0, 2), { ...base, unreadIndex: index }).unreadIndex).toBe(-1);
    expect(buildChatView(entries, { ...base, unreadIndex: -1 }).unreadIndex).toBe(-1);
  });

  it('keys messages by their Yjs slot and keeps the attachments', () => {
    const withFile: ChatEntry = {
      message: {
        id: 'm-file',
        senderId: 'sam',
        text: 'log.txt',
        time: at(5, 10),
        attachments: [{ id: 'upload-1234567890abcdef', name: 'log.txt', size: 2048 }],
      },
      id: { client: 42, clock: 9 },
    };
    const view = buildChatView([withFile], {
      viewerId: 'owner',
      people,
      known: new Map(),
      partnerRead: 0,
      unreadIndex: -1,
    });
    const m = view.days[0]?.messages[0];
    expect(m?.key).toBe('42:9');
    expect(m?.attachments).toEqual(withFile.message.attachments);
  });

  it('formats the clock in the viewer time zone', () => {
    expect(clockText(Date.UTC(2025, 5, 1, 21, 7), 'UTC')).toBe('21:07');
    expect(clockText(Date.UTC(2025, 5, 1, 21, 7), 'Europe/London')).toBe('22:07');
  });
});

describe('times the server decides, and bad stored entries', () => {
  const context = {
    viewerId: 'owner',
    people,
    known: new Map(),
    partnerRead: 0,
    unreadIndex: -1,
    timeZone: 'UTC',
  };

  it("shows the server's receive time, not the writer's clock (a 2017 date)", () => {
    const written = entry('owner', Date.UTC(2017, 0, 1, 12), 0);
    const view = buildChatView([written], {
      ...context,
      received: new Map([[written.message.id, at(5, 10, 15)]]),
    });
    expect(view.days.map((d) => d.day)).toEqual(['05 March 2025']);
    expect(view.days[0]?.messages[0]).toMatchObject({ clock: '10:15', time: at(5, 10, 15) });
  });

  it('formats a time no Date holds as nothing instead of throwing', () => {
    expect(clockText(9e15, 'UTC')).toBe('');
    expect(clockText(Number.NaN)).toBe('');
  });

  it('leaves out stored entries that are not messages (from before the server checked them)', () => {
    const doc = new Y.Doc();
    const good = { id: 'good-0001', senderId: 'owner', text: 'kept', time: at(4, 9) };
    chatMessagesOf(doc).push([
      good,
      { ...good, id: 'far-future', time: 9e15 },
      null as never,
      'a string' as never,
      { id: 'x' } as never,
    ]);
    const kept = chatEntries(chatMessagesOf(doc));
    expect(kept.map((e) => e.message.id)).toEqual(['good-0001']);
    expect(() => buildChatView(kept, context)).not.toThrow();
  });
});
