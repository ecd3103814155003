// @vitest-environment happy-dom
import type { UserDto } from '@ecu/shared';
import { describe, expect, it } from 'vitest';
import { userDto } from '../test/admin-fixtures';
import { fail, mockApi, ok, setOnline } from '../test/api-mock';
import { findToast, renderWithProviders } from '../test/render';
import { act, screen, waitFor, within } from '../test/rtl';
import CreditsPage from './credits-page';

/** The credits desk over `users`, whose balances the mock server keeps. */
function openDesk(users: UserDto[]) {
  const api = mockApi();
  const rows = new Map(users.map((u) => [u._id, u]));
  api.on('GET', '/admin/getAllUsers', () => ok([...rows.values()], { message: 'Users', nextCursor: null }));
  api.on('PUT', '/admin/updateUserCredits', ({ body }) => {
    const { userId, credits } = body as { userId: string; credits: number | 'reset' };
    const user = rows.get(userId);
    if (!user) return fail(404, 'User not found');
    const next = credits === 'reset' ? 0 : user.credits + credits;
    if (next < 0) return fail(400, 'The balance cannot go below zero');
    const updated = { ...user, credits: next };
    rows.set(userId, updated);
    return ok(updated, { message: 'Credits updated' });
  });
  const view = renderWithProviders(<CreditsPage />);
  return { api, view };
}

function rowOf(email: string): HTMLElement {
  const row = screen.getByRole('button', { name: `Reset credits of ${email}` }).closest('tr');
  if (!row) throw new Error(`no row for ${email}`);
  return row;
}

describe('the credits desk', () => {
  it('lists balances, prices and money spent', async () => {
    openDesk([
      userDto({ firstName: 'Eve', lastName: 'Ray', email: 'eve@x.com', credits: 12, perCreditPrice: 45 }),
      userDto({ firstName: '', lastName: '', email: 'anon@x.com', credits: 0 }),
    ]);
    expect(await screen.findByText('Eve Ray')).toBeTruthy();
    const eve = rowOf('eve@x.com');
    expect(within(eve).getByText('12 CRD')).toBeTruthy();
    expect(within(eve).getByText('£45.00')).toBeTruthy();
    expect(within(rowOf('anon@x.com')).getByText('No name yet')).toBeTruthy();
    expect(screen.getByText('Showing 2 users')).toBeTruthy();
  });

  it('adds a credit with the optional note, then clears the note', async () => {
    const { api, view } = openDesk([userDto({ email: 'eve@x.com', credits: 2 })]);
    await screen.findByText('2 CRD');
    await view.user.type(screen.getByRole('textbox', { name: 'Note for the ledger' }), 'Promo');
    await view.user.click(screen.getByRole('button', { name: 'Add 1 credit to eve@x.com' }));

    expect(await findToast('Credits updated')).toBeTruthy();
    expect(api.calls('PUT', '/admin/updateUserCredits')[0]?.body).toEqual({
      userId: expect.any(String),
      credits: 1,
      note: 'Promo',
    });
    expect(await within(rowOf('eve@x.com')).findByText('3 CRD')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Note for the ledger' })).toHaveProperty('value', '');
  });

  it('sends no note when the field is empty', async () => {
    const { api, view } = openDesk([userDto({ email: 'eve@x.com', credits: 2 })]);
    await view.user.click(await screen.findByRole('button', { name: 'Add 5 credits to eve@x.com' }));
    await findToast('Credits updated');
    expect(api.calls('PUT', '/admin/updateUserCredits')[0]?.body).toEqual({
      userId: expect.any(String),
      credits: 5,
    });
  });

  it("shows the server's refusal and leaves the balance and the note as they were", async () => {
    const { api, view } = openDesk([userDto({ email: 'eve@x.com', credits: 1 })]);
    api.on(
      'PUT',
      '/admin/updateUserCredits',
      fail(409, 'Another change to this balance is running', { code: 'conflict' }),
    );
    await screen.findByText('1 CRD');
    await view.user.type(screen.getByRole('textbox', { name: 'Note for the ledger' }), 'Keep me');
    await view.user.click(screen.getByRole('button', { name: 'Remove 1 credit from eve@x.com' }));

    expect(await findToast('Another change to this balance is running')).toBeTruthy();
    expect(within(rowOf('eve@x.com')).getByText('1 CRD')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Note for the ledger' })).toHaveProperty('value', 'Keep me');
  });

  it('retries a change that got no settled answer under the same Idempotency-Key', async () => {
    const { api, view } = openDesk([userDto({ email: 'eve@x.com', credits: 1 })]);
    api.on(
      'PUT',
      '/admin/updateUserCredits',
      fail(409, 'The same change is still running', { code: 'request_in_progress' }),
    );
    await view.user.click(await screen.findByRole('button', { name: 'Add 1 credit to eve@x.com' }));
    await findToast('The same change is still running');
    await view.user.click(screen.getByRole('button', { name: 'Add 1 credit to eve@x.com' }));
    await waitFor(() => expect(api.calls('PUT', '/admin/updateUserCredits')).toHaveLength(2));

    const [first, second] = api
      .calls('PUT', '/admin/updateUserCredits')
      .map((c) => c.headers.get('Idempotency-Key'));
    expect(first).toBeTruthy();
    expect(second).toBe(first);
  });

  it('uses a new Idempotency-Key for the next change after a success', async () => {
    const { api, view } = openDesk([userDto({ email: 'eve@x.com', credits: 1 })]);
    await view.user.click(await screen.findByRole('button', { name: 'Add 1 credit to eve@x.com' }));
    expect(await within(rowOf('eve@x.com')).findByText('2 CRD')).toBeTruthy();
    await view.user.click(screen.getByRole('button', { name: 'Add 1 credit to eve@x.com' }));
    expect(await within(rowOf('eve@x.com')).findByText('3 CRD')).toBeTruthy();

    const keys = api.calls('PUT', '/admin/updateUserCredits').map((c) => c.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('resets a balance only after the dialog, naming the note', async () => {
    const { api, view } = openDesk([
      userDto({ firstName: 'Eve', lastName: 'Ray', email: 'eve@x.com', credits: 9 }),
    ]);
    await screen.findByText('9 CRD');
    await view.user.type(screen.getByRole('textbox', { name: 'Note for the ledger' }), 'Closed');
    await view.user.click(screen.getByRole('button', { name: 'Reset credits of eve@x.com' }));

    const dialog = screen.getByRole('dialog', { name: 'Reset credits?' });
    expect(dialog.textContent).toContain('Eve Ray (eve@x.com) goes from 9 CRD to 0 CRD');
    expect(dialog.textContent).toContain('Ledger note: “Closed”');
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls('PUT', '/admin/updateUserCredits')).toHaveLength(0);

    await view.user.click(screen.getByRole('button', { name: 'Reset credits of eve@x.com' }));
    await view.user.click(
      within(screen.getByRole('dialog', { name: 'Reset credits?' })).getByRole('button', {
        name: 'Reset credits',
      }),
    );
    expect(await within(rowOf('eve@x.com')).findByText('0 CRD')).toBeTruthy();
    expect(api.calls('PUT', '/admin/updateUserCredits')[0]?.body).toEqual({
      userId: expect.any(String),
      credits: 'reset',
      note: 'Closed',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offline, keeps the last loaded rows and turns every change off', async () => {
    openDesk([userDto({ email: 'eve@x.com', credits: 4 })]);
    await screen.findByText('4 CRD');
    act(() => setOnline(false));

    expect(await screen.findByText('Offline: showing the last loaded data')).toBeTruthy();
    expect(screen.getByText('Offline copy')).toBeTruthy();
    const add = screen.getByRole('button', { name: 'Add 1 credit to eve@x.com' });
    expect(add).toHaveProperty('disabled', true);
    expect(add.getAttribute('title')).toBe(
      'Changes are disabled until the connection is back; nothing is queued.',
    );
    expect(screen.getByRole('button', { name: 'Edit credit price for eve@x.com' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByRole('textbox', { name: 'Note for the ledger' })).toHaveProperty('disabled', true);
  });

  it('offline with nothing loaded on this device, says so', async () => {
    setOnline(false);
    const { api } = openDesk([userDto()]);
    expect(
      await screen.findByText('You are offline, and this list has not been loaded on this device yet.'),
    ).toBeTruthy();
    expect(api.calls('GET', '/admin/getAllUsers')).toHaveLength(0);
  });
});
