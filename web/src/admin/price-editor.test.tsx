// @vitest-environment happy-dom
import type { UserDto } from '@ecu/shared';
import { describe, expect, it } from 'vitest';
import { userDto } from '../test/admin-fixtures';
import { deferred, fail, mockApi, ok, setOnline } from '../test/api-mock';
import { findToast, renderWithProviders } from '../test/render';
import { screen, waitFor } from '../test/rtl';
import { PriceEditor } from './price-editor';

function setUp(user: UserDto = userDto({ email: 'pat@x.com', perCreditPrice: 60 })) {
  const api = mockApi();
  api.on('PUT', '/admin/updatePerCreditPrice', ({ body }) => {
    const { creditPrice } = body as { creditPrice: number };
    return ok({ ...user, perCreditPrice: creditPrice }, { message: 'Credit price updated!' });
  });
  const busy: boolean[] = [];
  const view = renderWithProviders(<PriceEditor user={user} onBusy={(on) => busy.push(on)} />);
  return { api, view, busy, user };
}

const field = () => screen.getByRole('spinbutton', { name: 'Price per credit in pounds for pat@x.com' });

describe('the credit price editor', () => {
  it('opens with the current price, two decimals, focused', async () => {
    const { view } = setUp(userDto({ email: 'pat@x.com', perCreditPrice: 42.5 }));
    expect(screen.getByText('£42.50')).toBeTruthy();
    await view.user.click(screen.getByRole('button', { name: 'Edit credit price for pat@x.com' }));
    expect(field()).toHaveProperty('value', '42.50');
    expect(document.activeElement).toBe(field());
  });

  it('refuses an empty or non-positive price before anything is sent', async () => {
    const { api, view } = setUp();
    await view.user.click(screen.getByRole('button', { name: 'Edit credit price for pat@x.com' }));
    await view.user.clear(field());
    await view.user.click(screen.getByRole('button', { name: 'Save credit price for pat@x.com' }));
    expect(await findToast('Enter a valid price')).toBeTruthy();
    expect(field().getAttribute('aria-invalid')).toBe('true');

    await view.user.type(field(), '0');
    expect(field().getAttribute('aria-invalid')).toBe('false');
    await view.user.keyboard('{Enter}');
    await waitFor(() => expect(field().getAttribute('aria-invalid')).toBe('true'));
    expect(api.calls('PUT', '/admin/updatePerCreditPrice')).toHaveLength(0);
  });

  it('saves a new price in pounds and closes the editor', async () => {
    const { api, view, busy } = setUp();
    await view.user.click(screen.getByRole('button', { name: 'Edit credit price for pat@x.com' }));
    await view.user.clear(field());
    await view.user.type(field(), '45.5');
    await view.user.click(screen.getByRole('button', { name: 'Save credit price for pat@x.com' }));

    expect(await findToast('Credit price updated!')).toBeTruthy();
    expect(api.calls('PUT', '/admin/updatePerCreditPrice')[0]?.body).toEqual({
      userId: expect.any(String),
      creditPrice: 45.5,
    });
    expect(api.calls('PUT', '/admin/updatePerCreditPrice')[0]?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Edit credit price for pat@x.com' })).toBeTruthy();
    expect(busy).toEqual([true, false]);
  });

  it('says Saving... and locks the field while the server answers', async () => {
    const { api, view, user } = setUp();
    const reply = deferred();
    api.on('PUT', '/admin/updatePerCreditPrice', () => reply.promise);
    await view.user.click(screen.getByRole('button', { name: 'Edit credit price for pat@x.com' }));
    await view.user.click(screen.getByRole('button', { name: 'Save credit price for pat@x.com' }));

    const save = await screen.findByRole('button', { name: 'Save credit price for pat@x.com' });
    await waitFor(() => expect(save.textContent).toBe('Saving...'));
    expect(save).toHaveProperty('disabled', true);
    expect(field()).toHaveProperty('disabled', true);
    expect(
      screen.getByRole('button', { name: 'Cancel editing the credit price for pat@x.com' }),
    ).toHaveProperty('disabled', true);
    reply.resolve(ok(user, { message: 'Credit price updated!' }));
    expect(await findToast('Credit price updated!')).toBeTruthy();
  });

  it("keeps the editor open with the server's refusal", async () => {
    const { api, view } = setUp();
    api.on('PUT', '/admin/updatePerCreditPrice', fail(404, 'User not found'));
    await view.user.click(screen.getByRole('button', { name: 'Edit credit price for pat@x.com' }));
    await view.user.click(screen.getByRole('button', { name: 'Save credit price for pat@x.com' }));

    expect(await findToast('User not found')).toBeTruthy();
    expect(field()).toHaveProperty('disabled', false);
  });

  it('cancels with the button or Escape, sending nothing', async () => {
    const { api, view } = setUp();
    await view.user.click(screen.getByRole('button', { name: 'Edit credit price for pat@x.com' }));
    await view.user.click(
      screen.getByRole('button', { name: 'Cancel editing the credit price for pat@x.com' }),
    );
    expect(screen.queryByRole('spinbutton')).toBeNull();

    await view.user.click(screen.getByRole('button', { name: 'Edit credit price for pat@x.com' }));
    await view.user.type(field(), '9');
    await view.user.keyboard('{Escape}');
    expect(screen.queryByRole('spinbutton')).toBeNull();
    expect(screen.getByText('£60.00')).toBeTruthy();
    expect(api.calls()).toHaveLength(0);
  });

  it('is off while another command on the user runs, and offline', () => {
    const api = mockApi();
    const user = userDto({ email: 'pat@x.com' });
    const view = renderWithProviders(<PriceEditor user={user} busy />);
    expect(screen.getByRole('button', { name: 'Edit credit price for pat@x.com' })).toHaveProperty(
      'disabled',
      true,
    );
    view.unmount();

    setOnline(false);
    renderWithProviders(<PriceEditor user={user} />);
    const edit = screen.getByRole('button', { name: 'Edit credit price for pat@x.com' });
    expect(edit).toHaveProperty('disabled', true);
    expect(edit.getAttribute('title')).toMatch(/nothing is queued/);
    expect(api.calls()).toHaveLength(0);
  });
});
