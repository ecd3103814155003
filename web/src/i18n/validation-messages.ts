import { COMMON_PASSWORD_MESSAGE, PASSWORD_MAX, PASSWORD_MIN } from '@ecu/shared/accounts/password-rules';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { i18n } from './i18n';

/**
 * The shared zod schemas' messages (shared/src/…/schemas.ts) say what is wrong with a field in
 * English, the one text web and API share. A screen shows them in its language through this
 * table, keyed by that English text; a message the table does not know is shown as it came (a
 * server's answer is already in the account's language). The signed-out forms' messages are
 * here; a feature adds its own with `addValidationMessages` (so they load with it).
 */
const table = new Map<string, MessageDescriptor>();

export function addValidationMessages(entries: readonly (readonly [english: string, MessageDescriptor])[]) {
  for (const [english, descriptor] of entries) table.set(english, descriptor);
}

/** A shared schema's message in the current language (or `language`'s), or as it came. */
export function validationMessage(message: string, language: I18n = i18n): string {
  const descriptor = table.get(message);
  return descriptor ? language._(descriptor) : message;
}

addValidationMessages([
  // Accounts (shared/src/accounts/schemas.ts).
  ['Email is required', msg`Email is required`],
  ['Email is too long', msg`Email is too long`],
  ['Enter a valid email address', msg`Enter a valid email address`],
  ['Password is required', msg`Password is required`],
  [
    `Password must be at least ${PASSWORD_MIN} characters`,
    msg`Password must be at least ${PASSWORD_MIN} characters`,
  ],
  [
    `Password must be at most ${PASSWORD_MAX} characters`,
    msg`Password must be at most ${PASSWORD_MAX} characters`,
  ],
  [
    COMMON_PASSWORD_MESSAGE,
    msg`This password is one of the most common ones and easy to guess. Choose another.`,
  ],
  ['Passwords do not match', msg`Passwords do not match`],
  ['Confirm your password', msg`Confirm your password`],
  ['Token is required', msg`Token is required`],
  ['Enter the 6-digit code', msg`Enter the 6-digit code`],
  // Onboarding and profile settings (shared/src/profile/schemas.ts).
  ['Country is required', msg`Country is required`],
  ['Select a country from the list', msg`Select a country from the list`],
  ['First name is required', msg`First name is required`],
  ['First name must be at most 60 characters', msg`First name must be at most 60 characters`],
  ['Last name is required', msg`Last name is required`],
  ['Last name must be at most 60 characters', msg`Last name must be at most 60 characters`],
  ['City is required', msg`City is required`],
  ['City must be at most 100 characters', msg`City must be at most 100 characters`],
  ['Post code is required', msg`Post code is required`],
  ['Post code must be at most 20 characters', msg`Post code must be at most 20 characters`],
  ['Address is required', msg`Address is required`],
  ['Address must be at most 200 characters', msg`Address must be at most 200 characters`],
]);
