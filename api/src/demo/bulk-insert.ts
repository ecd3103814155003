import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { rowsOf as rowsOfResult } from '../db/rows';

export type Cell = string | number | boolean | null;

/**
 * A column of values as one PostgreSQL array literal, cast to `type[]`: one parameter per
 * column whatever the row count, so `INSERT ... SELECT FROM unnest(...)` writes thousands of
 * rows in one statement. A literal text rather than a JS array, because the two drivers
 * serialise JS arrays differently (postgres.js sends booleans typed, which a cast refuses).
 */
export function arrayOf(type: string, values: readonly Cell[]): SQL {
  const items = values.map((v) =>
    v === null ? 'NULL' : typeof v === 'string' ? `"${v.replace(/[\\"]/g, '\\$&')}"` : String(v),
  );
  return sql`${`{${items.join(',')}}`}::${sql.raw(type)}[]`;
}

export interface ColumnOf<T> {
  column: string;
  /** The PostgreSQL type of the column's values ('text', 'int4', 'timestamptz', ...). */
  type: string;
  value: (row: T) => Cell;
}

/** `unnest(<one array per column>) as v(<columns>)`: the rows as a table to select from. */
export function unnestOf<T>(rows: readonly T[], columns: readonly ColumnOf<T>[]): SQL {
  const arrays = columns.map((c) => arrayOf(c.type, rows.map(c.value)));
  return sql`unnest(${sql.join(arrays, sql`, `)}) as v(${sql.raw(columns.map((c) => c.column).join(', '))})`;
}

/** `insert into <table> (<columns>) select * from unnest(...)`, in batches. */
export function insertRows<T>(
  tx: Db | Tx,
  table: string,
  rows: readonly T[],
  columns: readonly ColumnOf<T>[],
) {
  const names = sql.raw(columns.map((c) => c.column).join(', '));
  return insertInBatches(
    tx,
    rows,
    (batch) => sql`insert into ${sql.raw(table)} (${names}) select * from ${unnestOf(batch, columns)}`,
  );
}

/** An insert of `rows` in batches: `statement(batch)` builds the SQL for one batch. */
export async function insertInBatches<T>(
  tx: Db | Tx,
  rows: readonly T[],
  statement: (batch: readonly T[]) => SQL,
  batchSize = 5000,
): Promise<void> {
  for (let i = 0; i < rows.length; i += batchSize) {
    await tx.execute(statement(rows.slice(i, i + batchSize)));
  }
}

/** Rows of a raw query on either driver (PGlite answers `{ rows }`, postgres.js an array). */
export async function rowsOf<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  return rowsOfResult<T>(await db.execute(query));
}
