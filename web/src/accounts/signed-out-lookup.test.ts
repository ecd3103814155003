import type { UserDto } from '@ecu/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The first lookup on a screen for signed-out visitors (answerFirst): a visitor the server does
 * not know, on a device that never signed in, is settled without Dexie; anything else takes the
 * full lookup. Each case starts as a fresh page: no copy, the modules loaded anew.
 */
const me = {
  _id: 'u1',
  firstName: 'Tess',
  lastName: 'Tuner',
  email: 'tess@example.com',
  role: 'user',
  onBoarded: true,
  verified: true,
  disabled: false,
} as UserDto;

async function freshPage() {
  globalThis.localStorage?.clear();
  vi.resetModules();
  const gate = await import('./auth-gate');
  const { accountsApi } = await import('./api');
  const { ApiError } = await import('../local/api-client');
  const copy = await import('../local/signed-in-copy');
  return { gate, accountsApi, ApiError, copy };
}

const databases = async () => (await indexedDB.databases()).map((db) => db.name);

describe('the first lookup on a signed-out screen', () => {
  beforeEach(async () => {
    const { localDb } = await import('../local/db');
    await localDb.delete();
    localDb.close();
    vi.restoreAllMocks();
  });

  it('settles a visitor the server does not know as signed out, without creating the local database', async () => {
    const { gate, accountsApi, ApiError, copy } = await freshPage();
    vi.spyOn(accountsApi, 'getMe').mockRejectedValue(new ApiError(401, 'Not signed in'));

    await expect(gate.refreshAuthUser({ answerFirst: true })).resolves.toBeNull();

    expect(copy.readSignedInCopy()).toBeNull();
    expect(await databases()).not.toContain('ecu-portal');
  });

  it('takes the full lookup where the device holds the local database (what it knew is dropped)', async () => {
    const { gate, accountsApi, ApiError, copy } = await freshPage();
    const { localDb } = await import('../local/db');
    // Known in Dexie, but the synchronous copy is gone (cleared site data, an older version).
    await localDb.meta.put({ key: 'authUser', value: me });
    vi.spyOn(accountsApi, 'getMe').mockRejectedValue(new ApiError(401, 'Not signed in'));

    await expect(gate.refreshAuthUser({ answerFirst: true })).resolves.toBeNull();

    expect(copy.readSignedInCopy()).toBeNull();
    expect((await localDb.meta.get('authUser'))?.value).toBeNull();
  });

  it('takes the full lookup when the server names a user', async () => {
    const { gate, accountsApi, copy } = await freshPage();
    vi.spyOn(accountsApi, 'getMe').mockResolvedValue({ message: 'ok', data: me });

    await expect(gate.refreshAuthUser({ answerFirst: true })).resolves.toMatchObject({ _id: 'u1' });

    expect(copy.readSignedInCopy()?._id).toBe('u1');
    const { localDb } = await import('../local/db');
    expect((await localDb.meta.get('authUser'))?.value).toMatchObject({ _id: 'u1' });
  });

  it("on a device that knows nobody, writes the server's naming to the copy before the local database is read", async () => {
    // The full lookup (Dexie) never finishes here: the copy can only come from the answer.
    vi.doMock('./auth-state', () => ({ lookUpUser: () => new Promise(() => {}) }));
    try {
      const { gate, accountsApi, copy } = await freshPage();
      vi.spyOn(accountsApi, 'getMe').mockResolvedValue({ message: 'ok', data: me });
      void gate.refreshAuthUser();
      await vi.waitFor(() => expect(copy.readSignedInCopy()?._id).toBe('u1'));
      expect(copy.readSignedInCopy()).toEqual({
        _id: 'u1',
        role: 'user',
        onBoarded: true,
        verified: true,
        disabled: false,
      });
      expect(await databases()).not.toContain('ecu-portal');
    } finally {
      vi.doUnmock('./auth-state');
    }
  });
});
