import { dateRangeQuerySchema } from '@ecu/shared';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { addValidationMessages, i18n as shownI18n, validationMessage } from '../../i18n';

/** The Overview's period: a preset counted back from today, or a custom from–to (both days included). */

export const PERIOD_PRESETS = [
  { id: '7d', label: msg`7 days` },
  { id: '30d', label: msg`30 days` },
  { id: '90d', label: msg`90 days` },
  { id: '12m', label: msg`12 months` },
] as const;
export type PresetId = (typeof PERIOD_PRESETS)[number]['id'];
export const DEFAULT_PRESET: PresetId = '30d';

export type Period = { kind: 'preset'; preset: PresetId } | { kind: 'custom'; from: string; to: string };

export interface DateRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;

function parseDay(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

function formatDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return formatDay(new Date(parseDay(date).getTime() + days * DAY_MS));
}

/** The same day a number of months earlier or later; the 31st becomes the month's last day. */
export function addMonths(date: string, months: number): string {
  const d = parseDay(date);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return formatDay(target);
}

/** Today as 'YYYY-MM-DD' in a time zone (the business's: the API counts days there). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
  } catch {
    return formatDay(now);
  }
}

/** 7 days ending today is today and the 6 days before it; 12 months starts the day after today a year ago. */
export function presetRange(preset: PresetId, today: string): DateRange {
  switch (preset) {
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case '90d':
      return { from: addDays(today, -89), to: today };
    case '12m':
      return { from: addDays(addMonths(today, -12), 1), to: today };
  }
}

export function rangeOf(period: Period, today: string): DateRange {
  return period.kind === 'preset' ? presetRange(period.preset, today) : { from: period.from, to: period.to };
}

// The API's rules' messages (shared's dateRangeQuerySchema), in the reader's language
// (web/src/i18n/validation-messages.ts).
addValidationMessages([
  ['Use a date like 2026-01-31', msg`Use a date like 2026-01-31`],
  ['Use a real calendar date', msg`Use a real calendar date`],
  ['The start date must be on or before the end date', msg`The start date must be on or before the end date`],
  ['Choose a range of at most two years', msg`Choose a range of at most two years`],
]);

/** The first problem of a custom range (the API's own rules), or null when it is fine. */
export function customRangeError(range: { from: string; to: string }, i18n: I18n = shownI18n): string | null {
  if (!range.from || !range.to) return i18n._(msg`Choose a start and an end date`);
  const result = dateRangeQuerySchema.safeParse(range);
  if (result.success) return null;
  const message = result.error.issues[0]?.message;
  if (!message) return i18n._(msg`Choose a valid range`);
  return validationMessage(message, i18n);
}

/** ?period=7d, or ?from=…&to=… for a custom range; anything else is the default preset. */
export function periodFromSearch(params: URLSearchParams): Period {
  const from = params.get('from');
  const to = params.get('to');
  if (from && to && customRangeError({ from, to }) === null) return { kind: 'custom', from, to };
  const preset = PERIOD_PRESETS.find((p) => p.id === params.get('period'));
  return { kind: 'preset', preset: preset?.id ?? DEFAULT_PRESET };
}

export function periodToSearch(period: Period): Record<string, string> {
  if (period.kind === 'custom') return { from: period.from, to: period.to };
  return period.preset === DEFAULT_PRESET ? {} : { period: period.preset };
}

/**
 * Day formats per language: English keeps the British order ('5 Jan 2026'), another language
 * its own ('5. Jan. 2026'); the pseudo-locale formats as English.
 */
const dayFormats = new Map<string, { short: Intl.DateTimeFormat; long: Intl.DateTimeFormat }>();
function dayFormat(locale: string) {
  const tag = locale === 'en' || locale === 'pseudo' ? 'en-GB' : locale;
  let f = dayFormats.get(tag);
  if (!f) {
    f = {
      short: new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
      long: new Intl.DateTimeFormat(tag, {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      }),
    };
    dayFormats.set(tag, f);
  }
  return f;
}

/** '5 Jan' for a 'YYYY-MM-DD' day. */
export function shortDay(date: string, locale = 'en'): string {
  const d = parseDay(date);
  return Number.isNaN(d.getTime()) ? date : dayFormat(locale).short.format(d);
}

/** '5 Jan 2026' */
export function longDay(date: string, locale = 'en'): string {
  const d = parseDay(date);
  return Number.isNaN(d.getTime()) ? date : dayFormat(locale).long.format(d);
}

/** '1 Jun 2026 – 30 Jun 2026' */
export function rangeText({ from, to }: DateRange, locale = 'en'): string {
  return from === to ? longDay(from, locale) : `${longDay(from, locale)} – ${longDay(to, locale)}`;
}
