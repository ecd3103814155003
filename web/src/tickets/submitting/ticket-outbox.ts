import type { MasterSlave, ReadTool, ReadType, Stage, TicketDto, Transmission } from '@ecu/shared';
import { type LocalFile, localDb, type OutboxCommand, type PortalDb } from '../../local/db';
import { type FlushResult, flushOutbox, onCommandApplied, onCommandPrepare } from '../../local/outbox';
import type { PlanValues, WizardData } from '../wizard/wizard-state';
import { pause, resume, uploadLocalFile } from './upload-queue';

export const CREATE_TICKET_KIND = 'createTicket';
export const CREATE_TICKET_PATH = '/ecuFile/create-ecuFile';

/** The ticket's fields as sent: only those with a value (docs/product.md#4-the-upload-wizard, step 3). */
export interface CreateTicketFields {
  make: string;
  model: string;
  year: string;
  registration: string;
  ecuId?: string;
  transmission: Transmission;
  readTool: ReadTool;
  readType: ReadType;
  masterSlave: MasterSlave;
  stage: Stage;
  options: string[];
  notes?: string;
}

/** The queued command's body: the fields, the idempotent clientId and the files on this device. */
export interface CreateTicketCommandBody extends CreateTicketFields {
  clientId: string;
  /** LocalFile ids, the ECU file first. */
  localFileIds: string[];
}

/** What create-ecuFile receives once the files are uploaded (docs/product.md#13-the-http-api, JSON form). */
export interface CreateTicketRequest extends CreateTicketFields {
  clientId: string;
  ecuFileUploadId: string;
  commonFileUploadIds: string[];
}

/** Drops null, undefined and blank values; trims texts. Arrays (options) are always sent. */
function withValues<T extends object>(fields: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    if (typeof value === 'string') {
      const text = value.trim();
      if (text) out[key] = text;
      continue;
    }
    out[key] = value;
  }
  return out as T;
}

/** The command body of a finished wizard. */
export function buildCreateTicketBody(
  data: WizardData & { plan: PlanValues },
  localFileIds: string[],
): CreateTicketCommandBody {
  const { vehicle, plan } = data;
  return withValues({
    clientId: data.clientId,
    make: vehicle.make,
    model: vehicle.model,
    year: vehicle.year,
    registration: vehicle.registration,
    ecuId: vehicle.ecuId,
    transmission: vehicle.transmission as Transmission,
    readTool: vehicle.readTool as ReadTool,
    readType: vehicle.readType as ReadType,
    masterSlave: vehicle.masterSlave,
    stage: plan.stage as Stage,
    options: plan.options,
    notes: plan.notes,
    localFileIds,
  });
}

export type UploadFile = (fileId: string, db: PortalDb) => Promise<string>;
const defaultUploadFile: UploadFile = (fileId, db) => uploadLocalFile(fileId, { db });

/**
 * The LocalFile rows of the command being sent. The outbox sends one command at a time
 * (prepare, send, apply in turn), so the applier, which only gets the server's answer, learns
 * here which rows to drop.
 */
let prepared: { clientId: string; fileIds: string[] } | null = null;

/** Files of a queued ticket in their order (ECU file first). Missing rows are left out. */
export async function filesOfCommand(cmd: Pick<OutboxCommand, 'body'>, db: PortalDb = localDb) {
  const ids = (cmd.body as Partial<CreateTicketCommandBody>).localFileIds ?? [];
  const rows = await db.localFiles.bulkGet(ids);
  return rows.filter((r): r is LocalFile => Boolean(r));
}

/**
 * Before create-ecuFile is sent: upload every file of the ticket that the server does not
 * have yet (one after another, resuming where a previous attempt stopped), then name the
 * finished uploads in the body. A network failure (or a paused file) throws NetworkError, so
 * the outbox keeps the command; a refused upload (413...) throws its text and fails it.
 */
export async function prepareCreateTicket(
  cmd: OutboxCommand,
  db: PortalDb,
  uploadFile: UploadFile = defaultUploadFile,
): Promise<CreateTicketRequest> {
  const { localFileIds, ...fields } = cmd.body as CreateTicketCommandBody;
  const rows = await db.localFiles.bulkGet(localFileIds ?? []);
  if (rows.some((r) => !r)) {
    throw new Error('A file of this ticket is no longer on this device. Please submit it again.');
  }
  const files = rows as LocalFile[];
  const ecu = files.find((f) => f.purpose === 'ecu');
  if (!ecu) throw new Error('Please upload a ecu-file');
  const ids = new Map<string, string>();
  for (const file of [ecu, ...files.filter((f) => f !== ecu)]) {
    ids.set(file.id, await uploadFile(file.id, db));
  }
  prepared = { clientId: fields.clientId, fileIds: files.map((f) => f.id) };
  return {
    ...fields,
    ecuFileUploadId: ids.get(ecu.id)!,
    commonFileUploadIds: files.filter((f) => f.purpose === 'common').map((f) => ids.get(f.id)!),
  };
}

/** The server's ticket lands in Dexie (My Files shows it at once); its local copies go. */
export async function applyCreatedTicket(data: unknown, db: PortalDb): Promise<void> {
  const ticket = data as TicketDto | null;
  const done = prepared;
  prepared = null;
  await db.transaction('rw', db.tickets, db.localFiles, async () => {
    if (ticket && typeof ticket._id === 'string') await db.tickets.put(ticket);
    if (done) {
      await db.localFiles.bulkDelete(done.fileIds);
      await db.localFiles.where('clientId').equals(done.clientId).delete();
    }
  });
}

onCommandPrepare(CREATE_TICKET_KIND, (cmd, db) => prepareCreateTicket(cmd, db));
onCommandApplied(CREATE_TICKET_KIND, applyCreatedTicket);

/* ------------------------------------------------------------------------------------------ */
/* What the screens do with queued tickets.                                                    */
/* ------------------------------------------------------------------------------------------ */

export type SendOutcome =
  | { kind: 'created'; message: string }
  | { kind: 'failed'; message: string }
  | { kind: 'paused' }
  | { kind: 'queued'; waitingFor: 'network' | 'server' };

/**
 * Runs the outbox and says what became of one command. A flush already under way (the sync
 * loop) may have emptied its queue just before this command was added: then one more run.
 */
export async function sendCommand(id: number, db: PortalDb = localDb): Promise<SendOutcome> {
  let result: FlushResult = await flushOutbox(db);
  let row = await db.outbox.get(id);
  if (row?.status === 'pending' && !result.interrupted) {
    result = await flushOutbox(db);
    row = await db.outbox.get(id);
  }
  if (!row) {
    const confirmed = result.confirmed.find((c) => c.id === id);
    return { kind: 'created', message: confirmed?.message || 'ECU file submitted successfully' };
  }
  if (row.status === 'failed') return { kind: 'failed', message: row.error || 'Failed to create Ecu file' };
  const files = await filesOfCommand(row, db);
  if (files.some((f) => f.status === 'paused')) return { kind: 'paused' };
  return { kind: 'queued', waitingFor: result.waitingFor ?? 'network' };
}

/** A refused ticket goes again: its refused files restart, the command is pending again. */
export async function retryCommand(id: number, db: PortalDb = localDb): Promise<void> {
  const cmd = await db.outbox.get(id);
  if (!cmd) return;
  for (const file of await filesOfCommand(cmd, db)) await resume(file.id, db);
  await db.outbox.update(id, { status: 'pending', error: undefined });
}

/** Drops a queued ticket and its files from this device. */
export async function discardQueuedTicket(id: number, db: PortalDb = localDb): Promise<void> {
  const cmd = await db.outbox.get(id);
  if (!cmd) return;
  const files = await filesOfCommand(cmd, db);
  // Stop what is being sent first, so no request outlives the ticket.
  for (const file of files) await pause(file.id, db).catch(() => {});
  await db.transaction('rw', db.outbox, db.localFiles, async () => {
    await db.outbox.delete(id);
    await db.localFiles.bulkDelete(files.map((f) => f.id));
  });
}
