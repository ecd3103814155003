import type {
  QueueAssignmentFilter,
  ReuseTunedFileInput,
  StoredFileDto,
  TicketDto,
  TicketEventDto,
  TicketStatus,
} from '@ecu/shared';
import { apiRequest } from '../../local/api-client';
import { localDb, type PortalDb, type TicketDetailsRow } from '../../local/db';
import { pullAfterWrite } from '../../local/sync-engine';

/** The API's ticket shapes, from shared (one definition for both sides). */
export type StoredFile = StoredFileDto;
export type TicketView = TicketDto;
export type TicketEvent = TicketEventDto;

/** POST /ecuFile/isEligibleToDownload answers this in `data` (success: true even when not eligible). */
export interface DownloadEligibility {
  eligible: boolean;
  message?: string;
  url?: string;
  charged?: boolean;
}

/** PUT /admin/updateEcuFileStatus answers this in `data`. */
export interface StatusChange {
  changed: boolean;
  refunded: boolean;
}

export interface EcuFilesQuery {
  limit?: number;
  cursor?: string;
  q?: string;
  status?: TicketStatus;
  /** The queue's assignment filter; 'all' (or none) asks for every ticket. */
  assigned?: QueueAssignmentFilter;
}

function ecuFilesPath({ limit, cursor, q, status, assigned }: EcuFilesQuery): string {
  const params = new URLSearchParams();
  if (limit) params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  if (q?.trim()) params.set('q', q.trim());
  if (status) params.set('status', status);
  if (assigned && assigned !== 'all') params.set('assigned', assigned);
  const query = params.toString();
  return query ? `/admin/getAllEcuFiles?${query}` : '/admin/getAllEcuFiles';
}

/** The customer's ticket calls (docs/product.md#13-the-http-api, ECU files). */
export const ticketsApi = {
  details: (ticketNumber: number, signal?: AbortSignal) =>
    apiRequest<TicketView>('GET', `/ecuFile/getTicketDetails/${ticketNumber}`, undefined, { signal }),
  isEligibleToDownload: (ticketNumber: number) =>
    apiRequest<DownloadEligibility>('POST', '/ecuFile/isEligibleToDownload', { ticketNumber }),
};

/**
 * The admin file desk. Straight to the server, never through the outbox: admins act on live
 * data (docs/decisions/014-admin-data-with-tanstack-query.md).
 */
export const adminTicketsApi = {
  list: (query: EcuFilesQuery, signal?: AbortSignal) =>
    apiRequest<TicketView[]>('GET', ecuFilesPath(query), undefined, { signal }),
  details: (ticketNumber: number, signal?: AbortSignal) =>
    apiRequest<TicketView>('GET', `/admin/getTicketDetails/${ticketNumber}`, undefined, { signal }),
  updateStatus: (fileId: string, status: TicketStatus) =>
    apiRequest<StatusChange>('PUT', '/admin/updateEcuFileStatus', { fileId, status }),
  /** After the tus upload (purpose 'tuned') finished: attach it; answers the ticket with its history. */
  attachTunedFile: (ticketNumber: number, tunedFileUploadId: string) =>
    apiRequest<TicketView>('PUT', '/admin/uploadTunedFile', { ticketNumber, tunedFileUploadId }),
  /** Known files: a copy of the earlier ticket's tuned file (same original bytes) on this one. */
  reuseTunedFile: (input: ReuseTunedFileInput) =>
    apiRequest<TicketView>('POST', '/admin/reuseTunedFile', input),
};

/** '/ticket/100001' params to a ticket number; null for anything that is not one. */
export function parseTicketNumber(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw.trim())) return null;
  const n = Number(raw.trim());
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/*
 * What the tickets feature keeps offline: the user's tickets in localDb.tickets, written by
 * the sync feed only, and what only getTicketDetails answers in localDb.ticketDetails
 * (docs/decisions/044-one-writer.md).
 */

/** The part of a details answer that the feed's rows lack. */
export function detailsOf(answer: TicketView): TicketDetailsRow {
  return {
    _id: answer._id,
    ticketNumber: answer.ticketNumber,
    updatedAt: answer.updatedAt,
    history: answer.history,
    ecuIdentification: answer.ecuIdentification,
    revisionOf: answer.revisionOf,
    revisions: answer.revisions,
    chainStartedAt: answer.chainStartedAt,
  };
}

export interface KeepDetailsOptions {
  db?: PortalDb;
  /** Asks the feed for the row (tests hand in a fake). */
  pull?: (db: PortalDb) => Promise<void>;
  /** The page that asked is gone: the sync loop brings the row instead. */
  signal?: AbortSignal;
}

/**
 * Keeps a details answer's history (and the rest the feed lacks) for offline visits. When the
 * answer is newer than the synced row, or the row is not here yet, the feed is asked for it:
 * the row itself only ever comes through the feed.
 */
export async function keepTicketDetails(
  answer: TicketView,
  { db = localDb, pull = pullAfterWrite, signal }: KeepDetailsOptions = {},
): Promise<void> {
  await db.ticketDetails.put(detailsOf(answer));
  const row = await db.tickets.get(answer._id);
  if (signal?.aborted) return;
  if (!row || row.updatedAt < answer.updatedAt) await pull(db);
}
