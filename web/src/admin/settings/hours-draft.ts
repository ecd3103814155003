import { DAY_NAMES, type WorkingHours } from '@ecu/shared';
import { intlTag } from '@ecu/shared/i18n/locales';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { formatLocale } from '../../i18n';

/**
 * The working-hours editor's state: per weekday a 'Closed' toggle and its intervals, and the
 * holidays. It turns into the shared WorkingHours shape (a flat list of intervals) on save, and
 * the validation errors of that shape (paths like 'week.2.close') find their way back to the
 * field that caused them.
 */

export interface IntervalDraft {
  open: string;
  close: string;
}

export interface DayDraft {
  /** 0 = Sunday ... 6 = Saturday, as in WorkingHours. */
  day: number;
  closed: boolean;
  /** At least one; kept while closed, so opening the day again brings its times back. */
  intervals: IntervalDraft[];
}

export interface HolidayDraft {
  /** A stable key for the row (holidays have no id of their own). */
  key: string;
  date: string;
  name: string;
}

export interface HoursDraft {
  timeZone: string;
  /** Monday first, as a UK business reads its week. */
  days: DayDraft[];
  holidays: HolidayDraft[];
}

/** Monday to Sunday. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;
export const MAX_INTERVALS_PER_DAY = 2;
const DEFAULT_INTERVAL: IntervalDraft = { open: '09:00', close: '17:30' };

let holidayKeys = 0;
export function newHolidayKey(): string {
  holidayKeys += 1;
  return `h${holidayKeys}`;
}

export function toHoursDraft(hours: WorkingHours): HoursDraft {
  return {
    timeZone: hours.timeZone,
    days: WEEK_ORDER.map((day) => {
      const intervals = hours.week
        .filter((i) => i.day === day)
        .sort((a, b) => a.open.localeCompare(b.open))
        .map(({ open, close }) => ({ open, close }));
      return intervals.length > 0
        ? { day, closed: false, intervals }
        : { day, closed: true, intervals: [{ ...DEFAULT_INTERVAL }] };
    }),
    holidays: hours.holidays.map((h) => ({ key: newHolidayKey(), date: h.date, name: h.name })),
  };
}

/** Where each interval of the saved week came from, to put its errors next to its fields. */
export interface WeekSlot {
  day: number;
  slot: number;
}

export function fromHoursDraft(draft: HoursDraft): { hours: WorkingHours; slots: WeekSlot[] } {
  const week: WorkingHours['week'] = [];
  const slots: WeekSlot[] = [];
  for (const d of draft.days) {
    if (d.closed) continue;
    d.intervals.forEach((interval, slot) => {
      week.push({ day: d.day, open: interval.open, close: interval.close });
      slots.push({ day: d.day, slot });
    });
  }
  return {
    hours: {
      timeZone: draft.timeZone,
      week,
      holidays: draft.holidays.map(({ date, name }) => ({ date, name: name.trim() })),
    },
    slots,
  };
}

/** Field keys of the editor; their errors show under them. */
export const hoursField = {
  timeZone: 'timeZone',
  day: (day: number) => `day-${day}`,
  interval: (day: number, slot: number, end: 'open' | 'close') => `day-${day}-${slot}-${end}`,
  holidays: 'holidays',
  holiday: (key: string, part: 'date' | 'name') => `holiday-${key}-${part}`,
  week: 'week',
};

/**
 * A validation path inside WorkingHours (['week', 2, 'close'], from zod or the server's
 * 'hours.week.2.close' without its group) to the editor's field key.
 */
export function hoursFieldOf(
  path: readonly PropertyKey[],
  draft: HoursDraft,
  slots: readonly WeekSlot[],
): string {
  const [head, index, part] = path;
  const n = Number(index);
  if (head === 'timeZone') return hoursField.timeZone;
  if (head === 'week') {
    const slot = Number.isInteger(n) ? slots[n] : undefined;
    if (!slot) return hoursField.week;
    if (part === 'open' || part === 'close') return hoursField.interval(slot.day, slot.slot, part);
    return hoursField.day(slot.day);
  }
  if (head === 'holidays') {
    const row = Number.isInteger(n) ? draft.holidays[n] : undefined;
    if (!row) return hoursField.holidays;
    return hoursField.holiday(row.key, part === 'name' ? 'name' : 'date');
  }
  return hoursField.week;
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** A day of the week's first date (a Sunday), to name weekdays through Intl. */
const A_SUNDAY = Date.UTC(2024, 0, 7);

/**
 * A weekday (0 = Sunday) in the reader's language, through Intl: 'Monday' / 'Montag', or with
 * `width: 'short'` 'Mon' / 'Mo.'. English keeps the portal's own names.
 */
export function dayName(day: number, i18n: I18n, width: 'long' | 'short' = 'long'): string {
  const locale = formatLocale(i18n);
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a day outside the week never shows; the log reads it
  if (locale === 'en' && width === 'long') return DAY_NAMES[day] ?? `Day ${day}`;
  if (!Number.isInteger(day) || day < 0 || day > 6) return `${day}`;
  return new Intl.DateTimeFormat(intlTag(locale), { weekday: width, timeZone: 'UTC' }).format(
    new Date(A_SUNDAY + day * 86_400_000),
  );
}

/** A stored 'HH:MM' in the reader's language through Intl ('09:00' in English, as stored). */
export function timeText(hhmm: string, i18n: I18n): string {
  const locale = formatLocale(i18n);
  const match = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (locale === 'en' || !match) return hhmm;
  return new Intl.DateTimeFormat(intlTag(locale), {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(2024, 0, 7, Number(match[1]), Number(match[2]))));
}

/** '09:00–17:30, 18:00–20:00' / 'Closed' for one weekday of a WorkingHours. */
export function dayHoursText(hours: Pick<WorkingHours, 'week'>, day: number, i18n: I18n): string {
  const intervals = hours.week
    .filter((i) => i.day === day)
    .sort((a, b) => minutes(a.open) - minutes(b.open))
    .map((i) => `${timeText(i.open, i18n)}–${timeText(i.close, i18n)}`);
  return intervals.length > 0 ? intervals.join(', ') : i18n._(msg`Closed`);
}
