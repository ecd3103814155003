// @vitest-environment happy-dom

import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getAuthUser } from '../../local/db';
import { deferred, fail, mockApi, NoAnswer, ok } from '../../test/api-mock';
import { aUser, currentPath, findToast, renderPage, resetDevice } from '../../test/customer';
import { screen, waitFor } from '../../test/rtl';
import SignInPage from './sign-in-page';

beforeEach(resetDevice);

const open = () => renderPage(<SignInPage />, { route: '/signin' });

async function fillIn(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  return user;
}

describe('Sign in', () => {
  it('shows the tagline, Remember me ticked, and links to sign-up and password reset', () => {
    mockApi();
    open();
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeTruthy();
    expect(screen.getByText('World Leading File Portal')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Remember me' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/password-reset',
    );
    expect(screen.getByRole('link', { name: "Don't have an account? Sign up" }).getAttribute('href')).toBe(
      '/signup',
    );
  });

  it('says what is wrong with the e-mail without asking the server', async () => {
    const api = mockApi();
    open();
    const user = await fillIn('not-an-address', 'secret-pass');
    // The browser's own check would stop `type=email`; the schema says the same in our words.
    const form = screen.getByRole('button', { name: 'Continue' }).closest('form')!;
    form.noValidate = true;
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls('POST', '/auth/login')).toHaveLength(0);
  });

  it('sends the address trimmed and lower-cased with Remember me, caches the user and opens the dashboard', async () => {
    const me = aUser({ email: 'ann@example.com' });
    const api = mockApi().on('POST', '/auth/login', ok(me, { message: 'Login successful' }));
    open();
    const user = await fillIn('  Ann@Example.com ', 'secret-pass');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await currentPath()).toBe('/dashboard');
    expect(api.calls('POST', '/auth/login')[0]?.body).toEqual({
      email: 'ann@example.com',
      password: 'secret-pass',
      rememberMe: false,
    });
    expect(await getAuthUser()).toEqual(me);
    expect(await findToast('Login successful')).toBeTruthy();
  });

  it('shows Loading... and blocks a second submit while the server answers', async () => {
    const answer = deferred();
    const api = mockApi().on('POST', '/auth/login', () => answer.promise);
    open();
    const user = await fillIn('ann@example.com', 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const busy = await screen.findByRole('button', { name: 'Loading...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    await user.click(busy);
    answer.resolve(ok(aUser()));
    expect(await currentPath()).toBe('/dashboard');
    expect(api.calls('POST', '/auth/login')).toHaveLength(1);
  });

  it("shows the server's refusal and stays on the page", async () => {
    mockApi().on('POST', '/auth/login', fail(401, 'Invalid email or password'));
    open();
    const user = await fillIn('ann@example.com', 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await findToast('Invalid email or password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
    expect(await getAuthUser()).toBeUndefined();
  });

  it('says it failed and why when there is no network', async () => {
    mockApi().on('POST', '/auth/login', () => {
      throw new NoAnswer();
    });
    open();
    const user = await fillIn('ann@example.com', 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await findToast('Failed to signin. You are offline. Check your connection and try again.'),
    ).toBeTruthy();
  });

  it('shows and hides the password', async () => {
    mockApi();
    open();
    const user = userEvent.setup();
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(password.type).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    await waitFor(() => expect(password.type).toBe('password'));
  });
});

describe('Sign in in another language', () => {
  afterEach(() => {
    localStorage.clear();
  });

  it('shows the whole form in the language chosen above it', async () => {
    mockApi();
    open();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Polski');
    expect(await screen.findByRole('heading', { name: 'Zaloguj się' })).toBeTruthy();
    expect(screen.getByText('Wiodący na świecie portal plików')).toBeTruthy();
    expect(screen.getByLabelText('Hasło')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pokaż hasło' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Zapamiętaj mnie' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nie pamiętasz hasła?' }).getAttribute('href')).toBe(
      '/password-reset',
    );
    expect(screen.getByRole('button', { name: 'Dalej' })).toBeTruthy();
  });
});
