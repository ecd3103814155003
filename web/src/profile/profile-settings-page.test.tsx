// @vitest-environment happy-dom
import { DEFAULT_NOTIFICATION_CHOICES } from '@ecu/shared';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OUTBOX_HANDLERS } from '../app/outbox-handlers';
import { getAuthUser, localDb } from '../local/db';
import { installOutboxHandlers } from '../local/outbox';
import { type ApiMock, fail, mockApi, ok, setOnline } from '../test/api-mock';
import { aUser, findToast, renderPage, resetDevice, signedInAs } from '../test/customer';
import { screen, waitFor, within } from '../test/rtl';
import ProfileSettingsPage from './profile-settings-page';

/** Profile settings (docs/product.md#1-roles-and-accounts, #11-offline-and-local-first). */

// What the signed-in layout does at start: the outbox knows how to send a profile edit.
beforeAll(() => installOutboxHandlers(OUTBOX_HANDLERS));
beforeEach(resetDevice);

function network(): ApiMock {
  return mockApi()
    .on('GET', '/notifications/public-key', ok({ publicKey: null }))
    .on('GET', '/notifications/preferences', ok(DEFAULT_NOTIFICATION_CHOICES));
}

async function open() {
  renderPage(<ProfileSettingsPage />, { route: '/profile-settings' });
  await screen.findByRole('heading', { name: 'Profile Settings' });
  const form = screen.getByRole('form', { name: 'Personal details' }) as HTMLFormElement;
  // The browser's own required checks would stop the submit before the page's.
  form.noValidate = true;
  return { user: userEvent.setup(), form };
}

const input = (form: HTMLElement, name: string) =>
  within(form).getByRole(name === 'Country' ? 'combobox' : 'textbox', { name }) as HTMLInputElement;

describe('Profile settings', () => {
  it('shows the account (e-mail, credits, price per credit) and the saved profile', async () => {
    await signedInAs(
      aUser({ email: 'ann@example.com', credits: 7, perCreditPrice: 55, city: 'Leeds', country: 'GB' }),
    );
    network();
    const { form } = await open();
    const account = screen.getByRole('region', { name: 'Account' });
    expect(account.textContent).toContain('ann@example.com');
    expect(account.textContent).toContain('7 CRD');
    expect(account.textContent).toContain('£55.00');
    expect(input(form, 'City').value).toBe('Leeds');
    expect(input(form, 'Country').value).toBe('GB');
    expect(screen.getByRole('heading', { name: 'Notifications' })).toBeTruthy();
  });

  it('checks the fields before anything is queued or sent', async () => {
    await signedInAs(aUser());
    const api = network();
    const { user, form } = await open();
    await user.clear(input(form, 'City'));
    await user.clear(input(form, 'First Name'));
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(input(form, 'City').getAttribute('aria-invalid')).toBe('true'));
    expect(input(form, 'First Name').getAttribute('aria-invalid')).toBe('true');
    expect(input(form, 'Last Name').getAttribute('aria-invalid')).toBe('false');
    expect(await localDb.outbox.count()).toBe(0);
    expect(api.calls('PUT', '/auth/updateProfile')).toHaveLength(0);
  });

  it('online: sends the whole profile once and the cached user takes the answer', async () => {
    const me = await signedInAs(aUser({ city: 'Leeds' }));
    const api = network().on('PUT', '/auth/updateProfile', (req) =>
      ok({ ...me, ...(req.body as object) }, { message: 'Profile updated' }),
    );
    const { user, form } = await open();
    await user.clear(input(form, 'City'));
    await user.type(input(form, 'City'), 'York');
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));

    expect(await findToast('Profile updated')).toBeTruthy();
    const [call] = api.calls('PUT', '/auth/updateProfile');
    expect(call?.body).toEqual({
      firstName: me.firstName,
      lastName: me.lastName,
      country: me.country,
      city: 'York',
      address: me.address,
      postalCode: me.postalCode,
    });
    expect(call?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(api.calls('PUT', '/auth/updateProfile')).toHaveLength(1);
    await waitFor(async () => expect((await getAuthUser())?.city).toBe('York'));
    expect(await localDb.outbox.count()).toBe(0);
  });

  it("offline: keeps the change on the device, says so, and shows 'Pending sync' with the new values", async () => {
    await signedInAs(aUser({ city: 'Leeds' }));
    const api = network();
    setOnline(false);
    const { user, form } = await open();
    await user.clear(input(form, 'City'));
    await user.type(input(form, 'City'), 'York');
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));

    expect(
      await findToast(
        'You are offline. Your changes are saved on this device and will be sent when you are back online.',
      ),
    ).toBeTruthy();
    expect(await screen.findByText('Pending sync')).toBeTruthy();
    expect(input(screen.getByRole('form', { name: 'Personal details' }), 'City').value).toBe('York');
    expect(api.calls('PUT', '/auth/updateProfile')).toHaveLength(0);
    expect((await localDb.outbox.toArray()).map((c) => [c.kind, c.status])).toEqual([
      ['updateProfile', 'pending'],
    ]);
  });

  it('a refusal is shown with Discard, which puts the saved profile back', async () => {
    await signedInAs(aUser({ postalCode: 'LS1 1AA' }));
    network().on(
      'PUT',
      '/auth/updateProfile',
      fail(400, 'Post code is not valid', {
        errors: [{ path: 'postalCode', message: 'Post code is not valid' }],
      }),
    );
    const { user, form } = await open();
    await user.clear(input(form, 'Post Code'));
    await user.type(input(form, 'Post Code'), '???');
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));

    const alert = await waitFor(() => {
      const found = screen.getAllByRole('alert').find((a) => a.classList.contains('notice'));
      if (!found) throw new Error('no refusal shown');
      return found;
    });
    expect(alert.textContent).toContain('Post code is not valid');
    await user.click(within(alert).getByRole('button', { name: 'Discard' }));
    await waitFor(() =>
      expect(input(screen.getByRole('form', { name: 'Personal details' }), 'Post Code').value).toBe(
        'LS1 1AA',
      ),
    );
    expect(await localDb.outbox.count()).toBe(0);
  });
});
