import { COMMON_PASSWORDS_DATA } from './common-passwords-data';
import { COMMON_PASSWORD_MESSAGE } from './password-rules';

export { COMMON_PASSWORD_MESSAGE };

let list: Set<string> | undefined;

/** True for a password on the bundled list, whatever its letter case and surrounding spaces. */
export function isCommonPassword(password: string): boolean {
  list ??= new Set(COMMON_PASSWORDS_DATA.split('\n'));
  return list.has(password.trim().toLowerCase());
}
