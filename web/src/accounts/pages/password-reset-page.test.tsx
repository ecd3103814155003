// @vitest-environment happy-dom

import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../test/api-mock';
import { currentPath, findToast, renderPage, resetDevice } from '../../test/customer';
import { screen } from '../../test/rtl';
import PasswordResetPage from './password-reset-page';

beforeEach(resetDevice);

function open() {
  renderPage(<PasswordResetPage />, { route: '/password-reset' });
  return userEvent.setup();
}

/** The browser's own required/type checks would stop the submit before the page's. */
function withoutBrowserChecks(buttonName: string) {
  (screen.getByRole('button', { name: buttonName }).closest('form') as HTMLFormElement).noValidate = true;
}

const SENT = 'If an account exists, a code has been sent';

async function requestCodeFor(user: ReturnType<typeof userEvent.setup>, email: string) {
  await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Send OTP' }));
  await screen.findByLabelText('6-digit code');
}

describe('Password reset', () => {
  it("step 1 checks the address, then 'Send OTP' mails the code and opens step 2", async () => {
    const api = mockApi().on('POST', '/auth/password-reset/request', ok(null, { message: SENT }));
    const user = open();
    withoutBrowserChecks('Send OTP');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(api.calls()).toHaveLength(0);

    await requestCodeFor(user, ' Ann@Example.com');
    expect(api.calls('POST', '/auth/password-reset/request')[0]?.body).toEqual({ email: 'ann@example.com' });
    expect(await findToast(SENT)).toBeTruthy();
    // The answer never says whether the address has an account (docs/product.md#1-roles-and-accounts).
    expect(screen.getByText(/If an account exists for/).textContent).toContain('ann@example.com');
  });

  it('step 2 checks the code and both passwords before sending', async () => {
    const api = mockApi().on('POST', '/auth/password-reset/request', ok(null, { message: SENT }));
    const user = open();
    await requestCodeFor(user, 'ann@example.com');
    withoutBrowserChecks('Reset Password');
    await user.type(screen.getByLabelText('6-digit code'), '12a3');
    // Only digits are kept as they are typed.
    expect((screen.getByLabelText('6-digit code') as HTMLInputElement).value).toBe('123');
    await user.type(screen.getByLabelText('New Password'), 'tuning-2025!');
    await user.type(screen.getByLabelText('Confirm Password'), 'tuning-2026!');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Enter the 6-digit code')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(api.calls('POST', '/auth/password-reset/confirm')).toHaveLength(0);
  });

  it('sets the new password and returns to sign in', async () => {
    const api = mockApi()
      .on('POST', '/auth/password-reset/request', ok(null, { message: SENT }))
      .on('POST', '/auth/password-reset/confirm', ok(null, { message: 'Password updated' }));
    const user = open();
    await requestCodeFor(user, 'ann@example.com');
    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.type(screen.getByLabelText('New Password'), 'tuning-2025!');
    await user.type(screen.getByLabelText('Confirm Password'), 'tuning-2025!');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await currentPath()).toBe('/signin');
    expect(api.calls('POST', '/auth/password-reset/confirm')[0]?.body).toEqual({
      email: 'ann@example.com',
      otp: '123456',
      password: 'tuning-2025!',
      confirmPassword: 'tuning-2025!',
    });
    expect(await findToast('Password updated')).toBeTruthy();
  });

  it("shows the server's refusal of a wrong code and stays on step 2", async () => {
    mockApi()
      .on('POST', '/auth/password-reset/request', ok(null, { message: SENT }))
      .on('POST', '/auth/password-reset/confirm', fail(400, 'Invalid or expired code'));
    const user = open();
    await requestCodeFor(user, 'ann@example.com');
    await user.type(screen.getByLabelText('6-digit code'), '000000');
    await user.type(screen.getByLabelText('New Password'), 'tuning-2025!');
    await user.type(screen.getByLabelText('Confirm Password'), 'tuning-2025!');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await findToast('Invalid or expired code')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeTruthy();
  });

  it('resends the code to the same address, and can go back to use another one', async () => {
    const api = mockApi().on('POST', '/auth/password-reset/request', ok(null, { message: SENT }));
    const user = open();
    await requestCodeFor(user, 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    await screen.findByRole('button', { name: 'Resend code' });
    expect(api.calls('POST', '/auth/password-reset/request').map((c) => c.body)).toEqual([
      { email: 'ann@example.com' },
      { email: 'ann@example.com' },
    ]);

    await user.type(screen.getByLabelText('6-digit code'), '123');
    await user.click(screen.getByRole('button', { name: 'Use a different email' }));
    expect(screen.getByRole('button', { name: 'Send OTP' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ann@example.com');
  });

  it("says 'Failed to send OTP' when the server does not answer with a message", async () => {
    mockApi().on('POST', '/auth/password-reset/request', { status: 502, body: '<html>Bad gateway</html>' });
    const user = open();
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await findToast('Failed to send OTP')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send OTP' })).toBeTruthy();
  });
});
