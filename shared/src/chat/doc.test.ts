import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  appendChatMessage,
  chatMessagesOf,
  chatMetaOf,
  chatReadsOf,
  partnerReadCount,
  readCountOf,
  unreadIndexOf,
} from './doc';

const OWNER = 'owner';
const ADMIN = 'admin-1';
const ADMIN_2 = 'admin-2';

// [case, senders in order, read count, viewer, first unread index]
const unread: [string, string[], number, string, number][] = [
  ['nothing to read', [], 0, OWNER, -1],
  ['all read', [OWNER, ADMIN], 2, OWNER, -1],
  ['the reply is new', [OWNER, ADMIN], 1, OWNER, 1],
  ['own messages never count as unread', [ADMIN, OWNER, OWNER], 1, OWNER, -1],
  ['the first one not written by the viewer', [ADMIN, OWNER, ADMIN], 1, OWNER, 2],
  ['never read', [ADMIN, ADMIN], 0, OWNER, 0],
  ['a marker past the end', [ADMIN], 5, OWNER, -1],
  ['a negative marker', [ADMIN], -3, OWNER, 0],
];

describe('unreadIndexOf', () => {
  it.each(unread)('%s', (_case, senders, readCount, viewer, expected) => {
    expect(
      unreadIndexOf(
        senders.map((senderId) => ({ senderId })),
        readCount,
        viewer,
      ),
    ).toBe(expected);
  });
});

function docWith(reads: Record<string, number>): Y.Doc {
  const doc = new Y.Doc();
  chatMetaOf(doc).set('ownerId', OWNER);
  for (const [id, n] of Object.entries(reads)) chatReadsOf(doc).set(id, n);
  return doc;
}

describe('read counts of a chat doc', () => {
  it('gives the owner the furthest any admin has read, and an admin how far the owner has', () => {
    const doc = docWith({ [OWNER]: 2, [ADMIN]: 3, [ADMIN_2]: 5 });
    expect(partnerReadCount(doc, OWNER)).toBe(5);
    expect(partnerReadCount(doc, ADMIN)).toBe(2);
    expect(readCountOf(doc, ADMIN_2)).toBe(5);
    expect(readCountOf(doc, 'nobody')).toBe(0);
  });

  it('is 0 before anyone read and without an owner', () => {
    expect(partnerReadCount(docWith({}), OWNER)).toBe(0);
    expect(partnerReadCount(new Y.Doc(), ADMIN)).toBe(0);
  });

  it('keeps messages in the order they were appended', () => {
    const doc = new Y.Doc();
    appendChatMessage(doc, { id: 'msg-0001', senderId: OWNER, text: 'one', time: 1 });
    appendChatMessage(doc, { id: 'msg-0002', senderId: ADMIN, text: 'two', time: 2 });
    expect(
      chatMessagesOf(doc)
        .toArray()
        .map((m) => m.text),
    ).toEqual(['one', 'two']);
  });
});
