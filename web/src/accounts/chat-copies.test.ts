import type { UserDto } from '@ecu/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { IndexeddbPersistence } from 'y-indexeddb';
import * as Y from 'yjs';
import { chatDbName } from '../local/chat-copies';
import { localDb, setAuthUser } from '../local/db';
import { forgetAccount } from './auth-state';

function user(id: string): UserDto {
  return {
    _id: id,
    firstName: 'Tess',
    lastName: 'Tuner',
    email: `${id}@example.com`,
    address: '1 Bench Lane',
    country: 'GB',
    city: 'Leeds',
    postalCode: 'LS1 1AA',
    role: 'user',
    credits: 0,
    perCreditPrice: 1,
    totalMoneySpent: 0,
    totalFilesSubmitted: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    onBoarded: true,
    verified: true,
    disabled: false,
    locale: 'en',
  };
}

/** A chat copy as the chat panel leaves it on the device: y-indexeddb's database with a message. */
async function leaveChatCopy(ticketNumber: number, userId: string): Promise<string> {
  const name = chatDbName(ticketNumber, userId);
  const doc = new Y.Doc();
  const persistence = new IndexeddbPersistence(name, doc);
  await persistence.whenSynced;
  doc.getArray('messages').push(['a private message']);
  await persistence.set('server-state', new Uint8Array([0]).buffer);
  await persistence.destroy();
  doc.destroy();
  return name;
}

async function databases(): Promise<string[]> {
  return (await indexedDB.databases()).flatMap((info) => (info.name ? [info.name] : [])).sort();
}

afterEach(async () => {
  await forgetAccount();
});

describe("the chats' databases on this device", () => {
  it('go on sign-out; the portal database stays', async () => {
    await setAuthUser(user('tess'));
    const copies = [await leaveChatCopy(100001, 'tess'), await leaveChatCopy(100002, 'tess')];
    expect(await databases()).toEqual(expect.arrayContaining(copies));

    await forgetAccount();

    const left = await databases();
    expect(left.filter((name) => name.startsWith('ecu-chat-'))).toEqual([]);
    expect(left).toContain(localDb.name);
  });

  it("of another account go when this one signs in; this account's stay", async () => {
    await setAuthUser(user('tess'));
    const tess = await leaveChatCopy(100003, 'tess');
    // Another account on the same device, with no sign-out in between (the session ended).
    const other = await leaveChatCopy(100004, 'tom-2');

    await setAuthUser(user('tess'));
    expect(await databases()).toEqual(expect.arrayContaining([tess, other]));

    await setAuthUser(user('tom-2'));
    const left = await databases();
    expect(left).not.toContain(tess);
    expect(left).toContain(other);
  });

  it('go when the session ends (401), as the synced copy does', async () => {
    await setAuthUser(user('tess'));
    const tess = await leaveChatCopy(100005, 'tess');
    await setAuthUser(null);
    expect(await databases()).not.toContain(tess);
  });
});
