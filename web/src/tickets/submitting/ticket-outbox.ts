/* eslint-disable lingui/no-unlocalized-strings -- English where made and kept on the device, shown through wizardText (tickets/wizard/wizard-words.ts) */
import type { MasterSlave, ReadTool, ReadType, Stage, TicketDto, Transmission } from '@ecu/shared';
import { type LocalFile, localDb, type OutboxCommand, type PortalDb } from '../../local/db';
import { enqueue, type OutboxHandler, resultOfError } from '../../local/outbox';
import { pullAfterWrite } from '../../local/sync-engine';
import { type PlanValues, planDtcCodes, type WizardData } from '../wizard/wizard-state';
import { UploadPausedError, uploadLocalFile } from './upload-queue';

/*
 * The createTicket command (docs/decisions/041-outbox-commands.md): a ticket submitted on this
 * device. Its key is the ticket's clientId, made when the wizard started; the server creates
 * one ticket per clientId and takes it from the Idempotency-Key header.
 */

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
  /** DTC OFF's fault codes; absent in commands queued before there were any. */
  dtcCodes?: string[];
  notes?: string;
}

/** The queued command's body: the fields and the files on this device. */
export interface CreateTicketCommandBody extends CreateTicketFields {
  /** LocalFile ids, the ECU file first. */
  localFileIds: string[];
  /**
   * Only in commands queued by an earlier version of the app, whose key was a random one that
   * no server saw; the server knows the ticket by this clientId (see legacyKey below).
   */
  clientId?: string;
}

/** What create-ecuFile receives once the files are uploaded (docs/product.md#13-the-http-api, JSON form). */
export interface CreateTicketRequest extends CreateTicketFields {
  ecuFileUploadId: string;
  commonFileUploadIds: string[];
}

/** What apply learns from prepare: the LocalFile rows that the server now has. */
export interface PreparedTicket {
  localFileIds: string[];
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
  const dtcCodes = planDtcCodes(plan);
  return withValues({
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
    // Sent only when there are some: a plan without DTC OFF has none.
    ...(dtcCodes.length > 0 ? { dtcCodes } : {}),
    notes: plan.notes,
    localFileIds,
  });
}

/** Sends one LocalFile and resolves with the server's upload id (tests hand in a fake). */
export type UploadFile = (fileId: string, db: PortalDb) => Promise<string>;
const defaultUploadFile: UploadFile = (fileId, db) => uploadLocalFile(fileId, { db });

const FILE_GONE_TEXT = 'A file of this ticket is no longer on this device. Please submit it again.';

/**
 * The handler, with the upload step it uses. prepare uploads every file the server does not
 * have yet (one after another, each resuming where an earlier attempt stopped; a file already
 * done is not sent again, also after a reload) and names the uploads in the body. A paused
 * file, no network or a server fault keeps the command; a refused file (413...) fails it with
 * the server's text. apply drops the ticket's local files and pulls the feed (pullFeed), which
 * brings the created ticket.
 */
export function createTicketHandlerWith(
  uploadFile: UploadFile,
  pullFeed: (db: PortalDb) => Promise<void> = pullAfterWrite,
): OutboxHandler<typeof CREATE_TICKET_KIND, CreateTicketCommandBody, PreparedTicket, TicketDto> {
  return {
    kind: CREATE_TICKET_KIND,
    method: 'POST',
    path: CREATE_TICKET_PATH,

    async prepare({ db, command }) {
      const { localFileIds = [], clientId: legacy, ...fields } = command.body;
      if (legacy && legacy !== command.idempotencyKey) await legacyKey(db, command, legacy);
      const rows = await db.localFiles.bulkGet(localFileIds);
      const files = rows.filter((r): r is LocalFile => Boolean(r));
      if (files.length < localFileIds.length) return { kind: 'failed', message: FILE_GONE_TEXT };
      const ecu = files.find((f) => f.purpose === 'ecu');
      if (!ecu) return { kind: 'failed', message: 'Please upload a ecu-file' };
      const uploadIds = new Map<string, string>();
      try {
        for (const file of [ecu, ...files.filter((f) => f !== ecu)]) {
          uploadIds.set(file.id, await uploadFile(file.id, db));
        }
      } catch (err) {
        if (err instanceof UploadPausedError) return { kind: 'retry-later', waitingFor: 'paused' };
        return resultOfError(err);
      }
      const body: CreateTicketRequest = {
        ...fields,
        ecuFileUploadId: uploadIds.get(ecu.id)!,
        commonFileUploadIds: files.filter((f) => f.purpose === 'common').map((f) => uploadIds.get(f.id)!),
      };
      return { kind: 'ready', body, prepared: { localFileIds: files.map((f) => f.id) } };
    },

    async apply({ db, command, prepared }, answer) {
      await db.transaction('rw', db.localFiles, async () => {
        await db.localFiles.bulkDelete(prepared.localFileIds);
        await db.localFiles.where('clientId').equals(command.idempotencyKey).delete();
      });
      // The created ticket lands through the feed, the tickets table's only writer, before
      // the screen says it is done: My Files shows it at once (docs/decisions/044-one-writer.md).
      await pullFeed(db);
      return { kind: 'done', message: answer.message || 'ECU file submitted successfully' };
    },
  };
}

export const createTicketHandler = createTicketHandlerWith(defaultUploadFile);

/**
 * A command queued before the key was the clientId carries the clientId in its body and a key
 * no server has seen. The server knows the ticket by the clientId, so that becomes the key
 * (the runner reads the command again before sending it); the body no longer repeats it.
 */
async function legacyKey(db: PortalDb, command: OutboxCommand<CreateTicketCommandBody>, clientId: string) {
  const { clientId: _dropped, ...body } = command.body;
  await db.outbox.update(command.id!, { idempotencyKey: clientId, body });
}

/**
 * Queues a finished wizard's ticket under its clientId: one key per ticket, so a second
 * submit of the same wizard is the same ticket on the server.
 */
export function queueTicket(
  data: WizardData & { plan: PlanValues },
  localFileIds: string[],
  db: PortalDb = localDb,
): Promise<OutboxCommand<CreateTicketCommandBody>> {
  return enqueue(createTicketHandler, buildCreateTicketBody(data, localFileIds), {
    idempotencyKey: data.clientId,
    db,
  });
}

/** Files of a queued ticket in their order (ECU file first). Missing rows are left out. */
export async function filesOfCommand(
  cmd: Pick<OutboxCommand, 'body'>,
  db: PortalDb = localDb,
): Promise<LocalFile[]> {
  const ids = (cmd.body as Partial<CreateTicketCommandBody>).localFileIds ?? [];
  const rows = await db.localFiles.bulkGet(ids);
  return rows.filter((r): r is LocalFile => Boolean(r));
}
