import { expect, test } from '@playwright/test';
import { createAccount, PASSWORD, signInThroughUi, uniqueEmail } from './support/accounts';
import { otpIn, verificationLinkIn, waitForMail } from './support/mail';

test('a tuner signs up, completes the profile, verifies by the mailed link and lands on the dashboard', async ({
  page,
}) => {
  const email = uniqueEmail('signup');
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await expect(page.getByText('World Leading File Portal')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill('something-else');
  const terms = page.getByRole('checkbox');
  await expect(terms).not.toBeChecked();
  await terms.check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await page.getByLabel('Confirm Password').fill(PASSWORD);
  const since = Date.now();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);

  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
  await page.getByLabel('First Name').fill('Ann');
  await page.getByLabel('Last Name').fill('Lee');
  await page.getByLabel('Country').selectOption('GB');
  await page.getByLabel('City').fill('Leeds');
  await page.getByLabel('Post Code').fill('LS1 1AA');
  await page.getByLabel('Address').fill('1 Workshop Lane');
  await page.getByRole('button', { name: 'Save Profile' }).click();

  await expect(page).toHaveURL(/\/unverified$/);
  await expect(page.getByText('Please verify your email address')).toBeVisible();
  await expect(
    page.getByText('A fresh verification link has been sent to your email address.'),
  ).toBeVisible();

  const link = verificationLinkIn(await waitForMail(email, since));
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email verified successfully!' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
  await expect(page.getByText('Welcome back, Ann Lee!')).toBeVisible();
  await expect(page.getByText('£0.00')).toBeVisible();
  await expect(page.getByTestId('sidebar-credits')).toHaveText('0 CRD');
  await expect(page.getByRole('img', { name: 'United Kingdom' })).toBeVisible();

  // The link works once: a second use is refused (the account is verified, so it says so).
  const again = await page.request.post('/api/auth/signup-verify', {
    data: Object.fromEntries(new URL(link).searchParams),
    headers: { Origin: new URL(page.url()).origin },
  });
  expect((await again.json()).message).toBe('Your email is already verified');
});

test('the verification landing page explains an invalid link', async ({ page }) => {
  const account = await createAccount('onboarded');
  await signInThroughUi(page, account.email);
  await expect(page).toHaveURL(/\/unverified$/);
  await page.goto(`/verify-email?token=not-a-token&email=${encodeURIComponent(account.email)}`);
  await expect(page.getByRole('heading', { name: 'Verification failed' })).toBeVisible();
  await expect(
    page.locator('.auth-card').getByText('The verification link might be expired or invalid.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'to send a new verification link' })).toBeVisible();

  // Without the token there is nothing to try: no failure is claimed.
  await page.goto(`/verify-email?email=${encodeURIComponent(account.email)}`);
  await expect(page.getByRole('heading', { name: 'Verification link incomplete' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'to send a new verification link' })).toBeVisible();
});

test('a tuner edits the profile and signs out from the user menu', async ({ page }) => {
  const account = await createAccount('verified');
  await signInThroughUi(page, account.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: /Ann/ }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/profile-settings$/);
  await page.getByLabel(/City/).fill('Manchester');
  await page.getByRole('button', { name: /Save/ }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(/City/)).toHaveValue('Manchester');

  await page.getByRole('button', { name: /Ann/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/signin$/);
});

test('a forgotten password is reset with the e-mailed code', async ({ page }) => {
  const account = await createAccount('verified');
  await page.goto('/signin');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/password-reset$/);
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await expect(page.getByText('Enter your email to reset your password')).toBeVisible();
  const since = Date.now();
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  const otp = otpIn(await waitForMail(account.email, since));
  await page.getByLabel(/code/i).fill(otp);
  await page.getByLabel('New Password').fill('a-brand-new-password');
  await page.getByLabel('Confirm Password').fill('a-brand-new-password');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/signin$/);

  await signInThroughUi(page, account.email, PASSWORD);
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await signInThroughUi(page, account.email, 'a-brand-new-password');
  await expect(page).toHaveURL(/\/dashboard$/);
});
