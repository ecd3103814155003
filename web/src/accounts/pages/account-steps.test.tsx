// @vitest-environment happy-dom

import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getAuthUser, localDb } from '../../local/db';
import { deferred, fail, mockApi, NoAnswer, ok } from '../../test/api-mock';
import { aUser, currentPath, findToast, renderPage, resetDevice, signedInAs } from '../../test/customer';
import { screen, waitFor } from '../../test/rtl';
import OnboardingPage from './onboarding-page';
import UnverifiedPage from './unverified-page';
import VerifyEmailPage from './verify-email-page';

/** Onboarding, the waiting screen and the e-mail link (docs/product.md#1-roles-and-accounts). */

beforeEach(resetDevice);

describe('Onboarding', () => {
  function open() {
    renderPage(<OnboardingPage />, { route: '/onboarding' });
    (screen.getByRole('button', { name: 'Save Profile' }).closest('form') as HTMLFormElement).noValidate =
      true;
    return userEvent.setup();
  }

  it("asks for every field of 'Complete Your Profile'", async () => {
    const api = mockApi();
    const user = open();
    expect(screen.getByRole('heading', { name: 'Complete Your Profile' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    for (const label of ['First Name', 'Last Name', 'Country', 'City', 'Post Code', 'Address']) {
      await waitFor(() => expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true'));
    }
    expect(api.calls()).toHaveLength(0);
  });

  it('offers the fixed list of 75 countries by name and code', () => {
    mockApi();
    open();
    const country = screen.getByRole('combobox', { name: 'Country' });
    const options = [...(country as HTMLSelectElement).options];
    expect(options[0]?.textContent).toBe('Select a country');
    expect(options).toHaveLength(76);
    expect(screen.getByRole('option', { name: 'United Kingdom (GB)' })).toBeTruthy();
  });

  it('sends the profile, caches the onboarded user (the gate moves on) and says so', async () => {
    const me = await signedInAs(aUser({ onBoarded: false, verified: false, firstName: '', lastName: '' }));
    const onboarded = { ...me, firstName: 'Ann', lastName: 'Lee', onBoarded: true };
    const answer = deferred();
    const api = mockApi().on('POST', '/auth/onboarding', () => answer.promise);
    const user = open();
    await user.type(screen.getByLabelText('First Name'), 'Ann');
    await user.type(screen.getByLabelText('Last Name'), 'Lee');
    await user.selectOptions(screen.getByLabelText('Country'), 'GB');
    await user.type(screen.getByLabelText('City'), 'Leeds');
    await user.type(screen.getByLabelText('Post Code'), 'LS1 1AA');
    await user.type(screen.getByLabelText('Address'), '1 High Street');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));

    expect(((await screen.findByRole('button', { name: 'Saving...' })) as HTMLButtonElement).disabled).toBe(
      true,
    );
    answer.resolve(ok(onboarded, { message: 'Profile completed' }));
    expect(await findToast('Profile completed')).toBeTruthy();
    expect(api.calls('POST', '/auth/onboarding')[0]?.body).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
      country: 'GB',
      city: 'Leeds',
      postalCode: 'LS1 1AA',
      address: '1 High Street',
    });
    await waitFor(async () => expect((await getAuthUser())?.onBoarded).toBe(true));
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    mockApi().on('POST', '/auth/onboarding', fail(403, 'Please sign in again'));
    const user = open();
    await user.type(screen.getByLabelText('First Name'), 'Ann');
    await user.type(screen.getByLabelText('Last Name'), 'Lee');
    await user.selectOptions(screen.getByLabelText('Country'), 'DE');
    await user.type(screen.getByLabelText('City'), 'Berlin');
    await user.type(screen.getByLabelText('Post Code'), '10115');
    await user.type(screen.getByLabelText('Address'), 'Unter den Linden 1');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await findToast('Please sign in again')).toBeTruthy();
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Berlin');
  });
});

describe('Waiting for verification (/unverified)', () => {
  const open = () => renderPage(<UnverifiedPage />, { route: '/unverified' });

  it('names the address the link went to and resends it', async () => {
    await signedInAs(aUser({ email: 'ann@example.com', verified: false }));
    const api = mockApi().on(
      'POST',
      '/auth/signup-verify-resend',
      ok(null, { message: 'Verification email sent' }),
    );
    open();
    expect(screen.getByRole('heading', { name: 'Please verify your email address' })).toBeTruthy();
    expect(await screen.findByText('ann@example.com')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Click here' }));
    expect(await findToast('Verification email sent')).toBeTruthy();
    expect(api.calls('POST', '/auth/signup-verify-resend')[0]?.body).toEqual({ email: 'ann@example.com' });
  });

  it('says so in its own words when it has no address to send to', async () => {
    const api = mockApi();
    open();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Click here' }));
    expect(await findToast('Email not found. Please continue with different account.')).toBeTruthy();
    expect(api.calls()).toHaveLength(0);
  });

  it("'Use a different account' signs out, forgets the account on this device and goes to sign in", async () => {
    await signedInAs(aUser({ verified: false }));
    const api = mockApi().on('POST', '/auth/logout', ok(null, { message: 'Signed out' }));
    open();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Use a different account' }));
    expect(await currentPath()).toBe('/signin');
    expect(api.calls('POST', '/auth/logout')).toHaveLength(1);
    expect(await getAuthUser()).toBeNull();
    expect(await findToast('Signed out')).toBeTruthy();
  });

  it('signs out on this device when offline, and remembers to tell the server later', async () => {
    await signedInAs(aUser({ verified: false }));
    mockApi().on('POST', '/auth/logout', () => {
      throw new NoAnswer();
    });
    open();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Use a different account' }));
    expect(await currentPath()).toBe('/signin');
    expect(await getAuthUser()).toBeNull();
    expect(await localDb.meta.get('pendingSignOut')).toBeTruthy();
    expect(await findToast(/Signed out on this device. You are offline/)).toBeTruthy();
  });
});

describe('The e-mail link (/verify-email)', () => {
  const open = (query: string) =>
    renderPage(<VerifyEmailPage />, { route: '/verify-email', at: `/verify-email${query}` });

  it('submits token and address at once, says it worked, then updates the cached user', async () => {
    const me = await signedInAs(aUser({ verified: false }));
    const api = mockApi().on(
      'POST',
      '/auth/signup-verify',
      ok({ ...me, verified: true }, { message: 'Verified' }),
    );
    open(`?token=abc123&email=${encodeURIComponent(me.email)}`);
    expect(screen.getByRole('heading', { name: 'Verifying your email...' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Email verified successfully!' })).toBeTruthy();
    expect(await findToast('Verified')).toBeTruthy();
    expect(api.calls('POST', '/auth/signup-verify')).toHaveLength(1);
    expect(api.calls('POST', '/auth/signup-verify')[0]?.body).toEqual({ token: 'abc123', email: me.email });
    // After a short pause the cached user turns verified: the route gate opens the dashboard.
    await vi.waitFor(async () => expect((await getAuthUser())?.verified).toBe(true), { timeout: 4000 });
  });

  it('sends nothing for a link without its token, and offers a new link', async () => {
    await signedInAs(aUser({ verified: false }));
    const api = mockApi().on('POST', '/auth/signup-verify-resend', ok(null, { message: '' }));
    open('?email=ann%40example.com');
    expect(screen.getByRole('heading', { name: 'Verification link incomplete' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'to send a new verification link' }));
    // No message from the server: the screen's own words.
    expect(await findToast('Verification email sent successfully!')).toBeTruthy();
    expect(api.calls('POST', '/auth/signup-verify')).toHaveLength(0);
  });

  it("an expired link says so, with the server's reason", async () => {
    mockApi().on('POST', '/auth/signup-verify', fail(400, 'The link has expired'));
    open('?token=old&email=ann%40example.com');
    const heading = await screen.findByRole('heading', { name: 'Verification failed' });
    expect(heading.closest('[role="alert"]')?.textContent).toContain(
      'The verification link might be expired or invalid.',
    );
    expect(await findToast('The link has expired')).toBeTruthy();
  });

  it("a link with a token but no address: 'Email not found!' on resend", async () => {
    const api = mockApi();
    open('?token=abc');
    await userEvent.setup().click(screen.getByRole('button', { name: 'to send a new verification link' }));
    expect(await findToast('Email not found!')).toBeTruthy();
    expect(api.calls()).toHaveLength(0);
  });
});
