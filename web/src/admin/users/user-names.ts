import type { PersonRef } from '@ecu/shared';

type Named = Pick<PersonRef, 'firstName' | 'lastName' | 'email'>;

/** 'Jane Doe', or '' before onboarding (no names yet). */
export function fullName(user: Pick<Named, 'firstName' | 'lastName'>): string {
  return `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim();
}

/** How a dialog or a toast names a user: the full name, else the e-mail address. */
export function displayName(user: Named): string {
  return fullName(user) || user.email;
}

/** Two letters for the avatar: 'JD' for Jane Doe, 'J' for jane@x.com without names. */
export function initialsOf(user: Named): string {
  const letters = [user.firstName, user.lastName]
    .map((part) => part?.trim().charAt(0) ?? '')
    .join('')
    .toUpperCase();
  return letters || (user.email?.trim().charAt(0).toUpperCase() ?? '') || '?';
}
