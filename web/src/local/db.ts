import type { TicketDto, TransactionDto, UserDto } from '@ecu/shared';
import Dexie, { type EntityTable } from 'dexie';

/**
 * Small facts kept between visits: the signed-in user (key 'authUser'), the sync cursor,
 * a sign-out made offline that the server has not heard of yet ('pendingSignOut'), and whose
 * queued work waits for a sign-in after the session expired ('queueOwner', a user id).
 */
export interface MetaRow {
  key: 'authUser' | 'syncCursor' | 'publicConfig' | 'pendingSignOut' | 'queueOwner';
  value: unknown;
}

export type OutboxStatus = 'pending' | 'failed';

/** A command written while the network may be away; sent once, in order, with its key. */
export interface OutboxCommand {
  id?: number;
  idempotencyKey: string;
  kind: string;
  method: 'POST' | 'PUT';
  path: string;
  body: unknown;
  status: OutboxStatus;
  attempts: number;
  error?: string;
  createdAt: number;
}

/**
 * A file chosen for a ticket, kept in IndexedDB until the server has it: survives a closed
 * tab or a reload, and remembers its tus URL so the upload resumes from the server's offset.
 */
export interface LocalFile {
  id: string;
  /** The ticket (its clientId) the file belongs to; for tuned files, `tuned:<ticketNumber>`. */
  clientId: string;
  purpose: 'ecu' | 'common' | 'tuned';
  name: string;
  size: number;
  type: string;
  blob: Blob;
  status: 'queued' | 'uploading' | 'paused' | 'done' | 'failed';
  bytesUploaded: number;
  /** The tus upload URL once created; kept across reloads for resuming. */
  uploadUrl?: string;
  /** The server's upload id when finished (what create-ecuFile names). */
  uploadId?: string;
  error?: string;
  createdAt: number;
}

/** The admin screens' server data, as TanStack Query's persister writes it (one row per account). */
export interface QueryCacheRow {
  key: string;
  value: string;
}

export class PortalDb extends Dexie {
  queryCache!: EntityTable<QueryCacheRow, 'key'>;
  meta!: EntityTable<MetaRow, 'key'>;
  outbox!: EntityTable<OutboxCommand, 'id'>;
  /** The user's tickets and payments as the change feed carries them (its only writer). */
  tickets!: EntityTable<TicketDto, '_id'>;
  transactions!: EntityTable<TransactionDto, '_id'>;
  localFiles!: EntityTable<LocalFile, 'id'>;

  constructor(name = 'ecu-portal') {
    super(name);
    this.version(1).stores({
      meta: 'key',
      outbox: '++id, kind, status',
      tickets: '_id, ticketNumber, createdAt',
      transactions: '_id, serialNo, createdAt',
    });
    this.version(2).stores({
      localFiles: 'id, clientId, status, createdAt',
    });
    this.version(3).stores({
      queryCache: 'key',
    });
  }
}

export const localDb = new PortalDb();

export async function getAuthUser(db: PortalDb = localDb): Promise<UserDto | null | undefined> {
  const row = await db.meta.get('authUser');
  return row ? (row.value as UserDto | null) : undefined;
}

/** The outbox kind of a ticket made offline (tickets/submitting/ticket-outbox.ts sends it). */
const CREATE_TICKET_KIND = 'createTicket';

/**
 * Caches who is signed in. `null` (the session ended: a 401) keeps the outbox and the files
 * queued for it, remembering whose they are, and drops the account's synced copy; they go
 * only when a different user signs in on this device (docs/decisions/025-files-and-local-data.md).
 */
export async function setAuthUser(user: UserDto | null, db: PortalDb = localDb): Promise<void> {
  await db.transaction('rw', [db.meta, db.outbox, db.tickets, db.transactions, db.localFiles], async () => {
    const previous = (await db.meta.get('authUser'))?.value as UserDto | null | undefined;
    const queueOwner = (await db.meta.get('queueOwner'))?.value as string | undefined;
    const owner = previous?._id ?? queueOwner;
    if (user === null && previous?._id) {
      await Promise.all([db.tickets.clear(), db.transactions.clear(), db.meta.delete('syncCursor')]);
      const queued = (await db.outbox.count()) + (await db.localFiles.count());
      if (queued > 0) await db.meta.put({ key: 'queueOwner', value: previous._id });
    }
    // Another account on this device: nothing of the previous one may show or be sent.
    if (user && owner && owner !== user._id) {
      await Promise.all([
        db.outbox.clear(),
        db.tickets.clear(),
        db.transactions.clear(),
        db.localFiles.clear(),
        db.meta.delete('syncCursor'),
      ]);
    }
    await db.meta.put({ key: 'authUser', value: user });
    if (user) {
      await db.meta.delete('queueOwner');
      // A new sign-in replaced the old session: an offline sign-out must not end this one.
      await db.meta.delete('pendingSignOut');
    }
  });
}

/** Tickets made on this device that wait for their owner to sign in again (after a 401). */
export async function waitingForSignIn(
  db: PortalDb = localDb,
): Promise<{ tickets: number; ownerId: string | undefined }> {
  const ownerId = (await db.meta.get('queueOwner'))?.value as string | undefined;
  if (!ownerId) return { tickets: 0, ownerId };
  return { tickets: await db.outbox.where('kind').equals(CREATE_TICKET_KIND).count(), ownerId };
}
