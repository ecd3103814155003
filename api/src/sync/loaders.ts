import type { SyncEntities, SyncEntity } from '@ecu/shared';
import { sql } from 'drizzle-orm';
import { toUserDto } from '../accounts';
import { toTransactionDto } from '../credits';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { payments, users } from '../db/schema';
import { ticketsByIds } from '../tickets';

/** Loads the current state of synced rows of one entity by id, shaped as the API shows them. */
export type SyncLoader<E extends SyncEntity> = (
  db: Db,
  ids: string[],
) => Promise<Map<string, SyncEntities[E]>>;

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
export const SYNC_LOADERS: { [E in SyncEntity]: SyncLoader<E> } = {
  async user(db, ids) {
    const rows = await loads(db).users.execute({ ids });
    return new Map(rows.map((u) => [u.id, toUserDto(u)]));
  },
  // As the ticket routes answer them: the one ticket read model (tickets/ticket-read.ts).
  async ticket(db, ids) {
    const tickets = await ticketsByIds(db, ids);
    return new Map(tickets.map((t) => [t._id, t]));
  },
  async transaction(db, ids) {
    const rows = await loads(db).payments.execute({ ids });
    return new Map(rows.map((p) => [p.id, toTransactionDto(p)]));
  },
};
