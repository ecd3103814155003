import {
  type AuditEntryDto,
  formatGBP,
  SETTINGS_GROUPS,
  type SettingsGroup,
  type WorkingHours,
} from '@ecu/shared';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { formatLocale } from '../../i18n';
import { dayHoursText, dayName, WEEK_ORDER } from './hours-draft';

/** The 'Recent changes' list of /settings: which section changed, and what, in words. */

export const SECTION_TITLES: Record<SettingsGroup, MessageDescriptor> = {
  seller: msg`Seller`,
  pricing: msg`Pricing`,
  support: msg`Support`,
  hours: msg`Working hours`,
  automation: msg`Automatic delivery`,
  assignment: msg`Assignment`,
  escalation: msg`Escalation`,
};

/** Each field's label, as its section on /settings shows it. */
export const FIELD_LABELS: Record<string, MessageDescriptor> = {
  companyName: msg`Company name`,
  address: msg`Address`,
  vatId: msg`VAT number`,
  defaultPerCreditPrice: msg`Default price per credit`,
  supportEmail: msg`Support e-mail`,
  automaticDelivery: msg`Automatic delivery`,
  automaticAssignment: msg`Automatic assignment`,
  openTicketLimit: msg`Open tickets per engineer`,
  pendingMinutes: msg`Pending longer than (minutes)`,
  inProgressMinutes: msg`In Progress longer than (minutes)`,
  unansweredMinutes: msg`Customer message unanswered longer than (minutes)`,
};

export interface SettingsChange {
  section: string;
  lines: string[];
}

type Loose = Record<string, unknown>;

const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);
const isGroup = (k: string): k is SettingsGroup => (SETTINGS_GROUPS as readonly string[]).includes(k);

function show(field: string, value: unknown, i18n: I18n): string {
  if (value === undefined || value === null || value === '') return i18n._(msg`(empty)`);
  if (field === 'defaultPerCreditPrice') return formatGBP(value, formatLocale(i18n));
  if (typeof value === 'boolean') return value ? i18n._(msg`on`) : i18n._(msg`off`);
  return `“${String(value)}”`;
}

function plainChanges(before: Loose, after: Loose, i18n: I18n): string[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((k) => {
      const label = FIELD_LABELS[k];
      return `${label ? i18n._(label) : k}: ${show(k, before[k], i18n)} → ${show(k, after[k], i18n)}`;
    });
}

function asHours(value: Loose): Pick<WorkingHours, 'week' | 'holidays'> & { timeZone?: unknown } {
  return {
    timeZone: value.timeZone,
    week: Array.isArray(value.week) ? (value.week as WorkingHours['week']) : [],
    holidays: Array.isArray(value.holidays) ? (value.holidays as WorkingHours['holidays']) : [],
  };
}

function hoursChanges(beforeRaw: Loose, afterRaw: Loose, i18n: I18n): string[] {
  const before = asHours(beforeRaw);
  const after = asHours(afterRaw);
  const lines: string[] = [];
  if (before.timeZone !== after.timeZone) {
    const none = i18n._(msg`(none)`);
    const from = String(before.timeZone ?? none);
    const to = String(after.timeZone ?? none);
    lines.push(i18n._(msg`Time zone: ${from} → ${to}`));
  }
  for (const day of WEEK_ORDER) {
    const was = dayHoursText(before, day, i18n);
    const now = dayHoursText(after, day, i18n);
    if (was !== now) lines.push(`${dayName(day, i18n)}: ${was} → ${now}`);
  }
  const label = (h: { date: string; name: string }) => (h.name ? `${h.date} (${h.name})` : h.date);
  const beforeDates = new Map(before.holidays.map((h) => [h.date, h]));
  const afterDates = new Map(after.holidays.map((h) => [h.date, h]));
  for (const h of after.holidays) {
    const old = beforeDates.get(h.date);
    const holiday = label(h);
    const { date } = h;
    if (!old) lines.push(i18n._(msg`Holiday added: ${holiday}`));
    else if (old.name !== h.name) {
      const oldName = old.name;
      const newName = h.name;
      lines.push(i18n._(msg`Holiday renamed: ${date} “${oldName}” → “${newName}”`));
    }
  }
  for (const h of before.holidays) {
    const holiday = label(h);
    if (!afterDates.has(h.date)) lines.push(i18n._(msg`Holiday removed: ${holiday}`));
  }
  return lines;
}

function groupChange(group: string, before: unknown, after: unknown, i18n: I18n): SettingsChange {
  const section = isGroup(group) ? i18n._(SECTION_TITLES[group]) : group;
  const b = isObject(before) ? before : {};
  const a = isObject(after) ? after : {};
  const lines = group === 'hours' ? hoursChanges(b, a, i18n) : plainChanges(b, a, i18n);
  return { section, lines: lines.length > 0 ? lines : [i18n._(msg`Saved without changes`)] };
}

/**
 * What a 'settings.update' entry changed. Its before/after hold either the groups
 * ({ seller: {...} }) or, when the entry names its group in targetId, that group's fields.
 */
export function describeSettingsChange(
  entry: Pick<AuditEntryDto, 'targetId' | 'before' | 'after'>,
  i18n: I18n,
): SettingsChange[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const byGroup = keys.length > 0 && keys.every(isGroup);
  if (!byGroup && isGroup(entry.targetId)) return [groupChange(entry.targetId, before, after, i18n)];
  if (!byGroup) return [{ section: i18n._(msg`Settings`), lines: plainChanges(before, after, i18n) }];
  return keys
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((k) => groupChange(k, before[k], after[k], i18n));
}

export function actorName(entry: Pick<AuditEntryDto, 'actor'>, i18n: I18n): string {
  const a = entry.actor;
  if (!a) return i18n._(msg`The system`);
  const name = `${a.firstName ?? ''} ${a.lastName ?? ''}`.trim();
  return name ? `${name} (${a.email})` : a.email;
}
