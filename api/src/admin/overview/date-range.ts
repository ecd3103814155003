import { type DateRangeQuery, dateRangeQuerySchema } from '@ecu/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { parseWith } from '../../http/validate';

const DAY_MS = 86_400_000;

/** Days of a range, both included, in the business's time zone ('YYYY-MM-DD'). */
export interface DayRange {
  from: string;
  to: string;
  timeZone: string;
}

/** Today's date in a time zone, 'YYYY-MM-DD'. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Every day from `from` through `to`. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
}

/** The Monday starting the ISO week of a date. */
export function isoWeekStart(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/**
 * The query's range, defaults filled: `to` defaults to today in the business's time zone (or to
 * `from` when that lies ahead) and `from` to 29 days before `to` (30 days in all). The result is
 * checked again, so that a lone `from` years ago gets the same 400 as an explicit long range.
 */
export function resolveDateRange(query: DateRangeQuery, timeZone: string, now: Date = new Date()): DayRange {
  const today = todayIn(timeZone, now);
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from = query.from ?? addDays(to, -29);
  const checked = parseWith(dateRangeQuerySchema, { from, to });
  return { from: checked.from ?? from, to: checked.to ?? to, timeZone };
}

/**
 * The range as instants for SQL: local midnight at the start of `from` and after `to`, computed
 * by the database (`timestamp AT TIME ZONE zone`), so that DST days have their real length.
 */
export function rangeBounds(range: DayRange): { start: SQL; end: SQL } {
  return {
    start: sql`(${range.from}::date::timestamp at time zone ${range.timeZone})`,
    end: sql`((${range.to}::date + 1)::timestamp at time zone ${range.timeZone})`,
  };
}

/** A timestamptz column as the local date in the range's time zone, 'YYYY-MM-DD'. */
export function localDay(column: PgColumn | SQL, timeZone: string): SQL<string> {
  return sql<string>`to_char((${column} at time zone ${timeZone})::date, 'YYYY-MM-DD')`;
}

/** A timestamptz column as the Monday of its local ISO week, 'YYYY-MM-DD'. */
export function localIsoWeek(column: PgColumn | SQL, timeZone: string): SQL<string> {
  return sql<string>`to_char(date_trunc('week', ${column} at time zone ${timeZone})::date, 'YYYY-MM-DD')`;
}
