import type { SyncChangeDto, SyncPageDto, TicketDto, TransactionDto, UserDto } from '@ecu/shared';
import type { Pull } from '../local/sync-engine';
import { type MockHandler, ok } from './api-mock';

/*
 * The server's change feed in a web test (GET /sync): the only writer of the synced tables
 * (docs/decisions/044-one-writer.md). A test puts rows into it as the server would, and
 * serves it to the page (mockApi) or hands `pull` to the sync engine directly.
 */

export type FeedRow =
  | { entity: 'ticket'; value: TicketDto }
  | { entity: 'transaction'; value: TransactionDto }
  | { entity: 'user'; value: UserDto };

export interface FakeFeed {
  /** Adds changes, in order, after everything already in the feed. */
  put(...rows: FeedRow[]): FakeFeed;
  /** The page after a cursor, as GET /sync answers it (everything in one page). */
  pull: Pull;
  /** The cursors the client asked from, in order. */
  asked: string[];
  /** GET /sync of the mocked API, answered from this feed: `api.on('GET', '/sync', feed.answer)`. */
  answer: MockHandler;
}

export const ticketRow = (value: TicketDto): FeedRow => ({ entity: 'ticket', value });
export const transactionRow = (value: TransactionDto): FeedRow => ({ entity: 'transaction', value });

function changeOf(row: FeedRow): SyncChangeDto {
  switch (row.entity) {
    case 'ticket':
      return { entity: 'ticket', id: row.value._id, deleted: false, value: row.value };
    case 'transaction':
      return { entity: 'transaction', id: row.value._id, deleted: false, value: row.value };
    case 'user':
      return { entity: 'user', id: row.value._id, deleted: false, value: row.value };
  }
}

export function fakeFeed(...initial: FeedRow[]): FakeFeed {
  const changes: SyncChangeDto[] = [];
  const feed: FakeFeed = {
    put(...rows) {
      for (const row of rows) changes.push(changeOf(row));
      return feed;
    },
    asked: [],
    async pull(cursor): Promise<SyncPageDto> {
      feed.asked.push(cursor);
      const from = Number(cursor) || 0;
      return { changes: changes.slice(from), cursor: String(changes.length), hasMore: false };
    },
    answer: async (req) => ok(await feed.pull(req.query.get('cursor') ?? '0')),
  };
  return feed.put(...initial);
}
