import type { TicketDto } from '@ecu/shared';
import { sql } from 'drizzle-orm';
import { toUserDto } from '../accounts/user-dto';
import { toTransactionDto } from '../credits/transaction-dto';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { payments, tickets, users } from '../db/schema';
import { ticketDtos } from '../tickets/queries';

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
    tickets: db.select().from(tickets).where(sql`${tickets.id} = ${uuidIds}`).prepare('sync_tickets'),
  };
}
const loads = perDatabase(prepareLoads);

/**
 * Tickets by id with their files: one statement for the tickets, one for all their files
 * (ticketDtos), shaped by toTicketDto, so a synced ticket is always exactly what the ticket
 * routes answer. Two flat reads beat one statement aggregating the files per ticket as JSON
 * (measured in docs/decisions/028-sync-speed.md).
 */
export async function syncTicketDtos(db: Db, ids: string[]): Promise<TicketDto[]> {
  if (ids.length === 0) return [];
  return ticketDtos(db, await loads(db).tickets.execute({ ids }));
}

/** One loader per entity of the change feed; a feature adds its own when it lands. */
export const SYNC_LOADERS: Record<string, SyncLoader> = {
  async user(db, ids) {
    const rows = await loads(db).users.execute({ ids });
    return new Map(rows.map((u) => [u.id, toUserDto(u)]));
  },
  async ticket(db, ids) {
    return new Map((await syncTicketDtos(db, ids)).map((t) => [t._id, t]));
  },
  async transaction(db, ids) {
    const rows = await loads(db).payments.execute({ ids });
    return new Map(rows.map((p) => [p.id, toTransactionDto(p)]));
  },
};
