import { asLocale, type Locale } from '@ecu/shared/i18n/locales';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';

/**
 * The portal's own words that data carries (a ticket's status, stage, gearbox, read type...):
 * stored and sent in English, shown in the reader's language. English shows them as stored
 * (the spec's names); a value this table does not know is shown as it came.
 */
const NAMES: Record<string, MessageDescriptor> = {
  // Ticket statuses.
  Pending: msg`Pending`,
  'In Progress': msg`In Progress`,
  Completed: msg`Completed`,
  Failed: msg`Failed`,
  Unlocked: msg`Unlocked`,
  // Stages ('Stage 1', 'Stage 2' and 'Eco' read the same in every language).
  'No Engine Mud': msg`No Engine Mud`,
  'Gear Box': msg`Gear Box`,
  'Original File (Back To Stock)': msg`Original File (Back To Stock)`,
  'ECU Cloning': msg`ECU Cloning`,
  // Gearboxes, read types, master or slave.
  Automatic: msg`Automatic`,
  Manual: msg`Manual`,
  SemiAutomatic: msg`SemiAutomatic`,
  'Boot Mode': msg`Boot Mode`,
  Bench: msg`Bench`,
  Master: msg`Master`,
  Slave: msg`Slave`,
};

/** A stored English word of the portal (status, stage, gearbox...) in the reader's language. */
export function domainName(i18n: I18n, value: string): string {
  const descriptor = NAMES[value];
  return descriptor ? i18n._(descriptor) : value;
}

/** domainName bound to the current language, for components. */
export function useDomainName(): (value: string) => string {
  const { i18n } = useLingui();
  return (value) => domainName(i18n, value);
}

/**
 * The language for shared's formats (dates, money, credits, file sizes): the shown one, the
 * pseudo-locale formatting as English.
 */
export function formatLocale(i18n: I18n): Locale {
  return asLocale(i18n.locale);
}

/** formatLocale of the current language, for components. */
export function useFormatLocale(): Locale {
  return formatLocale(useLingui().i18n);
}
