import {
  type AuditEntryDto,
  countryName,
  formatCredits,
  formatGBP,
  type LedgerEntryDto,
  type PersonRef,
} from '@ecu/shared';
import { displayName } from './user-names';

/** What a user's page says about its ledger and its audit trail, in words. */

const LEDGER_KINDS: Record<LedgerEntryDto['kind'], string> = {
  purchase: 'Purchase',
  admin_adjustment: 'Adjusted by an admin',
  admin_reset: 'Reset by an admin',
  download_charge: 'Tuned file download',
  refund: 'Refund',
};

export function ledgerKindText(kind: string): string {
  return LEDGER_KINDS[kind as LedgerEntryDto['kind']] ?? humanise(kind);
}

/** '+5', '-1', '0'. */
export function signedDelta(delta: number): string {
  return delta > 0 ? `+${delta}` : String(delta);
}

/** Who did it: the person, or 'System' (a payment, a download, a refund). */
export function actorText(actor: PersonRef | null): string {
  return actor ? displayName(actor) : 'System';
}

const AUDIT_ACTIONS: Record<string, string> = {
  'user.role': 'Changed the role',
  'user.disable': 'Disabled the account',
  'user.activate': 'Activated the account',
  'user.delete': 'Deleted the account',
  'user.price': 'Changed the credit price',
  'user.credits': 'Adjusted the credits',
  'user.resend_verification': 'Resent the verification e-mail',
  'settings.update': 'Updated the settings',
  'export.users': 'Exported the users (CSV)',
  'export.transactions': 'Exported the transactions (CSV)',
  'user.password-reset': 'Reset the password (command line)',
  'delivery.retry': 'Retried an e-mail or push',
};

/** 'user.role' -> 'Changed the role'; an action this screen does not know reads 'Ticket status'. */
export function auditActionText(action: string): string {
  return AUDIT_ACTIONS[action] ?? humanise(action.replace(/\./g, ' '));
}

type Show = (value: unknown) => string;

const money: Show = (v) => formatGBP(v);
const pence: Show = (v) => formatGBP(Number(v) / 100);
const credits: Show = (v) => formatCredits(Number(v));
const status: Show = (v) => (v ? 'disabled' : 'active');
const verified: Show = (v) => (v ? 'verified' : 'not verified');
const country: Show = (v) => (typeof v === 'string' ? (countryName(v) ?? v) : plain(v));

/** The fields an audit entry may name, with their label and how a value reads. */
const FIELDS: Record<string, [label: string, show?: Show]> = {
  role: ['Role'],
  disabled: ['Status', status],
  verified: ['E-mail', verified],
  verificationSent: ['Verification e-mail', (v) => (v ? 'sent' : 'not sent')],
  deleted: ['Deleted'],
  perCreditPrice: ['Credit price', money],
  creditPrice: ['Credit price', money],
  perCreditPricePence: ['Credit price', pence],
  credits: ['Credits', credits],
  balance: ['Credits', credits],
  delta: ['Change', (v) => signedDelta(Number(v))],
  note: ['Reason'],
  reason: ['Reason'],
  email: ['E-mail'],
  firstName: ['First name'],
  lastName: ['Last name'],
  address: ['Address'],
  city: ['City'],
  postalCode: ['Postal code'],
  country: ['Country', country],
};

function plain(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
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
export function auditChanges(entry: Pick<AuditEntryDto, 'before' | 'after'>): string[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const lines: string[] = [];
  for (const key of keys) {
    const [label, show = plain] = FIELDS[key] ?? [humanise(key)];
    const had = key in before;
    const has = key in after;
    if (had && has && JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    if (!had) lines.push(`${label}: ${show(after[key])}`);
    else if (!has) lines.push(`${label} was ${show(before[key])}`);
    else lines.push(`${label}: ${show(before[key])} → ${show(after[key])}`);
  }
  return lines;
}
