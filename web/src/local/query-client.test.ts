import { QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from './api-client';
import { localDb } from './db';
import { forgetServerData, persistOptions, queryClient } from './query-client';

type Retry = (count: number, err: unknown) => boolean;

const retry = queryClient.getDefaultOptions().queries?.retry as Retry;

afterEach(async () => {
  queryClient.clear();
  await localDb.queryCache.clear();
  await localDb.meta.delete('authUser');
});

describe('the query client', () => {
  it.each([
    ['a dropped connection', new NetworkError(), [true, true, false]],
    ['a server fault (500)', new ApiError(500, 'Server error'), [true, true, false]],
    ['an unavailable server (503)', new ApiError(503, 'Unavailable'), [true, true, false]],
    ['a refusal (400)', new ApiError(400, 'Bad request'), [false, false, false]],
    ['a missing record (404)', new ApiError(404, 'Not found'), [false, false, false]],
    ['a signed-out session (401)', new ApiError(401, 'Unauthorized'), [false, false, false]],
  ])('retries %s only when it may change, at most twice', (_name, err, expected) => {
    expect([0, 1, 2].map((count) => retry(count, err))).toEqual(expected);
  });

  it('pauses queries offline and keeps them a day; never retries or queues a mutation', () => {
    const { queries, mutations } = queryClient.getDefaultOptions();
    expect(queries?.networkMode).toBe('online');
    expect(queries?.gcTime).toBe(24 * 60 * 60_000);
    expect(mutations?.retry).toBe(false);
    expect(mutations?.networkMode).toBe('always');
  });
});

describe('the persisted copy', () => {
  function aClientWith(data: Record<string, unknown>, failing: string[] = []) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    for (const [key, value] of Object.entries(data)) client.setQueryData([key], value);
    for (const key of failing) {
      const query = client.getQueryCache().build(client, { queryKey: [key] });
      query.setState({ status: 'error', error: new Error('refused'), fetchStatus: 'idle' });
    }
    return client;
  }

  it('keeps only successful queries, under the account that loaded them', async () => {
    const options = persistOptions('admin-1');
    expect(options.buster).toBe('admin-1');
    expect(options.maxAge).toBe(24 * 60 * 60_000);

    const client = aClientWith({ users: [{ _id: 'u1' }] }, ['overview']);
    await persistQueryClientSave({ queryClient: client, ...options });
    await vi.waitFor(async () => expect(await localDb.queryCache.get('tanstack-query')).toBeDefined());

    const stored = JSON.parse(String((await localDb.queryCache.get('tanstack-query'))?.value));
    expect(stored.buster).toBe('admin-1');
    expect(stored.clientState.queries.map((q: { queryKey: unknown }) => q.queryKey)).toEqual([['users']]);
  });

  it('restores the copy for the same account and throws away another account’s', async () => {
    await persistQueryClientSave({
      queryClient: aClientWith({ users: ['ann'] }),
      ...persistOptions('admin-1'),
    });
    await vi.waitFor(async () => expect(await localDb.queryCache.get('tanstack-query')).toBeDefined());

    const same = new QueryClient();
    await persistQueryClientRestore({ queryClient: same, ...persistOptions('admin-1') });
    expect(same.getQueryData(['users'])).toEqual(['ann']);

    const other = new QueryClient();
    await persistQueryClientRestore({ queryClient: other, ...persistOptions('admin-2') });
    expect(other.getQueryData(['users'])).toBeUndefined();
    await vi.waitFor(async () => expect(await localDb.queryCache.get('tanstack-query')).toBeUndefined());
  });

  it('forgets every answer, in memory and on disk', async () => {
    queryClient.setQueryData(['users'], ['ann']);
    await localDb.queryCache.put({ key: 'tanstack-query', value: '{}' });

    await forgetServerData();

    expect(queryClient.getQueryData(['users'])).toBeUndefined();
    expect(await localDb.queryCache.count()).toBe(0);
  });

  it('drops the copies when the signed-in user becomes someone else, not on a refresh of the same user', async () => {
    await localDb.meta.put({ key: 'authUser', value: { _id: 'admin-1' } });
    await new Promise((r) => setTimeout(r, 50));
    queryClient.setQueryData(['users'], ['ann']);
    await localDb.meta.put({ key: 'authUser', value: { _id: 'admin-1', firstName: 'Ann' } });
    await new Promise((r) => setTimeout(r, 50));
    expect(queryClient.getQueryData(['users'])).toEqual(['ann']);

    await localDb.queryCache.put({ key: 'tanstack-query', value: '{}' });
    await localDb.meta.put({ key: 'authUser', value: { _id: 'admin-2' } });
    await vi.waitFor(() => expect(queryClient.getQueryData(['users'])).toBeUndefined());
    await vi.waitFor(async () => expect(await localDb.queryCache.count()).toBe(0));
  });

  it('drops the copies on sign-out', async () => {
    await localDb.meta.put({ key: 'authUser', value: { _id: 'admin-1' } });
    await new Promise((r) => setTimeout(r, 50));
    queryClient.setQueryData(['overview'], { total: 3 });

    await localDb.meta.delete('authUser');
    await vi.waitFor(() => expect(queryClient.getQueryData(['overview'])).toBeUndefined());
  });
});
