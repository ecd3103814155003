// @vitest-environment happy-dom
import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { fail, mockApi, ok, setOnline } from '../test/api-mock';
import { ApiError, apiRequest, NetworkError } from './api-client';
import { isOnline, resetConnectivity, subscribeOnline } from './connectivity';
import './query-client'; // hands the signal to TanStack Query's onlineManager
import { installOutboxHandlers, type OutboxHandlers } from './outbox';
import { startSyncLoop } from './sync-engine';

const noAnswer = () => Promise.reject(new TypeError('Failed to fetch'));

/** Lets the probe's fetch and its promise callbacks run. */
async function settle() {
  for (let i = 0; i < 5; i++) await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

afterEach(() => {
  vi.useRealTimers();
  resetConnectivity();
});

describe('reachability beside navigator.onLine', () => {
  it('counts as offline only once the probe confirms that the server does not answer', async () => {
    const api = mockApi();
    api.on('GET', '/admin/users', noAnswer);
    await expect(apiRequest('GET', '/admin/users')).rejects.toBeInstanceOf(NetworkError);
    await settle();
    // The probe got an answer: one request that failed is not "offline".
    expect(api.calls('GET', '/health')).toHaveLength(1);
    expect(isOnline()).toBe(true);

    api.on('GET', '/health', noAnswer);
    const changes = vi.fn();
    const stop = subscribeOnline(changes);
    await expect(apiRequest('GET', '/admin/users')).rejects.toBeInstanceOf(NetworkError);
    await settle();
    stop();
    expect(isOnline()).toBe(false);
    expect(changes).toHaveBeenCalled();
    expect(onlineManager.isOnline()).toBe(false);
  });

  it.each([
    ['an answer to any request, an error status too', 'answer'],
    ['the next probe that gets an answer', 'probe'],
    ['the browser going online again', 'online-event'],
  ])('is back online after %s', async (_name, how) => {
    // The web project's fake timers leave setImmediate real (vite.config.ts): IndexedDB's work
    // (the database query-client.ts opens on import) must not be dropped with a fake clock.
    vi.useFakeTimers();
    const api = mockApi();
    api.on('GET', '/health', noAnswer);
    api.on('GET', '/admin/users', noAnswer);
    await expect(apiRequest('GET', '/admin/users')).rejects.toBeInstanceOf(NetworkError);
    await vi.advanceTimersByTimeAsync(0);
    expect(isOnline()).toBe(false);

    if (how === 'answer') {
      api.on('GET', '/admin/users', fail(500, 'Boom'));
      await expect(apiRequest('GET', '/admin/users')).rejects.toBeInstanceOf(ApiError);
    } else if (how === 'probe') {
      // While offline the probe keeps asking; the first answer ends it.
      await vi.advanceTimersByTimeAsync(3_000);
      expect(isOnline()).toBe(false);
      api.on('GET', '/health', ok(null));
      await vi.advanceTimersByTimeAsync(3_000);
    } else {
      window.dispatchEvent(new Event('online'));
    }
    expect(isOnline()).toBe(true);
    expect(onlineManager.isOnline()).toBe(true);
  });

  it('a cancelled request says nothing about the network', async () => {
    const api = mockApi();
    const aborted = new AbortController();
    aborted.abort();
    await expect(
      apiRequest('GET', '/admin/users', undefined, { signal: aborted.signal }),
    ).rejects.toMatchObject({
      name: 'AbortError',
    });
    await settle();
    expect(api.calls('GET', '/health')).toHaveLength(0);
    expect(isOnline()).toBe(true);
  });

  it('follows the browser flag: offline is offline without asking the server', async () => {
    const api = mockApi();
    setOnline(false);
    expect(isOnline()).toBe(false);
    api.on('GET', '/admin/users', noAnswer);
    await expect(apiRequest('GET', '/admin/users')).rejects.toBeInstanceOf(NetworkError);
    await settle();
    expect(api.calls('GET', '/health')).toHaveLength(0);
  });

  it('the sync loop runs again as soon as the server answers, without waiting for its minute', async () => {
    const api = mockApi();
    api.on('GET', '/sync', noAnswer);
    api.on('GET', '/health', noAnswer);
    // An empty outbox: the loop sends nothing and pulls.
    installOutboxHandlers({} as OutboxHandlers);
    // A round that fails otherwise (the local database, say) never asks the server: the test
    // says why instead of waiting for an offline that cannot come.
    const errors: unknown[] = [];
    const stop = startSyncLoop((err) => errors.push(err));
    onTestFinished(stop);
    // A pass takes tens of milliseconds; the margin is for a loaded CI machine.
    const patiently = { timeout: 5_000 };
    await vi.waitFor(() => {
      expect(errors).toEqual([]);
      expect(isOnline()).toBe(false);
    }, patiently);
    expect(api.calls('GET', '/sync')).toHaveLength(1);

    // The server answers again, here another request (a probe's answer does the same: above).
    api.on('GET', '/sync', ok({ changes: [], cursor: '0', hasMore: false }));
    api.on('GET', '/admin/users', ok([]));
    await apiRequest('GET', '/admin/users');
    expect(isOnline()).toBe(true);
    await vi.waitFor(() => expect(api.calls('GET', '/sync')).toHaveLength(2), patiently);
    expect(errors).toEqual([]);
  });
});
