import { localDb, type PortalDb, type TicketDetailsRow } from '../../local/db';
import type { TicketView } from './api';

/*
 * Reads of the tickets kept on this device, apart from the ticket calls (api.ts), which bring
 * the sync engine and the outbox: the dashboard paints from these without them.
 */

/** The kept details of a ticket, or null (never visited online on this device). */
export async function localTicketDetails(
  ticketNumber: number,
  db: PortalDb = localDb,
): Promise<TicketDetailsRow | null> {
  return (await db.ticketDetails.where('ticketNumber').equals(ticketNumber).first()) ?? null;
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
