import {
  asLocale,
  type EcuIdentification,
  type StoredFileDto,
  type TicketAssigneeDto,
  type TicketDto,
} from '@ecu/shared';
import { alias } from 'drizzle-orm/pg-core';
import { type ticketEvents, ticketFiles, tickets, users } from '../db/schema';
import type { RevisionChain } from './revisions';

/**
 * The one ticket read model (docs/decisions/081-ticket-read-model.md): the columns a ticket's
 * answer needs, selected by ticket-read.ts, and the one function from those rows to TicketDto.
 * A new field of the answer is a column here and a key in toTicketDto, both checked by tsc.
 */

/** What a ticket's answer shows of the ticket. */
export const ticketColumns = {
  id: tickets.id,
  ticketNumber: tickets.ticketNumber,
  make: tickets.make,
  model: tickets.model,
  year: tickets.year,
  registration: tickets.registration,
  ecuId: tickets.ecuId,
  transmission: tickets.transmission,
  readTool: tickets.readTool,
  readType: tickets.readType,
  masterSlave: tickets.masterSlave,
  stage: tickets.stage,
  options: tickets.options,
  dtcCodes: tickets.dtcCodes,
  notes: tickets.notes,
  creditsNeed: tickets.creditsNeed,
  status: tickets.status,
  chargedAt: tickets.chargedAt,
  refundedAt: tickets.refundedAt,
  createdAt: tickets.createdAt,
  updatedAt: tickets.updatedAt,
};

/** What a ticket's answer shows of a stored file (never its storage key or uploader). */
export const fileColumns = {
  id: ticketFiles.id,
  kind: ticketFiles.kind,
  name: ticketFiles.name,
  size: ticketFiles.size,
  sha256: ticketFiles.sha256,
};

/** What an admin's answer shows of a ticket's owner. */
export const ownerColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  locale: users.locale,
};

/** What an admin's answer shows of a ticket's assignee (docs/decisions/087-assignment.md). */
export const assigneeUser = alias(users, 'assignee');
export const assigneeColumns = {
  id: assigneeUser.id,
  firstName: assigneeUser.firstName,
  lastName: assigneeUser.lastName,
};
export type AssigneeRow = { id: string; firstName: string; lastName: string };

export type TicketAnswerRow = Pick<typeof tickets.$inferSelect, keyof typeof ticketColumns>;
export type FileRow = Pick<typeof ticketFiles.$inferSelect, keyof typeof fileColumns>;
export type OwnerRow = Pick<typeof users.$inferSelect, keyof typeof ownerColumns>;
type EventRow = Pick<typeof ticketEvents.$inferSelect, 'kind' | 'actorId' | 'detail' | 'createdAt'>;

/** One row of the answer statement: a ticket with one of its files (or none), its owner for admins. */
export interface TicketFileRow {
  ticket: TicketAnswerRow;
  file: FileRow | null;
  owner?: OwnerRow;
  /** Admin rows only: the assignee, null when nobody works the ticket. */
  assignee?: AssigneeRow | null;
}

/** What only the details calls add: the history, and what the ECU read says about itself. */
export interface TicketHistory {
  events: EventRow[];
  /** Each actor's name as the history shows it, by user id. */
  actors: Map<string, string>;
  ecuIdentification: EcuIdentification | null;
}

export function fileDto(f: Pick<FileRow, 'id' | 'name' | 'size' | 'sha256'>): StoredFileDto {
  return { id: f.id, name: f.name, size: f.size, sha256: f.sha256, url: `/api/files/${f.id}` };
}

/**
 * A ticket's answer from its row and its files, oldest first (as ticket-read.ts orders them):
 * the first ECU file, every common file, the newest tuned file.
 */
export function toTicketDto(
  t: TicketAnswerRow,
  files: FileRow[],
  extra: {
    history?: TicketHistory;
    chain?: RevisionChain;
    owner?: OwnerRow | undefined;
    assignee?: AssigneeRow | null | undefined;
  } = {},
): TicketDto {
  let ecu: FileRow | undefined;
  let tuned: FileRow | undefined;
  const common: StoredFileDto[] = [];
  for (const f of files) {
    if (f.kind === 'ecu') ecu ??= f;
    else if (f.kind === 'common') common.push(fileDto(f));
    else tuned = f;
  }
  const { history, chain, owner, assignee } = extra;
  return {
    _id: t.id,
    ticketNumber: t.ticketNumber,
    make: t.make,
    model: t.model,
    year: t.year,
    registration: t.registration,
    ecuId: t.ecuId,
    transmission: t.transmission,
    readTool: t.readTool,
    readType: t.readType,
    masterSlave: t.masterSlave,
    stage: t.stage,
    options: t.options,
    dtcCodes: t.dtcCodes,
    notes: t.notes,
    creditsNeed: t.creditsNeed,
    status: t.status,
    charged: t.chargedAt !== null && t.refundedAt === null,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    ecuFile: ecu ? fileDto(ecu) : null,
    commonFiles: common,
    ecuTunedFile: tuned ? fileDto(tuned) : null,
    ...(history
      ? {
          history: history.events.map((e) => ({
            kind: e.kind,
            at: e.createdAt.toISOString(),
            by: e.actorId ? (history.actors.get(e.actorId) ?? null) : null,
            detail: e.detail as Record<string, unknown>,
          })),
          ecuIdentification: history.ecuIdentification,
        }
      : {}),
    ...(chain ?? {}),
    ...(owner
      ? {
          userId: {
            _id: owner.id,
            firstName: owner.firstName,
            lastName: owner.lastName,
            email: owner.email,
            // So support can answer in it (docs/decisions/093-languages.md).
            locale: asLocale(owner.locale),
          },
        }
      : {}),
    ...(assignee !== undefined ? { assignee: assignee ? assigneeDto(assignee) : null } : {}),
  };
}

/** A staff member's name as the desk shows it. */
export function staffName(row: Pick<AssigneeRow, 'firstName' | 'lastName'>): string {
  return `${row.firstName} ${row.lastName}`.trim() || 'Staff';
}

function assigneeDto(row: AssigneeRow): TicketAssigneeDto {
  return { _id: row.id, name: staffName(row) };
}

/**
 * The rows of the answer statement, a ticket's rows one after another, as each ticket (its
 * first row) with its files in the rows' order.
 */
export function ticketsOfRows<R extends TicketFileRow>(rows: R[]): { row: R; files: FileRow[] }[] {
  const out: { row: R; files: FileRow[] }[] = [];
  let current: { row: R; files: FileRow[] } | undefined;
  for (const r of rows) {
    if (current?.row.ticket.id !== r.ticket.id) {
      current = { row: r, files: [] };
      out.push(current);
    }
    if (r.file) current.files.push(r.file);
  }
  return out;
}

/** The answers of the rows' tickets, in the rows' order; with their owners when the rows have them. */
export function ticketDtosOfRows(rows: TicketFileRow[]): TicketDto[] {
  return ticketsOfRows(rows).map(({ row, files }) =>
    toTicketDto(row.ticket, files, { owner: row.owner, assignee: row.assignee }),
  );
}

/** A page of the newest `limit` tickets of up to limit + 1, with the cursor of the next page. */
export function pageOf(all: TicketDto[], limit: number): { tickets: TicketDto[]; nextCursor: string | null } {
  if (all.length <= limit) return { tickets: all, nextCursor: null };
  const tickets = all.slice(0, limit);
  return { tickets, nextCursor: String(tickets.at(-1)!.ticketNumber) };
}
