import type { UserDto } from '../accounts/user';
import type { TransactionDto } from '../credits/transaction';
import type { TicketDto } from '../tickets/ticket';

/** What each entity of the change feed carries: the row as the API shows it. */
export interface SyncEntities {
  user: UserDto;
  ticket: TicketDto;
  transaction: TransactionDto;
}

export type SyncEntity = keyof SyncEntities;

/**
 * One change of GET /api/sync: the entity's current state, or (deleted, value null) that the
 * device must drop it. One member per entity, so a reader knows the value's type from `entity`.
 */
export type SyncChangeDto = {
  [E in SyncEntity]:
    | { entity: E; id: string; deleted: false; value: SyncEntities[E] }
    | { entity: E; id: string; deleted: true; value: null };
}[SyncEntity];

/** The `data` of GET /api/sync. */
export interface SyncPageDto {
  changes: SyncChangeDto[];
  cursor: string;
  hasMore: boolean;
  /** The cursor was older than the feed: this page starts it again from the beginning. */
  resync?: boolean;
}
