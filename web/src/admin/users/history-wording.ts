import {
  type AuditEntryDto,
  countryName,
  formatCredits,
  formatGBP,
  type LedgerEntryDto,
  type PersonRef,
} from '@ecu/shared';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { formatLocale, i18n as shownI18n } from '../../i18n';
import { displayName } from './user-names';

/**
 * What a user's page says about its ledger and its audit trail, in words: in the language of
 * `i18n` (the shown one unless given).
 */

const LEDGER_KINDS: Record<LedgerEntryDto['kind'], MessageDescriptor> = {
  purchase: msg`Purchase`,
  admin_adjustment: msg`Adjusted by an admin`,
  admin_reset: msg`Reset by an admin`,
  download_charge: msg`Tuned file download`,
  refund: msg`Refund`,
};

export function ledgerKindText(kind: string, i18n: I18n = shownI18n): string {
  const known = LEDGER_KINDS[kind as LedgerEntryDto['kind']];
  return known ? i18n._(known) : humanise(kind);
}

/** '+5', '-1', '0'. */
export function signedDelta(delta: number): string {
  return delta > 0 ? `+${delta}` : String(delta);
}

/** Who did it: the person, or 'System' (a payment, a download, a refund). */
export function actorText(actor: PersonRef | null, i18n: I18n = shownI18n): string {
  return actor ? displayName(actor) : i18n._(msg`System`);
}

const AUDIT_ACTIONS: Record<string, MessageDescriptor> = {
  'user.role': msg`Changed the role`,
  'user.disable': msg`Disabled the account`,
  'user.activate': msg`Activated the account`,
  'user.delete': msg`Deleted the account`,
  'user.price': msg`Changed the credit price`,
  'user.credits': msg`Adjusted the credits`,
  'user.resend_verification': msg`Resent the verification e-mail`,
  'settings.update': msg`Updated the settings`,
  'export.users': msg`Exported the users (CSV)`,
  'export.transactions': msg`Exported the transactions (CSV)`,
  'user.password-reset': msg`Reset the password (command line)`,
  'delivery.retry': msg`Retried an e-mail or push`,
};

/** 'user.role' -> 'Changed the role'; an action this screen does not know reads 'Ticket status'. */
export function auditActionText(action: string, i18n: I18n = shownI18n): string {
  const known = AUDIT_ACTIONS[action];
  return known ? i18n._(known) : humanise(action.replace(/\./g, ' '));
}

type Show = (value: unknown, i18n: I18n) => string;

const money: Show = (v, i18n) => formatGBP(v, formatLocale(i18n));
const pence: Show = (v, i18n) => formatGBP(Number(v) / 100, formatLocale(i18n));
const credits: Show = (v, i18n) => formatCredits(Number(v), formatLocale(i18n));
const status: Show = (v, i18n) => i18n._(v ? msg`disabled` : msg`active`);
const verified: Show = (v, i18n) => i18n._(v ? msg`verified` : msg`not verified`);
const sent: Show = (v, i18n) => i18n._(v ? msg`sent` : msg`not sent`);
const country: Show = (v, i18n) => (typeof v === 'string' ? countryIn(v, i18n.locale) : plain(v, i18n));

/** A country's name in the reader's language; English keeps the portal's own names. */
export function countryIn(code: string, locale: string): string {
  if (locale !== 'en' && typeof Intl.DisplayNames === 'function') {
    try {
      const named = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' }).of(code);
      if (named) return named;
    } catch {
      // Not a region code: shown as the portal names it.
    }
  }
  return countryName(code) ?? code;
}

/** The fields an audit entry may name, with their label and how a value reads. */
const FIELDS: Record<string, [label: MessageDescriptor, show?: Show]> = {
  role: [msg`Role`],
  disabled: [msg`Status`, status],
  verified: [msg`E-mail`, verified],
  verificationSent: [msg`Verification e-mail`, sent],
  deleted: [msg`Deleted`],
  perCreditPrice: [msg`Credit price`, money],
  creditPrice: [msg`Credit price`, money],
  perCreditPricePence: [msg`Credit price`, pence],
  credits: [msg`Credits`, credits],
  balance: [msg`Credits`, credits],
  delta: [msg`Change`, (v) => signedDelta(Number(v))],
  note: [msg`Reason`],
  reason: [msg`Reason`],
  email: [msg`E-mail`],
  firstName: [msg`First name`],
  lastName: [msg`Last name`],
  address: [msg`Address`],
  city: [msg`City`],
  postalCode: [msg`Postal code`],
  country: [msg`Country`, country],
};

function plain(value: unknown, i18n: I18n): string {
  if (value === null || value === undefined || value === '') return i18n._(msg`(none)`);
  if (typeof value === 'boolean') return i18n._(value ? msg`yes` : msg`no`);
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** 'perCreditPrice' -> 'Per credit price'; 'download_charge' -> 'Download charge'. */
function humanise(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\s]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The entry's changes, one line per field: 'Role: user → admin', 'Status: active → disabled';
 * a field only set afterwards reads 'Reason: Goodwill', one only known before (the state of a
 * deleted account) 'Role was user'. Unchanged fields are left out.
 */
export function auditChanges(
  entry: Pick<AuditEntryDto, 'before' | 'after'>,
  i18n: I18n = shownI18n,
): string[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const lines: string[] = [];
  for (const key of keys) {
    const field = FIELDS[key];
    const label = field ? i18n._(field[0]) : humanise(key);
    const show = field?.[1] ?? plain;
    const had = key in before;
    const has = key in after;
    if (had && has && JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    if (!had) {
      const value = show(after[key], i18n);
      lines.push(i18n._(msg`${label}: ${value}`));
    } else if (!has) {
      const value = show(before[key], i18n);
      lines.push(i18n._(msg`${label} was ${value}`));
    } else {
      const from = show(before[key], i18n);
      const to = show(after[key], i18n);
      lines.push(i18n._(msg`${label}: ${from} → ${to}`));
    }
  }
  return lines;
}
