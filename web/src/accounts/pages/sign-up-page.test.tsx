// @vitest-environment happy-dom
import { COMMON_PASSWORD_MESSAGE } from '@ecu/shared';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { getAuthUser } from '../../local/db';
import { deferred, fail, mockApi, ok } from '../../test/api-mock';
import { aUser, findToast, renderPage, resetDevice } from '../../test/customer';
import { screen } from '../../test/rtl';
import SignUpPage from './sign-up-page';

beforeEach(resetDevice);

function open() {
  renderPage(<SignUpPage />, { route: '/signup' });
  // The browser's own checks (required, type=email) would stop the submit before the page's.
  (screen.getByRole('button', { name: 'Continue' }).closest('form') as HTMLFormElement).noValidate = true;
  return userEvent.setup();
}

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  { email = '', password = '', confirm = '', terms = false },
) {
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  if (confirm) await user.type(screen.getByLabelText('Confirm Password'), confirm);
  if (terms) await user.click(screen.getByRole('checkbox', { name: 'I agree to the Terms and conditions' }));
}

const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Continue' }));

describe('Sign up', () => {
  it('starts with the terms unticked and a link to sign in', () => {
    mockApi();
    open();
    expect(screen.getByRole('heading', { name: 'Create Account' })).toBeTruthy();
    const terms = screen.getByRole('checkbox', { name: 'I agree to the Terms and conditions' });
    expect((terms as HTMLInputElement).checked).toBe(false);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin');
  });

  it('checks every field before anything is sent', async () => {
    const api = mockApi();
    const user = open();
    await submit(user);
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    expect(screen.getByText('Please accept the terms and conditions')).toBeTruthy();
    expect(api.calls()).toHaveLength(0);
  });

  it("says 'Passwords do not match' under the second password", async () => {
    const api = mockApi();
    const user = open();
    await fill(user, {
      email: 'ann@example.com',
      password: 'tuning-2025!',
      confirm: 'tuning-2024!',
      terms: true,
    });
    await submit(user);
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(screen.getByLabelText('Confirm Password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('false');
    expect(api.calls()).toHaveLength(0);
  });

  it('refuses one of the most common passwords', async () => {
    mockApi();
    const user = open();
    await fill(user, {
      email: 'ann@example.com',
      password: 'password123',
      confirm: 'password123',
      terms: true,
    });
    await submit(user);
    expect(await screen.findByText(COMMON_PASSWORD_MESSAGE)).toBeTruthy();
  });

  it('needs the terms even when everything else is right', async () => {
    const api = mockApi();
    const user = open();
    await fill(user, { email: 'ann@example.com', password: 'tuning-2025!', confirm: 'tuning-2025!' });
    await submit(user);
    expect(await screen.findByText('Please accept the terms and conditions')).toBeTruthy();
    expect(api.calls()).toHaveLength(0);
  });

  it('signs up, caches the new user (the gate then opens onboarding) and says so', async () => {
    const created = aUser({ onBoarded: false, verified: false, firstName: '', lastName: '' });
    const answer = deferred();
    const api = mockApi().on('POST', '/auth/signup', () => answer.promise);
    const user = open();
    await fill(user, {
      email: 'Ann@Example.com',
      password: 'tuning-2025!',
      confirm: 'tuning-2025!',
      terms: true,
    });
    await submit(user);

    expect(((await screen.findByRole('button', { name: 'Loading...' })) as HTMLButtonElement).disabled).toBe(
      true,
    );
    answer.resolve(ok(created, { message: 'Account created' }));
    expect(await findToast('Account created')).toBeTruthy();
    expect(api.calls('POST', '/auth/signup')[0]?.body).toEqual({
      email: 'ann@example.com',
      password: 'tuning-2025!',
      confirmPassword: 'tuning-2025!',
      // The language the screen speaks: the new account's e-mails follow it.
      locale: 'en',
    });
    expect(await getAuthUser()).toEqual(created);
  });

  it('for an address that already has an account: no session, and a page saying to look in the inbox', async () => {
    mockApi().on('POST', '/auth/signup', ok(null, { message: 'Account created' }));
    const user = open();
    await fill(user, {
      email: 'taken@example.com',
      password: 'tuning-2025!',
      confirm: 'tuning-2025!',
      terms: true,
    });
    await submit(user);

    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('taken@example.com');
    expect(screen.getByRole('link', { name: 'reset your password' }).getAttribute('href')).toBe(
      '/password-reset',
    );
    expect(await getAuthUser()).toBeUndefined();
  });

  it("puts the server's field errors under their inputs and toasts its message", async () => {
    mockApi().on(
      'POST',
      '/auth/signup',
      fail(400, 'Invalid input', {
        errors: [{ path: 'email', message: 'This e-mail domain is not accepted' }],
      }),
    );
    const user = open();
    await fill(user, {
      email: 'ann@example.com',
      password: 'tuning-2025!',
      confirm: 'tuning-2025!',
      terms: true,
    });
    await submit(user);
    expect(await screen.findByText('This e-mail domain is not accepted')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(await findToast('Invalid input')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
  });

  it('one Show toggle reveals both passwords', async () => {
    mockApi();
    const user = open();
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect((screen.getByLabelText('Password') as HTMLInputElement).type).toBe('text');
    expect((screen.getByLabelText('Confirm Password') as HTMLInputElement).type).toBe('text');
    expect(screen.getAllByRole('button', { name: /password/ })).toHaveLength(1);
  });
});
