import {
  ADDITIONAL_FILES_MAX_BYTES,
  ADDITIONAL_FILES_MAX_COUNT,
  type EcuIdentification,
  freshDtcCodes,
  type ModificationPlanInput,
  quoteTicket,
  type VehicleDetailsInput,
} from '@ecu/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { ticketEvents, ticketFiles, tickets, uploads, users } from '../db/schema';
import { AppError, badRequest } from '../http/app-error';
import type { UserRow } from '../http/context';
import type { FileStorage } from '../platform/file-storage';
import { finishIfStored } from '../uploads';
import { ticketTimesForRegistration } from './queries';

type TicketRow = typeof tickets.$inferSelect;

/**
 * What else a new ticket promises (its pushes to the admins), queued in the transaction that
 * creates it: it exists exactly when the ticket does (docs/decisions/070-durable-jobs.md).
 */
export type OnTicketCreated = (tx: Tx, ticket: TicketRow) => Promise<void>;

/** A file ready to attach: from a finished tus upload, or written from a multipart part. */
export interface StoredFileRef {
  kind: 'ecu' | 'common';
  name: string;
  size: number;
  sha256: string;
  storageKey: string;
  uploadId: string | null;
}

export interface NewTicket {
  clientId?: string;
  vehicle: VehicleDetailsInput;
  plan: ModificationPlanInput;
  files: StoredFileRef[];
  /** What the stored ECU file says about itself (identifyStoredEcu), kept on the ticket. */
  ecuIdentification?: EcuIdentification | null;
}

/**
 * Finished uploads of the caller, checked for purpose, state and the per-ticket limits. With
 * the storage, an upload whose bytes all arrived but whose last step failed is finished here.
 */
export async function filesFromUploads(
  db: Db,
  user: UserRow,
  ids: { ecu: string; common: string[] },
  storage?: FileStorage,
): Promise<StoredFileRef[]> {
  const wanted = [ids.ecu, ...ids.common];
  if (new Set(wanted).size !== wanted.length) throw badRequest('The same upload is named twice');
  const found = await db
    .select()
    .from(uploads)
    .where(and(inArray(uploads.id, wanted), eq(uploads.ownerId, user.id)));
  const rows = storage ? await Promise.all(found.map((r) => finishIfStored({ db, storage }, r))) : found;
  const byId = new Map(rows.map((r) => [r.id, r]));
  const refs: StoredFileRef[] = [];
  for (const [id, kind] of [[ids.ecu, 'ecu'], ...ids.common.map((c) => [c, 'common'])] as [
    string,
    'ecu' | 'common',
  ][]) {
    const row = byId.get(id);
    const field = kind === 'ecu' ? 'ecuFileUploadId' : 'commonFileUploadIds';
    if (!row) throw badRequest('Upload not found', [{ path: field, message: `No upload ${id}` }]);
    if (row.purpose !== kind)
      throw badRequest(`Upload ${id} is not an ${kind === 'ecu' ? 'ECU file' : 'additional file'}`);
    if (row.status === 'attached') throw badRequest(`Upload ${id} already belongs to a ticket`);
    if (row.status !== 'complete' || !row.sha256) {
      throw badRequest('The upload has not finished yet', [
        { path: field, message: `Upload ${id} is not finished` },
      ]);
    }
    refs.push({
      kind,
      name: row.fileName,
      size: row.size,
      sha256: row.sha256,
      storageKey: row.storageKey,
      uploadId: id,
    });
  }
  checkCommonTotals(refs);
  return refs;
}

export function checkCommonTotals(refs: StoredFileRef[]) {
  const common = refs.filter((r) => r.kind === 'common');
  if (common.length > ADDITIONAL_FILES_MAX_COUNT) {
    throw badRequest(`You can add at most ${ADDITIONAL_FILES_MAX_COUNT} additional files.`);
  }
  if (common.reduce((s, r) => s + r.size, 0) > ADDITIONAL_FILES_MAX_BYTES) {
    throw new AppError('payload_too_large', 'Total size of additional files should be less than 100.00 MB.');
  }
}

/** The caller's ticket made by an earlier call with this clientId, if any. */
export async function findTicketByClientId(
  db: Db,
  userId: string,
  clientId: string,
): Promise<TicketRow | undefined> {
  const [existing] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.userId, userId), eq(tickets.clientId, clientId)));
  return existing;
}

/**
 * Creates a ticket once per clientId: prices it with quoteTicket (the Slave window looks at
 * the caller's earlier tickets for the same registration), attaches the files, records the
 * history and counts it on the user. A replay of the same clientId returns the first ticket.
 */
export async function createTicket(
  db: Db,
  user: UserRow,
  input: NewTicket,
  onCreated?: OnTicketCreated,
): Promise<{ ticket: TicketRow; created: boolean }> {
  if (input.clientId) {
    const existing = await findTicketByClientId(db, user.id, input.clientId);
    if (existing) return { ticket: existing, created: false };
  }
  const registration = input.vehicle.registration.trim();
  return db.transaction(async (tx) => {
    const earlier = await ticketTimesForRegistration(tx, { userId: user.id, registration });
    const quote = quoteTicket({
      make: input.vehicle.make,
      stage: input.plan.stage,
      options: input.plan.options,
      masterSlave: input.vehicle.masterSlave,
      earlierTicketsForRegistration: earlier,
    });
    const [ticket] = await tx
      .insert(tickets)
      .values({
        userId: user.id,
        clientId: input.clientId ?? null,
        make: input.vehicle.make,
        model: input.vehicle.model,
        year: input.vehicle.year,
        registration,
        ecuId: input.vehicle.ecuId || null,
        transmission: input.vehicle.transmission,
        readTool: input.vehicle.readTool,
        readType: input.vehicle.readType,
        masterSlave: input.vehicle.masterSlave,
        stage: input.plan.stage,
        options: input.plan.options,
        dtcCodes: freshDtcCodes(input.plan.dtcCodes),
        notes: input.plan.notes || null,
        creditsNeed: quote.total,
        ecuIdentification: input.ecuIdentification ?? null,
      })
      .onConflictDoNothing()
      .returning();
    if (!ticket) {
      // The same clientId won a race a moment ago: answer with that ticket.
      const [winner] = await tx
        .select()
        .from(tickets)
        .where(and(eq(tickets.userId, user.id), eq(tickets.clientId, input.clientId!)));
      if (!winner) throw new Error('Ticket insert conflicted without a winner');
      return { ticket: winner, created: false };
    }
    await tx.insert(ticketFiles).values(
      input.files.map((f) => ({
        ticketId: ticket.id,
        kind: f.kind,
        name: f.name,
        size: f.size,
        sha256: f.sha256,
        storageKey: f.storageKey,
        uploadedBy: user.id,
      })),
    );
    const uploadIds = input.files.map((f) => f.uploadId).filter((x): x is string => Boolean(x));
    if (uploadIds.length > 0) {
      const attached = await tx
        .update(uploads)
        .set({ status: 'attached' })
        .where(
          and(inArray(uploads.id, uploadIds), eq(uploads.status, 'complete'), eq(uploads.ownerId, user.id)),
        )
        .returning({ id: uploads.id });
      if (attached.length !== uploadIds.length) throw badRequest('An upload was used by another ticket');
    }
    await tx.insert(ticketEvents).values({
      ticketId: ticket.id,
      kind: 'created',
      actorId: user.id,
      detail: { creditsNeed: quote.total, quote: quote.lines, files: input.files.length },
    });
    await tx
      .update(users)
      .set({ totalFilesSubmitted: sql`${users.totalFilesSubmitted} + 1`, updatedAt: sql`now()` })
      .where(eq(users.id, user.id));
    await onCreated?.(tx, ticket);
    return { ticket, created: true };
  });
}
