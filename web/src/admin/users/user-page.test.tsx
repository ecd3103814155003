// @vitest-environment happy-dom
import type { AdminUserDetailDto, UserDto } from '@ecu/shared';
import { describe, expect, it } from 'vitest';
import {
  auditEntry,
  ledgerEntry,
  personRef,
  signInAs,
  ticketSummary,
  transactionDto,
  userDetail,
  userDto,
} from '../../test/admin-fixtures';
import { type ApiMock, deferred, fail, type MockAnswer, mockApi, ok } from '../../test/api-mock';
import { findToast, renderWithProviders, tableRows } from '../../test/render';
import { screen, waitFor, within } from '../../test/rtl';
import UserPage from './user-page';

/** The user's page of `user`, answered by the mock (and its later GETs by `detail()`). */
function openUserPage(api: ApiMock, detail: AdminUserDetailDto | (() => AdminUserDetailDto)) {
  const read = typeof detail === 'function' ? detail : () => detail;
  api.on('GET', '/admin/users/:userId', ({ params }) =>
    params.userId === read().user._id ? ok(read(), { message: 'User' }) : fail(404, 'User not found'),
  );
  return renderWithProviders(<UserPage />, {
    route: `/users/${read().user._id}`,
    path: '/users/:userId',
    routes: { '/users': <p>Users list</p> },
  });
}

function creditsCard(): HTMLElement {
  return screen.getByRole('region', { name: 'Credits' });
}

describe("a user's page", () => {
  it('shows the profile, the balance, and the first page of each history', async () => {
    const api = mockApi();
    const user = userDto({
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@x.com',
      credits: 7,
      country: 'GB',
      locale: 'pl',
    });
    const admin = userDto({ role: 'admin', firstName: 'Bob', lastName: 'Admin' });
    openUserPage(
      api,
      userDetail(user, {
        ledger: [ledgerEntry({ delta: -1, balanceAfter: 7, note: 'Wrong upload', actor: personRef(admin) })],
        payments: [transactionDto({ serialNo: 'SN-000042', credits: 10 })],
        tickets: [ticketSummary({ ticketNumber: 1234, make: 'Audi', model: 'A4' })],
        audit: [auditEntry({ action: 'user.role', before: { role: 'user' }, after: { role: 'admin' } })],
      }),
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Ann Lee' })).toBeTruthy();
    const profile = screen.getByRole('region', { name: 'Profile' });
    expect(within(profile).getByText('United Kingdom')).toBeTruthy();
    // Support answers in the customer's language.
    const language = within(profile).getByText('Polski');
    expect(language.getAttribute('lang')).toBe('pl');
    expect(language.parentElement?.textContent).toBe('Polski (Polish)');
    expect(within(profile).getByText('Active')).toBeTruthy();
    expect(within(creditsCard()).getByTestId('user-credits').textContent).toBe('7 CRD');
    expect(tableRows('Credit ledger of ann@x.com')[0]).toEqual(
      expect.arrayContaining(['-1', '7 CRD', 'Adjusted by an admin', 'Bob Admin', 'Wrong upload']),
    );
    expect(
      within(screen.getByRole('table', { name: 'Payments of ann@x.com' })).getByText('SN-000042'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open ticket 1234' }).getAttribute('href')).toBe('/ticket/1234');
    expect(screen.getByText('Role: user → admin')).toBeTruthy();
  });

  it('says so when the user cannot be loaded, and tries again on request', async () => {
    const api = mockApi();
    const user = userDto({ email: 'gone@x.com' });
    api.on('GET', '/admin/users/:userId', fail(500, 'Database is down'));
    const { user: admin } = renderWithProviders(<UserPage />, {
      route: `/users/${user._id}`,
      path: '/users/:userId',
    });

    expect(await findToast('Database is down')).toBeTruthy();
    expect(screen.getByText('Database is down', { selector: 'p' })).toBeTruthy();
    api.on('GET', '/admin/users/:userId', ok(userDetail(user)));
    await admin.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: `Jane ${user.lastName}` })).toBeTruthy();
  });

  it('shows a deleted account read-only', async () => {
    const api = mockApi();
    const user = userDto({ firstName: '', lastName: '', email: 'deleted-u1@invalid' });
    openUserPage(api, userDetail(user, { deletedAt: '2025-03-01T10:00:00.000Z' }));

    expect(await screen.findByText('Deleted')).toBeTruthy();
    expect(screen.getByText(/This account was deleted on/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Account' })).toBeNull();
    expect(within(creditsCard()).queryByRole('textbox', { name: /Reason/ })).toBeNull();
    expect(within(creditsCard()).queryByRole('button')).toBeNull();
  });
});

describe("a user's credits", () => {
  function setUp(credits = 3) {
    const api = mockApi();
    let user = userDto({ email: 'cara@x.com', credits });
    const view = openUserPage(api, () => userDetail(user));
    const sent: unknown[] = [];
    const answer = (
      reply: (body: { credits: number | 'reset'; note: string }) => MockAnswer | Promise<MockAnswer>,
    ) =>
      api.on('PUT', '/admin/updateUserCredits', ({ body }) => {
        sent.push(body);
        return reply(body as { credits: number | 'reset'; note: string });
      });
    answer(({ credits: change }) => {
      user = { ...user, credits: change === 'reset' ? 0 : user.credits + change };
      return ok(user, { message: 'Credits updated' });
    });
    return { api, view, sent, answer, current: () => user };
  }

  it('asks for a reason before anything is sent', async () => {
    const { view, sent } = setUp();
    await view.user.click(await screen.findByRole('button', { name: 'Add 5 credits to cara@x.com' }));

    const reason = screen.getByRole('textbox', { name: /Reason/ });
    expect(within(creditsCard()).getByRole('alert').textContent).toBe('Please give a reason');
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(reason);
    expect(sent).toEqual([]);
    // Typing clears the error.
    await view.user.type(reason, 'x');
    expect(within(creditsCard()).queryByRole('alert')).toBeNull();
  });

  it('adds credits with the reason, shows the new balance and clears the field', async () => {
    const { api, view, sent } = setUp(3);
    await view.user.type(await screen.findByRole('textbox', { name: /Reason/ }), '  Goodwill  ');
    await view.user.click(screen.getByRole('button', { name: 'Add 5 credits to cara@x.com' }));

    expect(await findToast('Credits updated')).toBeTruthy();
    expect(sent).toEqual([{ userId: expect.any(String), credits: 5, note: 'Goodwill' }]);
    const call = api.calls('PUT', '/admin/updateUserCredits')[0];
    expect(call?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(within(creditsCard()).getByTestId('user-credits').textContent).toBe('8 CRD'));
    expect(screen.getByRole('textbox', { name: /Reason/ })).toHaveProperty('value', '');
  });

  it("shows the server's refusal and keeps the reason for another try", async () => {
    const { view, answer } = setUp(1);
    answer(() => fail(400, 'The balance cannot go below zero'));
    await view.user.type(await screen.findByRole('textbox', { name: /Reason/ }), 'Refund');
    await view.user.click(screen.getByRole('button', { name: 'Remove 1 credit from cara@x.com' }));

    expect(await findToast('The balance cannot go below zero')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Reason/ })).toHaveProperty('value', 'Refund');
    expect(within(creditsCard()).getByTestId('user-credits').textContent).toBe('1 CRD');
  });

  it('turns -1 and Reset off at a zero balance', async () => {
    setUp(0);
    expect(await screen.findByRole('button', { name: 'Remove 1 credit from cara@x.com' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByRole('button', { name: 'Reset credits of cara@x.com' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByRole('button', { name: 'Add 1 credit to cara@x.com' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('resets only after the dialog is confirmed', async () => {
    const { view, sent } = setUp(4);
    await view.user.type(await screen.findByRole('textbox', { name: /Reason/ }), 'Account closed');
    await view.user.click(screen.getByRole('button', { name: 'Reset credits of cara@x.com' }));

    let dialog = await screen.findByRole('dialog', { name: 'Reset credits?' });
    expect(dialog.textContent).toContain('goes from 4 CRD to 0 CRD');
    expect(dialog.textContent).toContain('Reason: “Account closed”');
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([]);

    await view.user.click(screen.getByRole('button', { name: 'Reset credits of cara@x.com' }));
    dialog = await screen.findByRole('dialog', { name: 'Reset credits?' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Reset credits' }));
    await waitFor(() => expect(within(creditsCard()).getByTestId('user-credits').textContent).toBe('0 CRD'));
    expect(sent).toEqual([{ userId: expect.any(String), credits: 'reset', note: 'Account closed' }]);
  });

  it('keeps the buttons off while a change is on its way', async () => {
    const { view, answer } = setUp(2);
    const reply = deferred();
    answer(() => reply.promise);
    await view.user.type(await screen.findByRole('textbox', { name: /Reason/ }), 'Slow');
    await view.user.click(screen.getByRole('button', { name: 'Add 1 credit to cara@x.com' }));

    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Add 1 credit to cara@x.com' })).toHaveProperty(
        'disabled',
        true,
      ),
    );
    expect(screen.getByRole('textbox', { name: /Reason/ })).toHaveProperty('disabled', true);
    reply.resolve(ok(userDto({ credits: 3 }), { message: 'Credits updated' }));
    expect(await findToast('Credits updated')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Add 1 credit to cara@x.com' })).toHaveProperty(
        'disabled',
        false,
      ),
    );
  });

  it('pages the ledger on with the cursor of the first page', async () => {
    const api = mockApi();
    const user = userDto({ email: 'led@x.com' });
    api.on('GET', '/admin/users/:userId/ledger', ({ query }) =>
      query.get('cursor') === 'L1'
        ? ok([ledgerEntry({ note: 'Second page' })], { nextCursor: null })
        : fail(400, 'unexpected cursor'),
    );
    const view = openUserPage(
      api,
      userDetail(user, { ledger: [ledgerEntry({ note: 'First page' })], ledgerNextCursor: 'L1' }),
    );

    expect(await screen.findByText('Showing 1 ledger line; more are available')).toBeTruthy();
    await view.user.click(screen.getByRole('button', { name: 'Load more ledger lines' }));
    expect(await screen.findByText('Second page')).toBeTruthy();
    expect(screen.getByText('Showing 2 ledger lines')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more ledger lines' })).toBeNull();
    expect(api.calls('GET', '/admin/users/:userId/ledger')[0]?.query.get('limit')).toBe('20');
  });
});

describe("a user's account actions", () => {
  function setUp(over: Partial<UserDto> = {}) {
    const api = mockApi();
    let user = userDto({ firstName: 'Dan', lastName: 'Fox', email: 'dan@x.com', ...over });
    const view = openUserPage(api, () => userDetail(user));
    return {
      api,
      view,
      id: user._id,
      update: (patch: Partial<UserDto>) => {
        user = { ...user, ...patch };
      },
    };
  }

  it('disables after the dialog is confirmed, and not when it is cancelled', async () => {
    const { api, view, update } = setUp();
    api.on('POST', '/admin/disableUser', () => {
      update({ disabled: true });
      return ok(null, { message: 'User disabled successfully' });
    });
    await view.user.click(await screen.findByRole('button', { name: 'Disable dan@x.com' }));
    let dialog = screen.getByRole('dialog', { name: 'Disable Dan Fox?' });
    expect(dialog.textContent).toContain("see 'Account Disabled' until activated");
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls('POST', '/admin/disableUser')).toHaveLength(0);

    await view.user.click(screen.getByRole('button', { name: 'Disable dan@x.com' }));
    dialog = screen.getByRole('dialog', { name: 'Disable Dan Fox?' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await findToast('User disabled successfully')).toBeTruthy();
    expect(api.calls('POST', '/admin/disableUser')[0]?.body).toEqual({ userId: expect.any(String) });
    expect(await screen.findByRole('button', { name: 'Activate dan@x.com' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Profile' })).getByText('Disabled')).toBeTruthy();
  });

  it('makes a user an engineer after a dialog that says what an engineer may do', async () => {
    const { api, view, update } = setUp();
    api.on('PUT', '/admin/updateUserRole', () => {
      update({ role: 'engineer' });
      return ok(null, { message: 'Role updated' });
    });
    const select = await screen.findByRole('combobox', { name: 'Role of dan@x.com' });
    expect(within(select).getByRole('option', { name: 'Engineer' })).toBeTruthy();
    await view.user.selectOptions(select, 'engineer');
    const dialog = screen.getByRole('dialog', { name: 'Make Dan Fox an engineer?' });
    expect(dialog.textContent).toContain('Users, credits, prices, payments and settings stay with admins');
    await view.user.click(within(dialog).getByRole('button', { name: 'Make engineer' }));
    expect(api.calls('PUT', '/admin/updateUserRole')[0]?.body).toEqual({
      userId: expect.any(String),
      role: 'engineer',
    });
    await waitFor(() => expect(select).toHaveProperty('value', 'engineer'));
    expect(within(screen.getByRole('region', { name: 'Profile' })).getByText('Engineer')).toBeTruthy();
  });

  it("shows the server's refusal of a role change and keeps the old role", async () => {
    const { api, view } = setUp({ role: 'admin' });
    api.on('PUT', '/admin/updateUserRole', fail(409, 'The last admin cannot be made a user'));
    const select = await screen.findByRole('combobox', { name: 'Role of dan@x.com' });
    await view.user.selectOptions(select, 'user');
    const dialog = screen.getByRole('dialog', { name: 'Make Dan Fox a user?' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Make user' }));

    expect(await findToast('The last admin cannot be made a user')).toBeTruthy();
    expect(api.calls('PUT', '/admin/updateUserRole')[0]?.body).toEqual({
      userId: expect.any(String),
      role: 'user',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(select).toHaveProperty('value', 'admin');
  });

  it('goes back to the users list after a delete', async () => {
    const { api, view } = setUp();
    api.on('POST', '/admin/deleteUser', ok(null, { message: 'User deleted successfully' }));
    await view.user.click(await screen.findByRole('button', { name: 'Delete dan@x.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Dan Fox?' });
    expect(dialog.textContent).toContain('This cannot be undone.');
    await view.user.click(within(dialog).getByRole('button', { name: 'Delete user' }));

    expect(await screen.findByText('Users list')).toBeTruthy();
    expect(view.location()).toBe('/users');
    expect(await findToast('User deleted successfully')).toBeTruthy();
  });

  it('stays on the page when the delete is refused', async () => {
    const { api, view, id } = setUp();
    api.on('POST', '/admin/deleteUser', fail(403, 'Admins cannot delete themselves'));
    await view.user.click(await screen.findByRole('button', { name: 'Delete dan@x.com' }));
    await view.user.click(
      within(screen.getByRole('dialog', { name: 'Delete Dan Fox?' })).getByRole('button', {
        name: 'Delete user',
      }),
    );
    expect(await findToast('Admins cannot delete themselves')).toBeTruthy();
    expect(view.location()).toBe(`/users/${id}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Dan Fox' })).toBeTruthy();
  });

  it("explains why the admin's own account cannot be changed", async () => {
    const api = mockApi();
    const me = userDto({ role: 'admin', email: 'me@x.com' });
    await signInAs(me);
    openUserPage(api, userDetail(me));
    expect(await screen.findByText(/This is your own account/, { selector: 'p' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete me@x.com' })).toHaveProperty('disabled', true);
  });
});
