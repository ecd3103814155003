// @vitest-environment happy-dom

import { describe, expect, it } from 'vitest';
import { signInAs, userDto } from '../../test/admin-fixtures';
import { fail, mockApi, ok } from '../../test/api-mock';
import { findToast, renderWithProviders } from '../../test/render';
import { screen, waitFor, within } from '../../test/rtl';
import AllUsersPage from './all-users-page';
import DisabledUsersPage from './disabled-users-page';
import UnverifiedUsersPage from './unverified-users-page';

function rowOf(email: string): HTMLElement {
  const row = screen.getByText(email.split('@')[0] ?? email).closest('tr');
  if (!row) throw new Error(`no row for ${email}`);
  return row;
}

describe('the users list', () => {
  it('shows each user with money spent, credit price, files and role', async () => {
    const api = mockApi();
    const jane = userDto({
      firstName: 'Jane',
      lastName: 'Roe',
      email: 'jane@garage.co.uk',
      totalMoneySpent: 1234.5,
    });
    const raw = userDto({
      firstName: '',
      lastName: '',
      email: 'new@x.com',
      verified: false,
      totalFilesSubmitted: 0,
    });
    api.on('GET', '/admin/getAllUsers', ok([jane, raw], { message: 'Users', nextCursor: null }));
    renderWithProviders(<AllUsersPage />);

    expect(screen.getByRole('heading', { name: 'Users' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Jane Roe' })).toBeTruthy();
    const row = rowOf('jane@garage.co.uk');
    expect(within(row).getByText('£1,234.50')).toBeTruthy();
    expect(within(row).getByText('£60.00')).toBeTruthy();
    expect(within(row).getByRole('combobox', { name: 'Role of jane@garage.co.uk' })).toHaveProperty(
      'value',
      'user',
    );
    // Before onboarding a user has no names: the e-mail address stands for them, marked unverified.
    const unnamed = screen.getByRole('link', { name: 'new@x.com' });
    expect(unnamed.getAttribute('href')).toBe(`/users/${raw._id}`);
    expect(within(unnamed.closest('tr') as HTMLElement).getByText('Unverified')).toBeTruthy();
    expect(screen.getByText('Showing 2 users')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('pages on with the cursor the server sent', async () => {
    const api = mockApi();
    const first = userDto({ email: 'first@x.com' });
    const second = userDto({ email: 'second@x.com' });
    api.on('GET', '/admin/getAllUsers', ({ query }) =>
      query.get('cursor') === 'c1' ? ok([second], { nextCursor: null }) : ok([first], { nextCursor: 'c1' }),
    );
    const { user } = renderWithProviders(<AllUsersPage />);

    expect(await screen.findByText('Showing 1 user; more are available')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Showing 2 users')).toBeTruthy();
    expect(screen.getAllByTestId('user-row')).toHaveLength(2);
    const calls = api.calls('GET', '/admin/getAllUsers');
    expect(calls.map((c) => c.query.get('cursor'))).toEqual([null, 'c1']);
    expect(calls[0]?.query.get('limit')).toBe('50');
  });

  it('asks the server with q once typing pauses, and says when nothing matches', async () => {
    const api = mockApi();
    api.on('GET', '/admin/getAllUsers', ({ query }) =>
      ok(query.get('q') ? [] : [userDto({ email: 'a@x.com' })], { nextCursor: null }),
    );
    const { user } = renderWithProviders(<AllUsersPage />);
    await screen.findByText('Showing 1 user');

    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), '  zed ');
    expect(await screen.findByText('No users found.')).toBeTruthy();
    // One request for the settled text, trimmed; none per keystroke.
    const searched = api.calls('GET', '/admin/getAllUsers').map((c) => c.query.get('q'));
    expect(searched).toEqual([null, 'zed']);
  });

  it("shows the server's message and a way to try again when the list fails", async () => {
    const api = mockApi();
    api.on('GET', '/admin/getAllUsers', fail(500, 'Database is down'));
    const { user } = renderWithProviders(<AllUsersPage />);

    expect(await findToast('Database is down')).toBeTruthy();
    const table = screen.getByRole('table');
    expect(within(table).getByText('Database is down')).toBeTruthy();
    api.on('GET', '/admin/getAllUsers', ok([userDto({ email: 'back@x.com' })], { nextCursor: null }));
    await user.click(within(table).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Showing 1 user')).toBeTruthy();
  });

  it('marks the signed-in admin and keeps their own account out of reach', async () => {
    const api = mockApi();
    const me = userDto({ role: 'admin', email: 'me@x.com' });
    await signInAs(me);
    api.on('GET', '/admin/getAllUsers', ok([me], { nextCursor: null }));
    renderWithProviders(<AllUsersPage />);

    await screen.findByText('You');
    expect(screen.getByRole('button', { name: 'Disable me@x.com' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Delete me@x.com' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('combobox', { name: 'Role of me@x.com' })).toHaveProperty('disabled', true);
  });

  it('reads the unverified list, with a resend button', async () => {
    const api = mockApi();
    const raw = userDto({ email: 'raw@x.com', verified: false });
    api.on('GET', '/admin/getAllUnverifiedUsers', ok([raw], { nextCursor: null }));
    api.on('POST', '/admin/resendVerification', ok(null, { message: 'Verification email sent' }));
    const { user } = renderWithProviders(<UnverifiedUsersPage />);

    await user.click(await screen.findByRole('button', { name: 'Resend verification to raw@x.com' }));
    expect(await findToast('Verification email sent')).toBeTruthy();
    expect(api.calls('POST', '/admin/resendVerification')[0]?.body).toEqual({ userId: raw._id });
  });

  it('reads the disabled list, where a row offers Activate', async () => {
    const api = mockApi();
    api.on(
      'GET',
      '/admin/getAllDisabledUsers',
      ok([userDto({ email: 'off@x.com', disabled: true })], { nextCursor: null }),
    );
    renderWithProviders(<DisabledUsersPage />);

    expect(await screen.findByRole('button', { name: 'Activate off@x.com' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Disable off@x.com' })).toBeNull();
    await waitFor(() => expect(api.calls('GET', '/admin/getAllDisabledUsers')).toHaveLength(1));
  });
});
