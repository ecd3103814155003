import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { isUuid } from './uuid';

/**
 * Keyset paging newest first on (created_at, id). The cursor is the last row's created_at at
 * the column's full (microsecond) precision, as PostgreSQL prints it, and its id:
 * `2026-01-31T10:00:00.123456Z|<id>`. A JavaScript Date would cut it to milliseconds, and rows
 * created within the same millisecond would be skipped or repeated.
 */
export interface TimeIdCursor {
  at: string;
  id: string;
}

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?Z\|([^|]{1,200})$/;

/**
 * The cursor as the API hands it out, or undefined for any other text: a cursor we never
 * handed out starts from the first page, and never reaches PostgreSQL as a timestamp or uuid
 * it would refuse (a 500).
 */
export function parseTimeIdCursor(
  cursor: string | undefined,
  options: { uuidId?: boolean } = {},
): TimeIdCursor | undefined {
  const match = CURSOR.exec(cursor ?? '');
  if (!match) return undefined;
  const [, seconds = '', fraction = '', id = ''] = match;
  const date = new Date(`${seconds}Z`);
  // 2026-02-30 or 24:00:00 roll over in JavaScript but not in PostgreSQL; year 0 is no date there.
  if (Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1) return undefined;
  if (date.toISOString().slice(0, 19) !== seconds) return undefined;
  if (options.uuidId && !isUuid(id)) return undefined;
  return { at: `${seconds}.${fraction.padEnd(6, '0')}Z`, id };
}

/** created_at as the cursor carries it (UTC, microseconds), computed by PostgreSQL. */
export function cursorTime(column: PgColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

export function formatTimeIdCursor(at: string, id: string): string {
  return `${at}|${id}`;
}

/**
 * Rows after the cursor, newest first: one row comparison, which a btree index on
 * (created_at, id) serves as an index condition (a deep page costs what the first one does).
 */
export function olderThan(
  createdAt: PgColumn,
  id: PgColumn,
  cursor: TimeIdCursor,
  idType: 'text' | 'uuid' = 'text',
): SQL {
  const cursorId = idType === 'uuid' ? sql`${cursor.id}::uuid` : sql`${cursor.id}::text`;
  return sql`(${createdAt}, ${id}) < (${cursor.at}::timestamptz, ${cursorId})`;
}

/** An id cursor (bigserial ids of the ledger and the audit trail), or undefined. */
export function parseIdCursor(cursor: string | undefined): number | undefined {
  if (!cursor || !/^\d{1,15}$/.test(cursor)) return undefined;
  return Number(cursor);
}
