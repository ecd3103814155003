import { COMMON_PASSWORDS_DATA } from './common-passwords-data';

/** ASVS 6.2.4: a password from the top of the breached lists is refused (docs/decisions/023-leaks-and-accounts.md). */
export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most common ones and easy to guess. Choose another.';

let list: Set<string> | undefined;

/** True for a password on the bundled list, whatever its letter case and surrounding spaces. */
export function isCommonPassword(password: string): boolean {
  list ??= new Set(COMMON_PASSWORDS_DATA.split('\n'));
  return list.has(password.trim().toLowerCase());
}
