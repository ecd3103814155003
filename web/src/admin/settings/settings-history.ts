import {
  type AuditEntryDto,
  formatGBP,
  SETTINGS_GROUPS,
  type SettingsGroup,
  type WorkingHours,
} from '@ecu/shared';
import { dayHoursText, dayName, WEEK_ORDER } from './hours-draft';

/** The 'Recent changes' list of /settings: which section changed, and what, in words. */

export const SECTION_TITLES: Record<SettingsGroup, string> = {
  seller: 'Seller',
  pricing: 'Pricing',
  support: 'Support',
  hours: 'Working hours',
  automation: 'Automatic delivery',
  assignment: 'Assignment',
  escalation: 'Escalation',
};

const FIELD_LABELS: Record<string, string> = {
  companyName: 'Company name',
  address: 'Address',
  vatId: 'VAT number',
  defaultPerCreditPrice: 'Default price per credit',
  supportEmail: 'Support e-mail',
  automaticDelivery: 'Automatic delivery',
  automaticAssignment: 'Automatic assignment',
  openTicketLimit: 'Open tickets per engineer',
  pendingMinutes: 'Pending longer than (minutes)',
  inProgressMinutes: 'In Progress longer than (minutes)',
  unansweredMinutes: 'Customer message unanswered longer than (minutes)',
};

export interface SettingsChange {
  section: string;
  lines: string[];
}

type Loose = Record<string, unknown>;

const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);
const isGroup = (k: string): k is SettingsGroup => (SETTINGS_GROUPS as readonly string[]).includes(k);

function show(field: string, value: unknown): string {
  if (value === undefined || value === null || value === '') return '(empty)';
  if (field === 'defaultPerCreditPrice') return formatGBP(value);
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  return `“${String(value)}”`;
}

function plainChanges(before: Loose, after: Loose): string[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((k) => `${FIELD_LABELS[k] ?? k}: ${show(k, before[k])} → ${show(k, after[k])}`);
}

function asHours(value: Loose): Pick<WorkingHours, 'week' | 'holidays'> & { timeZone?: unknown } {
  return {
    timeZone: value.timeZone,
    week: Array.isArray(value.week) ? (value.week as WorkingHours['week']) : [],
    holidays: Array.isArray(value.holidays) ? (value.holidays as WorkingHours['holidays']) : [],
  };
}

function hoursChanges(beforeRaw: Loose, afterRaw: Loose): string[] {
  const before = asHours(beforeRaw);
  const after = asHours(afterRaw);
  const lines: string[] = [];
  if (before.timeZone !== after.timeZone) {
    lines.push(`Time zone: ${String(before.timeZone ?? '(none)')} → ${String(after.timeZone ?? '(none)')}`);
  }
  for (const day of WEEK_ORDER) {
    const was = dayHoursText(before, day);
    const now = dayHoursText(after, day);
    if (was !== now) lines.push(`${dayName(day)}: ${was} → ${now}`);
  }
  const label = (h: { date: string; name: string }) => (h.name ? `${h.date} (${h.name})` : h.date);
  const beforeDates = new Map(before.holidays.map((h) => [h.date, h]));
  const afterDates = new Map(after.holidays.map((h) => [h.date, h]));
  for (const h of after.holidays) {
    const old = beforeDates.get(h.date);
    if (!old) lines.push(`Holiday added: ${label(h)}`);
    else if (old.name !== h.name) lines.push(`Holiday renamed: ${h.date} “${old.name}” → “${h.name}”`);
  }
  for (const h of before.holidays) if (!afterDates.has(h.date)) lines.push(`Holiday removed: ${label(h)}`);
  return lines;
}

function groupChange(group: string, before: unknown, after: unknown): SettingsChange {
  const section = isGroup(group) ? SECTION_TITLES[group] : group;
  const b = isObject(before) ? before : {};
  const a = isObject(after) ? after : {};
  const lines = group === 'hours' ? hoursChanges(b, a) : plainChanges(b, a);
  return { section, lines: lines.length > 0 ? lines : ['Saved without changes'] };
}

/**
 * What a 'settings.update' entry changed. Its before/after hold either the groups
 * ({ seller: {...} }) or, when the entry names its group in targetId, that group's fields.
 */
export function describeSettingsChange(
  entry: Pick<AuditEntryDto, 'targetId' | 'before' | 'after'>,
): SettingsChange[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const byGroup = keys.length > 0 && keys.every(isGroup);
  if (!byGroup && isGroup(entry.targetId)) return [groupChange(entry.targetId, before, after)];
  if (!byGroup) return [{ section: 'Settings', lines: plainChanges(before, after) }];
  return keys
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((k) => groupChange(k, before[k], after[k]));
}

export function actorName(entry: Pick<AuditEntryDto, 'actor'>): string {
  const a = entry.actor;
  if (!a) return 'The system';
  const name = `${a.firstName ?? ''} ${a.lastName ?? ''}`.trim();
  return name ? `${name} (${a.email})` : a.email;
}
