/**
 * The password rules' numbers and words, without the schemas (zod) or the common-password list:
 * a screen that only names them (the web's messages in other languages) stays small.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** ASVS 6.2.4: a password from the top of the breached lists is refused (docs/decisions/023-leaks-and-accounts.md). */
export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most common ones and easy to guess. Choose another.';
