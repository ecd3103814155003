import type { AdminUserDetailDto, UserDto } from '@ecu/shared';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { userDetail, userDto } from '../test/admin-fixtures';
import { adminKeys, dropCachedUser, type PagedData, patchCachedUser } from './queries';

const user = (id: string): UserDto => userDto({ _id: id });

function pages(...pageRows: UserDto[][]): PagedData<UserDto> {
  return {
    pages: pageRows.map((data, i) => ({ data, nextCursor: i < pageRows.length - 1 ? `c${i}` : null })),
    pageParams: pageRows.map((_, i) => (i === 0 ? null : `c${i - 1}`)),
  };
}

const rowsOf = (client: QueryClient, key: readonly unknown[]) =>
  client.getQueryData<PagedData<UserDto>>(key)?.pages.flatMap((p) => p.data);

describe('admin cache updates', () => {
  it('puts a change in place in every user list and on the user page', () => {
    const client = new QueryClient();
    client.setQueryData(adminKeys.userList('all', ''), pages([user('a'), user('b')], [user('c')]));
    client.setQueryData(adminKeys.userList('disabled', 'b'), pages([user('b')]));
    client.setQueryData(adminKeys.user('b'), userDetail(user('b')));
    client.setQueryData(adminKeys.transactions(''), pages([user('b')]));

    patchCachedUser(client, 'b', { disabled: true, perCreditPrice: 45 });

    expect(rowsOf(client, adminKeys.userList('all', ''))?.map((u) => [u._id, u.disabled])).toEqual([
      ['a', false],
      ['b', true],
      ['c', false],
    ]);
    expect(rowsOf(client, adminKeys.userList('disabled', 'b'))?.[0]?.perCreditPrice).toBe(45);
    expect(client.getQueryData<AdminUserDetailDto>(adminKeys.user('b'))?.user.disabled).toBe(true);
    // Not a user list: left alone.
    expect(rowsOf(client, adminKeys.transactions(''))?.[0]?.disabled).toBe(false);
  });

  it('takes a deleted user out of the lists and forgets their unobserved page', async () => {
    const client = new QueryClient();
    client.setQueryData(adminKeys.userList('all', ''), pages([user('a'), user('b')]));
    client.setQueryData(adminKeys.user('b'), userDetail(user('b')));
    client.setQueryData([...adminKeys.userPart('b', 'ledger'), { after: 'x' }], pages([]));

    await dropCachedUser(client, 'b');

    expect(rowsOf(client, adminKeys.userList('all', ''))?.map((u) => u._id)).toEqual(['a']);
    expect(client.getQueryData(adminKeys.user('b'))).toBeUndefined();
    expect(client.getQueryCache().findAll({ queryKey: adminKeys.user('b') })).toHaveLength(0);
  });

  it('leaves a deleted user page that is still on screen to the page itself', async () => {
    const client = new QueryClient();
    client.setQueryData(adminKeys.user('b'), userDetail(user('b')));
    const observer = new QueryObserver(client, { queryKey: adminKeys.user('b'), enabled: false });
    const stop = observer.subscribe(() => {});

    await dropCachedUser(client, 'b');

    expect(client.getQueryData(adminKeys.user('b'))).toBeDefined();
    stop();
  });
});
