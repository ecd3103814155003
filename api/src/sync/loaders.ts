import { inArray } from 'drizzle-orm';
import { toUserDto } from '../accounts/user-dto';
import { toTransactionDto } from '../credits/transaction-dto';
import type { Db } from '../db/client';
import { payments, tickets, users } from '../db/schema';
import { ticketDtos } from '../tickets/queries';

/** Loads the current state of synced rows by id, already shaped as the API shows them. */
export type SyncLoader = (db: Db, ids: string[]) => Promise<Map<string, unknown>>;

/** One loader per entity of the change feed; a feature adds its own when it lands. */
export const SYNC_LOADERS: Record<string, SyncLoader> = {
  async user(db, ids) {
    const rows = await db.select().from(users).where(inArray(users.id, ids));
    return new Map(rows.map((u) => [u.id, toUserDto(u)]));
  },
  async ticket(db, ids) {
    const rows = await db.select().from(tickets).where(inArray(tickets.id, ids));
    return new Map((await ticketDtos(db, rows)).map((t) => [t._id, t]));
  },
  async transaction(db, ids) {
    const rows = await db.select().from(payments).where(inArray(payments.id, ids));
    return new Map(rows.map((p) => [p.id, toTransactionDto(p)]));
  },
};
