import type {
  MasterSlave,
  ReadTool,
  ReadType,
  Stage,
  TicketDto,
  TransactionDto,
  Transmission,
  UserDto,
} from '@ecu/shared';
import Dexie, { type EntityTable } from 'dexie';
import { dropChatCopies } from './chat-copies';
import { LOCAL_DATABASE_NAME } from './local-database';
import { writeSignedInCopy } from './signed-in-copy';

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

/** The kinds of command; each has one handler in app/outbox-handlers.ts (docs/decisions/041-outbox-commands.md). */
export type CommandKind = 'createTicket' | 'updateProfile';

/**
 * A command written while the network may be away; sent once, in order, with its key as the
 * Idempotency-Key header. Only its handler's typed `enqueue` writes one, so `body` has the
 * handler's Body type.
 */
export interface OutboxCommand<Body = unknown> {
  id?: number;
  idempotencyKey: string;
  kind: CommandKind;
  method: 'POST' | 'PUT';
  path: string;
  body: Body;
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

/** Step 1 of the upload wizard, as the form holds it ('' = nothing chosen yet). */
export interface WizardVehicle {
  make: string;
  model: string;
  year: string;
  registration: string;
  ecuId: string;
  transmission: Transmission | '';
  readTool: ReadTool | '';
  readType: ReadType | '';
  masterSlave: MasterSlave;
}

/** Step 2 of the upload wizard. */
export interface WizardPlan {
  stage: Stage | '';
  options: string[];
  /** The DTC OFF fault codes (docs/decisions/092-fault-code-lists.md); absent in older drafts. */
  dtcCodes?: string[];
  notes: string;
}

/** A file chosen in the wizard: its bytes and what the steps show of it. */
export interface WizardDraftFile {
  id: string;
  name: string;
  type: string;
  size: number;
  blob: Blob;
  lastModified: number;
}

export type WizardStep = 'upload-file' | 'modification-plan' | 'overview';

/**
 * The upload wizard's unsent ticket, one per account on this device: everything steps 1-3
 * show, the files included, so a reload or a closed tab keeps the work. Submit turns it into
 * an outbox command and deletes it (docs/decisions/042-wizard-store.md).
 */
export interface WizardDraftRow {
  userId: string;
  /** The ticket's idempotent id once it is submitted. */
  clientId: string;
  /** The furthest step the tuner continued to; steps 2 and 3 open only once reached. */
  reached: WizardStep;
  vehicle: WizardVehicle;
  plan: WizardPlan | null;
  ecuFile: WizardDraftFile | null;
  commonFiles: WizardDraftFile[];
  createdAt: number;
  updatedAt: number;
}

/**
 * What only the ticket details call answers (the feed's rows lack it), kept so the details
 * show their history offline after one online visit. Holds for the ticket row of the same
 * updatedAt only (docs/decisions/044-one-writer.md).
 */
export type TicketDetailsRow = Pick<
  TicketDto,
  | '_id'
  | 'ticketNumber'
  | 'updatedAt'
  | 'history'
  | 'ecuIdentification'
  | 'revisionOf'
  | 'revisions'
  | 'chainStartedAt'
>;

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
  wizardDrafts!: EntityTable<WizardDraftRow, 'userId'>;
  /** Beside the synced tickets, written by the details page (the feed does not carry it). */
  ticketDetails!: EntityTable<TicketDetailsRow, '_id'>;

  constructor(name = LOCAL_DATABASE_NAME) {
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
    // Only adds a table: the rows of every other table stay as they are. The drafts of the
    // separate 'ecu-portal-wizard' database before it move in on first use
    // (tickets/wizard/wizard-store.ts, docs/decisions/042-wizard-store.md).
    this.version(4).stores({
      wizardDrafts: 'userId',
    });
    // Only adds a table: the feed stays the only writer of tickets and transactions; what
    // only the details call answers lives here (docs/decisions/044-one-writer.md).
    this.version(5).stores({
      ticketDetails: '_id, ticketNumber',
    });
  }
}

export const localDb = new PortalDb();

export async function getAuthUser(db: PortalDb = localDb): Promise<UserDto | null | undefined> {
  const row = await db.meta.get('authUser');
  return row ? (row.value as UserDto | null) : undefined;
}

/** The outbox kind of a ticket made offline (tickets/submitting/ticket-outbox.ts sends it). */
const CREATE_TICKET_KIND: CommandKind = 'createTicket';

/**
 * The account's copy of server data: the synced tables, what only the details call answers,
 * and the feed's cursor (the next sign-in rebuilds them). Call within a transaction on
 * ACCOUNT_TABLES.
 */
export function dropSyncedCopy(db: PortalDb): Promise<unknown> {
  return Promise.all([
    db.tickets.clear(),
    db.ticketDetails.clear(),
    db.transactions.clear(),
    db.meta.delete('syncCursor'),
  ]);
}

/** What an account queued on this device: its commands and their files. */
export function dropQueued(db: PortalDb): Promise<unknown> {
  return Promise.all([db.outbox.clear(), db.localFiles.clear()]);
}

/** The tables an account's data lives in (for a transaction that drops or moves it). */
export function accountTables(db: PortalDb) {
  return [db.meta, db.outbox, db.tickets, db.ticketDetails, db.transactions, db.localFiles];
}

/**
 * Caches who is signed in. `null` (the session ended: a 401) keeps the outbox and the files
 * queued for it, remembering whose they are, and drops the account's synced copy and chat
 * copies; they go only when a different user signs in on this device
 * (docs/decisions/025-files-and-local-data.md).
 */
export async function setAuthUser(user: UserDto | null, db: PortalDb = localDb): Promise<void> {
  // The route gate's synchronous copy (signed-in-copy.ts): a sign-out lands there first, a
  // user once stored here.
  const mainDb = db === localDb;
  if (mainDb && user === null) writeSignedInCopy(null);
  let previousId: string | undefined;
  await db.transaction('rw', accountTables(db), async () => {
    const previous = (await db.meta.get('authUser'))?.value as UserDto | null | undefined;
    previousId = previous?._id;
    const queueOwner = (await db.meta.get('queueOwner'))?.value as string | undefined;
    const owner = previous?._id ?? queueOwner;
    if (user === null && previous?._id) {
      await dropSyncedCopy(db);
      const queued = (await db.outbox.count()) + (await db.localFiles.count());
      if (queued > 0) await db.meta.put({ key: 'queueOwner', value: previous._id });
    }
    // Another account on this device: nothing of the previous one may show or be sent.
    if (user && owner && owner !== user._id) await Promise.all([dropSyncedCopy(db), dropQueued(db)]);
    await db.meta.put({ key: 'authUser', value: user });
    if (user) {
      await db.meta.delete('queueOwner');
      // A new sign-in replaced the old session: an offline sign-out must not end this one.
      await db.meta.delete('pendingSignOut');
    }
  });
  if (mainDb && user) writeSignedInCopy(user);
  // The chats' own databases go with the synced copy: all of them when the session ended,
  // another account's when this one is stored (whatever came in between).
  if (mainDb && user?._id !== previousId) await dropChatCopies(user?._id);
}

/** Tickets made on this device that wait for their owner to sign in again (after a 401). */
export async function waitingForSignIn(
  db: PortalDb = localDb,
): Promise<{ tickets: number; ownerId: string | undefined }> {
  const ownerId = (await db.meta.get('queueOwner'))?.value as string | undefined;
  if (!ownerId) return { tickets: 0, ownerId };
  return { tickets: await db.outbox.where('kind').equals(CREATE_TICKET_KIND).count(), ownerId };
}
