// @vitest-environment happy-dom
import type { UserDto } from '@ecu/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const KEY = 'ecu-signed-in';

const me = {
  _id: 'u1',
  firstName: 'Tess',
  lastName: 'Tuner',
  email: 'tess@example.com',
  role: 'user',
  credits: 12,
  onBoarded: true,
  verified: true,
  disabled: false,
} as UserDto;

/** The module as a fresh start of the app finds it (it reads the copy once, on load). */
async function startApp() {
  vi.resetModules();
  return import('./signed-in-copy');
}

describe('the signed-in copy the route gate starts from', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it('is written with the gate fields only, and read on the next start', async () => {
    const copy = await startApp();
    copy.writeSignedInCopy(me);
    const stored = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    expect(stored).toEqual({
      v: 1,
      user: { _id: 'u1', role: 'user', onBoarded: true, verified: true, disabled: false },
    });
    // No name, e-mail or credits of the account in plain storage.
    expect(localStorage.getItem(KEY)).not.toMatch(/Tess|tess@example.com|credits/);

    const next = await startApp();
    expect(next.readSignedInCopy()).toEqual(stored.user);
  });

  it('is cleared on sign-out: the next start knows nobody is signed in', async () => {
    const copy = await startApp();
    copy.writeSignedInCopy(me);
    copy.writeSignedInCopy(null);
    expect(copy.readSignedInCopy()).toBeNull();
    expect((await startApp()).readSignedInCopy()).toBeNull();
  });

  it('tells who follows it, in this tab', async () => {
    const copy = await startApp();
    const seen: unknown[] = [];
    const stop = copy.subscribeSignedInCopy(() => seen.push(copy.readSignedInCopy()));
    copy.writeSignedInCopy(me);
    copy.writeSignedInCopy(null);
    stop();
    copy.writeSignedInCopy(me);
    expect(seen).toEqual([expect.objectContaining({ _id: 'u1' }), null]);
  });

  it('follows a sign-out in another tab', async () => {
    const copy = await startApp();
    copy.writeSignedInCopy(me);
    const seen = vi.fn();
    copy.subscribeSignedInCopy(seen);
    // The other tab wrote storage; this tab hears the storage event.
    localStorage.setItem(KEY, JSON.stringify({ v: 1, user: null }));
    window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    expect(seen).toHaveBeenCalled();
    expect(copy.readSignedInCopy()).toBeNull();
  });

  it.each([
    ['no copy', null],
    ['not JSON', '{"v":1,'],
    ['another version', JSON.stringify({ v: 2, user: { ...me } })],
    ['no version', JSON.stringify({ user: { ...me } })],
    ['a user without an id', JSON.stringify({ v: 1, user: { ...me, _id: '' } })],
    ['an unknown role', JSON.stringify({ v: 1, user: { ...me, role: 'root' } })],
    ['a flag that is not a boolean', JSON.stringify({ v: 1, user: { ...me, disabled: 'no' } })],
    ['not an object', JSON.stringify({ v: 1, user: 'u1' })],
  ])('is ignored when it is %s (the lookup asks Dexie and the server)', async (_, raw) => {
    if (raw !== null) localStorage.setItem(KEY, raw);
    expect((await startApp()).readSignedInCopy()).toBeUndefined();
  });
});
