import { sql } from 'drizzle-orm';
import { toUserDto } from '../accounts/user-dto';
import { toTransactionDto } from '../credits/transaction-dto';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { payments, users } from '../db/schema';
import { ticketsByIdJson } from '../tickets/ticket-json';

/** Loads the current state of synced rows by id, already shaped as the API shows them. */
export type SyncLoader = (db: Db, ids: string[]) => Promise<Map<string, unknown>>;

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
    return new Map(rows.map((u) => [u.id, toUserDto(u)]));
  },
  // As the lists answer them, from the list statement (ticket-json.ts: ticketsByIdJson), so a
  // synced ticket is always what the ticket routes answer; loaders.test.ts holds it to
  // toTicketDto's output (docs/decisions/043-hot-lane.md).
  async ticket(db, ids) {
    return new Map((await ticketsByIdJson(db, ids)).map((t) => [t._id, t]));
  },
  async transaction(db, ids) {
    const rows = await loads(db).payments.execute({ ids });
    return new Map(rows.map((p) => [p.id, toTransactionDto(p)]));
  },
};
