import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords';
import { COMMON_PASSWORDS_DATA } from './common-passwords-data';
import { passwordResetConfirmSchema, signUpSchema } from './schemas';

describe('the common-password list', () => {
  const entries = COMMON_PASSWORDS_DATA.split('\n');

  it('holds a few thousand distinct entries, all long enough to pass the length rule', () => {
    expect(entries.length).toBeGreaterThanOrEqual(5000);
    expect(new Set(entries).size).toBe(entries.length);
    expect(entries.every((p) => p.length >= 8 && p === p.toLowerCase())).toBe(true);
  });

  it.each(['password', '12345678', 'qwertyuiop', 'iloveyou', 'sunshine', 'password1', entries.at(-1)!])(
    'knows %s',
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it('ignores letter case and surrounding spaces', () => {
    expect(isCommonPassword('PassWord1')).toBe(true);
    expect(isCommonPassword(' password1 ')).toBe(true);
  });

  it.each(['correct-horse-battery', 'tuner-password-1', 'Zq8#mW2!vT', ''])('lets %j through', (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });
});

describe('the password rules of the shared schemas', () => {
  it('refuse a common password on sign-up with a message on the password field', () => {
    const result = signUpSchema.safeParse({
      email: 'a@b.co',
      password: 'Password1',
      confirmPassword: 'Password1',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toContainEqual(
      expect.objectContaining({ path: ['password'], message: COMMON_PASSWORD_MESSAGE }),
    );
  });

  it('refuse a common password on the password reset', () => {
    const result = passwordResetConfirmSchema.safeParse({
      email: 'a@b.co',
      otp: '123456',
      password: 'sunshine',
      confirmPassword: 'sunshine',
    });
    expect(result.error?.issues[0]).toMatchObject({ path: ['password'], message: COMMON_PASSWORD_MESSAGE });
  });
});
