import { sql } from 'drizzle-orm';
import { toUserDto } from '../accounts';
import { toTransactionDto } from '../credits';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { payments, users } from '../db/schema';
import { ticketJsonTextById } from '../tickets';

/**
 * Loads the current state of synced rows by id, shaped as the API shows them and already
 * written as JSON text: the answer puts it in as it is (routes.ts).
 */
export type SyncLoader = (db: Db, ids: string[]) => Promise<Map<string, string>>;

/**
 * The statements of the loaders, built once per database. The ids go as one array parameter,
 * so the SQL text (and PostgreSQL's prepared plan) is the same for a page of any size, where
 * `in ($1, ..., $2000)` was a new statement to parse and plan for every page length. Feed ids
 * of tickets and payments are their uuids as text (the triggers write NEW.id::text).
 */
function prepareLoads(db: Db) {
  const textIds = sql`any(${sql.placeholder('ids')}::text[])`;
  const uuidIds = sql`any(${sql.placeholder('ids')}::uuid[])`;
  return {
    users: db.select().from(users).where(sql`${users.id} = ${textIds}`).prepare('sync_users'),
    payments: db.select().from(payments).where(sql`${payments.id} = ${uuidIds}`).prepare('sync_payments'),
  };
}
const loads = perDatabase(prepareLoads);

/** One loader per entity of the change feed; a feature adds its own when it lands. */
export const SYNC_LOADERS: Record<string, SyncLoader> = {
  async user(db, ids) {
    const rows = await loads(db).users.execute({ ids });
    return new Map(rows.map((u) => [u.id, JSON.stringify(toUserDto(u))]));
  },
  // As the ticket routes answer them, written by PostgreSQL (ticket-json.ts:
  // ticketJsonTextById); loaders.test.ts holds it to toTicketDto's output
  // (docs/decisions/045-sync-json-in-sql.md).
  ticket: ticketJsonTextById,
  async transaction(db, ids) {
    const rows = await loads(db).payments.execute({ ids });
    return new Map(rows.map((p) => [p.id, JSON.stringify(toTransactionDto(p))]));
  },
};
