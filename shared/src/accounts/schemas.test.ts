import { describe, expect, it } from 'vitest';
import { profileSchema } from '../profile/schemas';
import { passwordResetConfirmSchema, signInSchema, signUpSchema } from './schemas';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
}

describe('signUpSchema', () => {
  it.each([
    [{ email: 'A@B.co ', password: 'tuner-pass-1', confirmPassword: 'tuner-pass-1' }, null],
    [
      { email: 'nope', password: 'tuner-pass-1', confirmPassword: 'tuner-pass-1' },
      'Enter a valid email address',
    ],
    [{ email: '', password: 'tuner-pass-1', confirmPassword: 'tuner-pass-1' }, 'Email is required'],
    [
      { email: 'a@b.co', password: 'short', confirmPassword: 'short' },
      'Password must be at least 8 characters',
    ],
    [
      { email: 'a@b.co', password: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) },
      'Password must be at most 128 characters',
    ],
    [
      { email: 'a@b.co', password: 'tuner-pass-1', confirmPassword: 'tuner-pass-2' },
      'Passwords do not match',
    ],
    [{ password: 'tuner-pass-1', confirmPassword: 'tuner-pass-1' }, 'Email is required'],
  ])('%j -> %s', (input, expected) => {
    expect(firstMessage(signUpSchema.safeParse(input))).toBe(expected);
  });

  it('normalises the e-mail', () => {
    const parsed = signUpSchema.parse({
      email: ' Tuner@Example.COM ',
      password: 'tuner-pass-1',
      confirmPassword: 'tuner-pass-1',
    });
    expect(parsed.email).toBe('tuner@example.com');
  });
});

describe('signInSchema', () => {
  it.each([
    [{ email: 'a@b.co', password: 'x' }, null],
    [{ email: 'a@b.co', password: '' }, 'Password is required'],
    [{ email: 'a@b.co' }, 'Password is required'],
  ])('%j -> %s', (input, expected) => {
    expect(firstMessage(signInSchema.safeParse(input))).toBe(expected);
  });
});

describe('profileSchema', () => {
  const ok = {
    firstName: 'Ann',
    lastName: 'Lee',
    country: 'gb',
    city: 'Leeds',
    postalCode: 'LS1 1AA',
    address: '1 Road',
  };
  it.each([
    [ok, null],
    [{ ...ok, firstName: '  ' }, 'First name is required'],
    [{ ...ok, lastName: '' }, 'Last name is required'],
    [{ ...ok, country: 'XX' }, 'Select a country from the list'],
    [{ ...ok, city: '' }, 'City is required'],
    [{ ...ok, postalCode: '' }, 'Post code is required'],
    [{ ...ok, address: '' }, 'Address is required'],
    [{ ...ok, address: 'x'.repeat(201) }, 'Address must be at most 200 characters'],
  ])('%j -> %s', (input, expected) => {
    expect(firstMessage(profileSchema.safeParse(input))).toBe(expected);
  });

  it('upper-cases the country code', () => {
    expect(profileSchema.parse(ok).country).toBe('GB');
  });
});

describe('passwordResetConfirmSchema', () => {
  const ok = { email: 'a@b.co', otp: '123456', password: 'newpassword', confirmPassword: 'newpassword' };
  it.each([
    [ok, null],
    [{ ...ok, otp: '12345' }, 'Enter the 6-digit code'],
    [{ ...ok, otp: 'abcdef' }, 'Enter the 6-digit code'],
    [{ ...ok, confirmPassword: 'other' }, 'Passwords do not match'],
  ])('%j -> %s', (input, expected) => {
    expect(firstMessage(passwordResetConfirmSchema.safeParse(input))).toBe(expected);
  });
});
