import type {
  ReuseTunedFileInput,
  StoredFileDto,
  TicketDto,
  TicketEventDto,
  TicketStatus,
} from '@ecu/shared';
import { apiRequest } from '../../local/api-client';
import { localDb, type PortalDb } from '../../local/db';

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
}

function ecuFilesPath({ limit, cursor, q, status }: EcuFilesQuery): string {
  const params = new URLSearchParams();
  if (limit) params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  if (q?.trim()) params.set('q', q.trim());
  if (status) params.set('status', status);
  const query = params.toString();
  return query ? `/admin/getAllEcuFiles?${query}` : '/admin/getAllEcuFiles';
}

/** The customer's ticket calls (docs/product.md#13-the-http-api, ECU files). */
export const ticketsApi = {
  /** A page of My Files, newest first; follow nextCursor for the rest. */
  myFiles: (cursor?: string) =>
    apiRequest<TicketView[]>(
      'GET',
      cursor ? `/ecuFile/my-files?cursor=${encodeURIComponent(cursor)}` : '/ecuFile/my-files',
    ),
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

/* What the tickets feature keeps offline: the user's tickets in localDb.tickets. */

/**
 * Puts server rows into Dexie. A row's history (from getTicketDetails) is kept while the
 * ticket has not changed since (same updatedAt): every status change, upload or charge
 * touches updatedAt, so a kept history is never behind the row it sits on.
 */
export async function storeTickets(rows: readonly TicketView[], db: PortalDb = localDb): Promise<void> {
  if (rows.length === 0) return;
  await db.transaction('rw', db.tickets, async () => {
    const existing = await db.tickets.bulkGet(rows.map((r) => r._id));
    const merged = rows.map((row, i) => {
      const old = existing[i];
      if (row.history || !old?.history || old.updatedAt !== row.updatedAt) return row;
      return { ...row, history: old.history };
    });
    await db.tickets.bulkPut(merged);
  });
}

type LoadMyFiles = () => Promise<TicketView[]>;
/** Every page of My Files, following nextCursor (one answer holds MY_FILES_PAGE tickets). */
export async function loadAllMyFiles(
  fetchPage: (
    cursor?: string,
  ) => Promise<{ data: TicketView[]; nextCursor?: string | null }> = ticketsApi.myFiles,
): Promise<TicketView[]> {
  const rows: TicketView[] = [];
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    rows.push(...page.data);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return rows;
}
const loadMyFiles: LoadMyFiles = () => loadAllMyFiles();

/**
 * My Files asks the server for the whole list on opening. Nothing local is removed here: a
 * deleted ticket arrives as a tombstone through the sync feed.
 */
export async function refreshMyFiles(
  db: PortalDb = localDb,
  load: LoadMyFiles = loadMyFiles,
): Promise<number> {
  const rows = await load();
  await storeTickets(rows, db);
  return rows.length;
}

/** Newest first, like the server: by creation time, then by ticket number. */
export async function ticketsNewestFirst(db: PortalDb = localDb): Promise<TicketView[]> {
  const rows = await db.tickets.toArray();
  return rows.sort(
    (a, b) =>
      String(b.createdAt).localeCompare(String(a.createdAt)) ||
      Number(b.ticketNumber) - Number(a.ticketNumber),
  );
}

export async function localTicket(ticketNumber: number, db: PortalDb = localDb): Promise<TicketView | null> {
  const row = await db.tickets.where('ticketNumber').equals(ticketNumber).first();
  return row ?? null;
}

const squash = (s: unknown) =>
  String(s ?? '')
    .replace(/\s+/g, '')
    .toLowerCase();

/**
 * My Files' local search: make, model, year, registration (spaces ignored, as on a plate),
 * tool, ticket number and status; every word of the query must match somewhere.
 */
export function matchesTicket(ticket: TicketView, query: string): boolean {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [
    ticket.make,
    ticket.model,
    ticket.year,
    ticket.registration,
    ticket.readTool,
    ticket.ecuId,
    String(ticket.ticketNumber ?? ''),
    ticket.status || 'Pending',
  ]
    .map((v) => String(v ?? '').toLowerCase())
    .join(' \u0000 ');
  const plate = squash(ticket.registration);
  return words.every((w) => haystack.includes(w) || plate.includes(squash(w)));
}
