import type { UserDto } from '@ecu/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../local/api-client';
import { localDb, setAuthUser } from '../local/db';
import { readSignedInCopy } from '../local/signed-in-copy';
import { accountsApi } from './api';
import {
  AUTH_LOOKUP_LIMIT_MS,
  firstLookupDone,
  forgetAccount,
  isAuthLookupTimedOut,
  refreshAuthUser,
  signOutOffline,
} from './auth-state';

const me: UserDto = {
  _id: 'u1',
  firstName: 'Tess',
  lastName: 'Tuner',
  email: 'tess@example.com',
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

/** A getMe whose answer comes only when the test says so. */
function slowGetMe() {
  let answer: (value: { message: string; data: UserDto }) => void = () => {};
  const spy = vi
    .spyOn(accountsApi, 'getMe')
    .mockImplementation(() => new Promise((resolve) => (answer = resolve)));
  return { spy, answer: () => answer({ message: 'ok', data: me }) };
}

describe('the lookup of the signed-in user', () => {
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await localDb.meta.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('stops waiting after the time limit, and the late answer still lands', async () => {
    const server = slowGetMe();
    const lookup = refreshAuthUser();
    const first = firstLookupDone();
    await vi.advanceTimersByTimeAsync(AUTH_LOOKUP_LIMIT_MS - 1);
    expect(isAuthLookupTimedOut()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(isAuthLookupTimedOut()).toBe(true);
    // What waits behind the first screen (the precache) may start now.
    await expect(first).resolves.toBeUndefined();

    server.answer();
    await expect(lookup).resolves.toEqual(me);
    expect((await localDb.meta.get('authUser'))?.value).toEqual(me);
    expect(isAuthLookupTimedOut()).toBe(false);
  });

  it('Retry asks again instead of waiting on a lookup that may hang', async () => {
    const server = slowGetMe();
    void refreshAuthUser();
    await vi.advanceTimersByTimeAsync(AUTH_LOOKUP_LIMIT_MS);
    expect(isAuthLookupTimedOut()).toBe(true);

    const retry = refreshAuthUser({ fresh: true });
    expect(isAuthLookupTimedOut()).toBe(false);
    await vi.waitFor(() => expect(server.spy).toHaveBeenCalledTimes(2));
    server.answer();
    await expect(retry).resolves.toEqual(me);
  });

  it('a window focus while the lookup waits neither restarts the limit nor takes back the time-out', async () => {
    const server = slowGetMe();
    void refreshAuthUser({ fresh: true });
    await vi.advanceTimersByTimeAsync(AUTH_LOOKUP_LIMIT_MS - 1);
    void refreshAuthUser(); // the focus handler joins the lookup under way
    await vi.advanceTimersByTimeAsync(1);
    expect(isAuthLookupTimedOut()).toBe(true);
    void refreshAuthUser();
    expect(isAuthLookupTimedOut()).toBe(true);
    expect(server.spy).toHaveBeenCalledTimes(1);
    server.answer();
    await vi.waitFor(() => expect(isAuthLookupTimedOut()).toBe(false));
  });

  it('a lookup that fails ends the wait at once (Retry, not Loading for good)', async () => {
    vi.spyOn(accountsApi, 'getMe').mockResolvedValue({ message: 'ok', data: me });
    vi.spyOn(localDb.meta, 'get').mockRejectedValue(new Error('The local database cannot be opened'));
    await expect(refreshAuthUser({ fresh: true })).rejects.toThrow('cannot be opened');
    expect(isAuthLookupTimedOut()).toBe(true);
  });

  it('an answer in time never shows the time-out', async () => {
    vi.spyOn(accountsApi, 'getMe').mockResolvedValue({ message: 'ok', data: me });
    await refreshAuthUser();
    await vi.advanceTimersByTimeAsync(AUTH_LOOKUP_LIMIT_MS);
    expect(isAuthLookupTimedOut()).toBe(false);
  });
});

describe("the route gate's copy of the signed-in user", () => {
  beforeEach(async () => {
    await localDb.meta.clear();
  });
  afterEach(() => vi.restoreAllMocks());

  it('is written when the user is stored, with the gate fields only', async () => {
    vi.spyOn(accountsApi, 'getMe').mockResolvedValue({ message: 'ok', data: me });
    await refreshAuthUser({ fresh: true });
    expect(readSignedInCopy()).toEqual({
      _id: 'u1',
      role: 'user',
      onBoarded: true,
      verified: true,
      disabled: false,
    });
    // A change the sync feed brings (an admin disabled the account) reaches the copy too.
    await setAuthUser({ ...me, disabled: true });
    expect(readSignedInCopy()?.disabled).toBe(true);
  });

  it('is cleared when the session has ended (401)', async () => {
    await setAuthUser(me);
    vi.spyOn(accountsApi, 'getMe').mockRejectedValue(new ApiError(401, 'Not signed in'));
    await expect(refreshAuthUser({ fresh: true })).resolves.toBeNull();
    expect(readSignedInCopy()).toBeNull();
  });

  it('is cleared by sign-out, online or offline', async () => {
    await setAuthUser(me);
    await forgetAccount();
    expect(readSignedInCopy()).toBeNull();
    await setAuthUser(me);
    await signOutOffline();
    expect(readSignedInCopy()).toBeNull();
  });

  it('keeps the cached user when the server cannot be reached (offline start)', async () => {
    await setAuthUser(me);
    vi.spyOn(accountsApi, 'getMe').mockRejectedValue(new Error('offline'));
    await expect(refreshAuthUser({ fresh: true })).resolves.toEqual(me);
    expect(readSignedInCopy()?._id).toBe('u1');
  });
});
