import type { WorkingHours } from './working-hours-schema';

export type { WorkingHours };

export const DAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** How far ahead serviceStatus looks for the next opening. */
const STATUS_HORIZON_DAYS = 366;
/** How far ahead addOpenMinutes and openMinutesBetween count open time. */
const OPEN_TIME_HORIZON_DAYS = 400;
const DEFAULT_MINUTES_PER_FILE = 15;

/** A time of day as HH:MM (24-hour), 24:00 for the end of the day. */
export const HHMM = /^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/;

export function minutesOfDay(value: string): number {
  return Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5));
}

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Local day number (days since 1970-01-01) of a 'YYYY-MM-DD' date, or null when it is not a real date. */
export function dayNumber(date: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const check = new Date(ms);
  // Date.UTC rolls 2026-02-30 over to March 2; a real date survives the round trip.
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return null;
  }
  return ms / DAY_MS;
}

const weekdays = [1, 2, 3, 4, 5].map((day) => ({ day, open: '09:00', close: '17:30' }));
export const DEFAULT_WORKING_HOURS: WorkingHours = {
  timeZone: 'Europe/London',
  week: [...weekdays, { day: 6, open: '10:00', close: '14:00' }],
  holidays: [],
};

// ---------------------------------------------------------------------------------------------
// Zoned time. "Wall" values are local wall-clock times written as if they were UTC milliseconds
// (2026-03-29 01:30 local -> Date.UTC(2026, 2, 29, 1, 30)); instants are real epoch milliseconds.

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = partsFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partsFormatters.set(timeZone, f);
  }
  return f;
}

/** The zone's UTC offset (wall minus instant) at an instant, in ms. */
function offsetAt(timeZone: string, instant: number): number {
  const wholeSecond = Math.floor(instant / 1000) * 1000;
  const p: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(new Date(wholeSecond))) {
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  }
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return wall - wholeSecond;
}

function wallOf(timeZone: string, instant: number): number {
  return instant + offsetAt(timeZone, instant);
}

/**
 * The instant at which the zone's clocks show `wall`.
 * A wall time that happens twice (clocks going back) takes its first occurrence; one that never
 * happens (clocks going forward) takes the instant the gap ends, so an opening at 01:30 on
 * London's spring-forward day opens at 02:00 local.
 */
function wallToInstant(timeZone: string, wall: number): number {
  // A day either side of `wall` lies outside any transition near it, so these are the offsets
  // in force before and after one.
  const before = offsetAt(timeZone, wall - DAY_MS);
  const after = offsetAt(timeZone, wall + DAY_MS);
  const candidates = [wall - before, wall - after].filter((instant) => wallOf(timeZone, instant) === wall);
  if (candidates.length > 0) return Math.min(...candidates);
  if (before === after) return wall - before;
  // In the gap: the transition lies between these two instants; find it to the second.
  let lo = Math.floor((wall - after) / 1000);
  let hi = Math.ceil((wall - before) / 1000);
  const offsetBefore = offsetAt(timeZone, lo * 1000);
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (offsetAt(timeZone, mid * 1000) === offsetBefore) lo = mid;
    else hi = mid;
  }
  return hi * 1000;
}

/**
 * Converts minutes of one local day (0-1440) to instants. Most days have no transition: when the
 * offset is the same either side of every instant the day can map to (offsets lie within
 * -12h..+14h), one subtraction is exact and saves the Intl calls of wallToInstant.
 */
function dayToInstant(timeZone: string, day: number): (minutes: number) => number {
  const midnight = day * DAY_MS;
  const offset = offsetAt(timeZone, midnight - 14 * 3_600_000);
  if (offset === offsetAt(timeZone, midnight + DAY_MS + 12 * 3_600_000)) {
    return (minutes) => midnight + minutes * MINUTE_MS - offset;
  }
  return (minutes) => wallToInstant(timeZone, midnight + minutes * MINUTE_MS);
}

// ---------------------------------------------------------------------------------------------
// Open periods

interface OpenPeriod {
  start: number;
  end: number;
  /** The period runs on past the last day looked at (a 24/7 schedule). */
  endless: boolean;
}

/**
 * Open periods (instants) that end after `from`, in order, from the local day of `from` through
 * `days` local days after it. Touching intervals, also across midnight, merge into one period.
 */
function* openPeriods(hours: WorkingHours, from: number, days: number): Generator<OpenPeriod> {
  const { timeZone } = hours;
  const byDay: [number, number][][] = DAY_NAMES.map(() => []);
  for (const i of hours.week) byDay[i.day]?.push([minutesOfDay(i.open), minutesOfDay(i.close)]);
  for (const intervals of byDay) intervals.sort((a, b) => a[0] - b[0]);
  const holidays = new Set(hours.holidays.map((h) => dayNumber(h.date)));

  const today = Math.floor(wallOf(timeZone, from) / DAY_MS);
  // The day before too: when clocks go back at midnight, its last hour can lie after `from`.
  const firstDay = today - 1;
  const lastDay = today + days;
  let pending: { start: number; end: number } | null = null;
  for (let day = firstDay; day <= lastDay; day++) {
    if (holidays.has(day)) continue;
    // 1970-01-01 (day 0) was a Thursday.
    const weekday = (((day + 4) % 7) + 7) % 7;
    const intervals = byDay[weekday]!;
    if (intervals.length === 0) continue;
    const toInstant = dayToInstant(timeZone, day);
    for (const [open, close] of intervals) {
      const start = toInstant(open);
      const end = toInstant(close);
      // An interval wholly inside a spring-forward gap is empty.
      if (end <= from || end <= start) continue;
      if (pending && start <= pending.end) {
        pending.end = Math.max(pending.end, end);
      } else {
        if (pending) yield { ...pending, endless: false };
        pending = { start, end };
      }
    }
  }
  if (pending) {
    const horizon = wallToInstant(timeZone, (lastDay + 1) * DAY_MS);
    yield { ...pending, endless: pending.end >= horizon };
  }
}

export interface ServiceStatus {
  open: boolean;
  /** when open: the end of the current open interval (ISO); null when it does not end within 366 days */
  closesAt: string | null;
  /** when closed: the next opening (ISO), null if none within 366 days */
  nextOpeningAt: string | null;
}

export function serviceStatus(hours: WorkingHours, now: Date): ServiceStatus {
  const t = now.getTime();
  for (const period of openPeriods(hours, t, STATUS_HORIZON_DAYS)) {
    if (period.start <= t) {
      return { open: true, closesAt: period.endless ? null : iso(period.end), nextOpeningAt: null };
    }
    return { open: false, closesAt: null, nextOpeningAt: iso(period.start) };
  }
  return { open: false, closesAt: null, nextOpeningAt: null };
}

/**
 * The instant after `minutes` of open time counted from `from` (closed time is skipped).
 * `from` itself when minutes is not positive. null when that much open time does not fall within
 * 400 days (including when the schedule has no open time at all).
 */
export function addOpenMinutes(hours: WorkingHours, from: Date, minutes: number): Date | null {
  const t = from.getTime();
  if (!(minutes > 0)) return new Date(t);
  let remaining = Math.round(minutes * MINUTE_MS);
  for (const period of openPeriods(hours, t, OPEN_TIME_HORIZON_DAYS)) {
    const start = Math.max(period.start, t);
    const length = period.end - start;
    if (remaining <= length) return new Date(start + remaining);
    remaining -= length;
  }
  return null;
}

/** Open minutes between two instants (0 when to <= from), counted over at most 400 days after `from`. */
export function openMinutesBetween(hours: WorkingHours, from: Date, to: Date): number {
  const f = from.getTime();
  const t = to.getTime();
  if (t <= f) return 0;
  const days = Math.min(OPEN_TIME_HORIZON_DAYS, Math.ceil((t - f) / DAY_MS) + 1);
  let total = 0;
  for (const period of openPeriods(hours, f, days)) {
    if (period.start >= t) break;
    total += Math.min(period.end, t) - Math.max(period.start, f);
  }
  return total / MINUTE_MS;
}

/**
 * Expected turnaround of a new file: the queueLength files ahead of it and the file itself each
 * take minutesPerFile open minutes (15 when minutesPerFile is not a positive finite number).
 */
export function expectedTurnaround(
  hours: WorkingHours,
  now: Date,
  queueLength: number,
  minutesPerFile: number,
): { readyAt: string | null; openMinutes: number } {
  const perFile =
    Number.isFinite(minutesPerFile) && minutesPerFile > 0 ? minutesPerFile : DEFAULT_MINUTES_PER_FILE;
  const ahead = Number.isFinite(queueLength) && queueLength > 0 ? Math.floor(queueLength) : 0;
  const openMinutes = (ahead + 1) * perFile;
  const readyAt = addOpenMinutes(hours, now, openMinutes);
  return { readyAt: readyAt ? readyAt.toISOString() : null, openMinutes };
}

function iso(instant: number): string {
  return new Date(instant).toISOString();
}
