import type { TicketDto } from '@ecu/shared';
import { type Query, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { buildOnce, positionsOf, runBuiltArrays } from '../db/prepared';
import { INT4_MAX } from '../http/int4';

/**
 * The list answers (My Files, the admin file list) read a page of tickets joined with their
 * files in one statement that selects only what the answer shows, already formatted (ISO
 * dates, JSON of the options), and build the JSON in one pass over the rows, without the
 * ORM's mapping (docs/decisions/030-hot-reads.md). The shape is toTicketDto's (ticket-dto.ts),
 * key for key; ticket-json.test.ts holds the two to the same output.
 */

/** An ISO 8601 instant in UTC with milliseconds, as Date.prototype.toISOString writes it. */
const isoText = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const iso = (column: string) => sql.raw(isoText(column));

/** Beyond every ticket number (int4): the first page's "before". */
export const NO_TICKET_CURSOR = INT4_MAX;

export interface TicketPageJson {
  /** The page's tickets as a JSON array text. */
  json: string;
  /** The last ticket number of the page when more follow, else null. */
  nextCursor: string | null;
}

/**
 * One ticket (with one of its files, if any) of the page statement, as an array of its
 * columns (runBuiltArrays): the ticket's, the owner's when the statement has them, the file's.
 */
type PageRow = unknown[];

/**
 * The page statement's ticket columns, by the key ticketPage reads each under. The select list
 * is written from this (ticketPageStatement), so a column's position in a PageRow is its place
 * here (TICKET).
 */
const TICKET_SELECT = {
  id: 't.id',
  ticketNumber: 't.ticket_number',
  make: 't.make',
  model: 't.model',
  year: 't.year',
  registration: 't.registration',
  ecuId: 't.ecu_id',
  transmission: 't.transmission',
  readTool: 't.read_tool',
  readType: 't.read_type',
  masterSlave: 't.master_slave',
  stage: 't.stage',
  options: 't.options',
  notes: 't.notes',
  creditsNeed: 't.credits_need',
  status: 't.status',
  charged: '(t.charged_at is not null and t.refunded_at is null)',
  createdAt: isoText('t.created_at'),
  updatedAt: isoText('t.updated_at'),
};
/** The owner's columns, after the ticket's when the statement selects them (id, names, e-mail). */
const OWNER_SELECT = ['u.id', 'u.first_name', 'u.last_name', 'u.email'];
/** The file's columns, last (id, kind, name, size, sha256). */
const FILE_SELECT = ['f.id', 'f.kind', 'f.name', 'f.size::float8', 'f.sha256'];

/** Each ticket column's position in a PageRow. */
const TICKET = positionsOf(Object.keys(TICKET_SELECT) as (keyof typeof TICKET_SELECT)[]);
/** Where the owner's columns start. */
const OWNER = Object.keys(TICKET_SELECT).length;
/** Where the file's columns start. */
const fileColumnsAt = (owner: boolean) => (owner ? OWNER + OWNER_SELECT.length : OWNER);

interface FileJson {
  id: string;
  name: string;
  size: number;
  sha256: string;
  url: string;
}

const fileOf = (r: PageRow, at: number): FileJson => ({
  id: r[at] as string,
  name: r[at + 2] as string,
  size: Number(r[at + 3]),
  sha256: r[at + 4] as string,
  url: `/api/files/${r[at] as string}`,
});

/** The files a ticket shows, of its files in storage order. */
interface PickedFiles<T> {
  ecu: T | null;
  common: T[];
  tuned: T | null;
}

const noFiles = <T>(): PickedFiles<T> => ({ ecu: null, common: [], tuned: null });

/**
 * Takes the next of a ticket's files, oldest first, as toTicketDto picks them: the first ECU
 * file, every common file, the last tuned file. Both the list pages and the sync's JSON text
 * pick by this one rule.
 */
function pickFile<T>(files: PickedFiles<T>, kind: string, file: T): void {
  if (kind === 'ecu') files.ecu ??= file;
  else if (kind === 'common') files.common.push(file);
  else if (kind === 'tuned') files.tuned = file;
}

/**
 * The statement of a page of tickets with their files: `page` selects whole ticket rows, at
 * most limit + 1 of them (the extra one says more follow), in any order. The page is the
 * ticket side of the join as it is (joined back to tickets by id, PostgreSQL hashed the whole
 * table). Files come oldest first; files stored in one transaction share created_at and keep
 * their insertion (physical) order, as the stable sort of toTicketDto did. The rows are read as
 * arrays; the select list is TICKET_SELECT's, OWNER_SELECT's and FILE_SELECT's columns in that
 * order. Built once (buildOnce) where `page` has placeholders for its values.
 */
export function ticketPageStatement(page: SQL | SQLWrapper, options: { owner: boolean }): Query {
  const { owner } = options;
  const columns = [...Object.values(TICKET_SELECT), ...(owner ? OWNER_SELECT : []), ...FILE_SELECT];
  return buildOnce(sql`
      select ${sql.raw(columns.join(', '))}
      from (${page}) t
      ${owner ? sql`join users u on u.id = t.user_id` : sql``}
      left join ticket_files f on f.ticket_id = t.id
      order by t.ticket_number desc, f.created_at, f.ctid`);
}

/**
 * The tickets of a ticketPageStatement run with `values` as JSON, newest first: the page's
 * newest `limit`, whatever order the selection has.
 */
export async function ticketPageJson(
  db: Db | Tx,
  statement: Query,
  values: Record<string, unknown>,
  options: { limit: number; owner: boolean },
): Promise<TicketPageJson> {
  const page = await ticketPage(db, statement, values, options);
  return { json: JSON.stringify(page.tickets), nextCursor: page.nextCursor };
}

/** ticketPageJson's tickets before they are written out, with the page's next cursor. */
async function ticketPage(
  db: Db | Tx,
  statement: Query,
  values: Record<string, unknown>,
  options: { limit: number; owner: boolean },
): Promise<{ tickets: TicketDto[]; nextCursor: string | null }> {
  const { limit, owner } = options;
  const rows = await runBuiltArrays<PageRow>(db, statement, values);
  const f = fileColumnsAt(owner);
  const tickets: TicketDto[] = [];
  let count = 0;
  let last: number | null = null;
  for (let i = 0; i < rows.length; ) {
    const t = rows[i]!;
    const id = t[TICKET.id];
    count++;
    const files = noFiles<FileJson>();
    for (; i < rows.length && rows[i]![TICKET.id] === id; i++) {
      const r = rows[i]!;
      const kind = r[f + 1] as string | null;
      if (kind) pickFile(files, kind, fileOf(r, f));
    }
    if (count > limit) break;
    last = t[TICKET.ticketNumber] as number;
    // Keys in toTicketDto's order; the values are the statement's, typed as toTicketDto's.
    const dto = {
      _id: id,
      ticketNumber: last,
      make: t[TICKET.make],
      model: t[TICKET.model],
      year: t[TICKET.year],
      registration: t[TICKET.registration],
      ecuId: t[TICKET.ecuId],
      transmission: t[TICKET.transmission],
      readTool: t[TICKET.readTool],
      readType: t[TICKET.readType],
      masterSlave: t[TICKET.masterSlave],
      stage: t[TICKET.stage],
      options: t[TICKET.options],
      notes: t[TICKET.notes],
      creditsNeed: t[TICKET.creditsNeed],
      status: t[TICKET.status],
      charged: t[TICKET.charged],
      createdAt: t[TICKET.createdAt],
      updatedAt: t[TICKET.updatedAt],
      ecuFile: files.ecu,
      commonFiles: files.common,
      ecuTunedFile: files.tuned,
    } as TicketDto;
    // The owner goes last, as toTicketDto puts it; added to the object rather than spread into
    // a copy of it (copying 22 keys per ticket was about 5% of the admin list's CPU).
    if (owner)
      dto.userId = {
        _id: t[OWNER] as string,
        firstName: t[OWNER + 1] as string,
        lastName: t[OWNER + 2] as string,
        email: t[OWNER + 3] as string,
      };
    tickets.push(dto);
  }
  return { tickets, nextCursor: count > limit && last !== null ? String(last) : null };
}

/**
 * Tickets by id as JSON text that PostgreSQL writes (row_to_json): toTicketDto's keys in its
 * order up to the files, which come last and are added by ticketJsonTextById. One row per
 * ticket and no value object in Node: for the thousand tickets of a new device's first sync,
 * reading rows into objects and writing them out again was most of the answer's CPU and
 * garbage (docs/decisions/045-sync-json-in-sql.md).
 */
const ticketJsonById = buildOnce(sql`
  select x."_id"::text as id, row_to_json(x)::text as json
  from (
    select t.id as "_id", t.ticket_number as "ticketNumber", t.make, t.model, t.year,
           t.registration, t.ecu_id as "ecuId", t.transmission, t.read_tool as "readTool",
           t.read_type as "readType", t.master_slave as "masterSlave", t.stage, t.options,
           t.notes, t.credits_need as "creditsNeed", t.status,
           t.charged_at is not null and t.refunded_at is null as charged,
           ${iso('t.created_at')} as "createdAt", ${iso('t.updated_at')} as "updatedAt"
    from tickets t
    where t.id = any(${sql.placeholder('ids')}::uuid[])
  ) x`);

/**
 * The files of tickets by id as fileOf's JSON, in ticketPageStatement's order (oldest first,
 * insertion order within one instant). A statement of its own: aggregating them per ticket in
 * the tickets' statement cost PostgreSQL three times as much as both statements together.
 */
const fileJsonByTicket = buildOnce(sql`
  select f.ticket_id::text as ticket_id, f.kind, row_to_json(y)::text as json
  from ticket_files f,
       lateral (select f.id, f.name, f.size, f.sha256, '/api/files/' || f.id as url) y
  where f.ticket_id = any(${sql.placeholder('ids')}::uuid[])
  order by f.created_at, f.ctid`);

/**
 * Tickets by id with their files, as the lists answer them (the sync feed's ticket values), as
 * JSON text by id: two statements side by side, joined here as text (the first ECU file, the
 * common files, the last tuned file: pickFile). Ids of no ticket are left out.
 */
export async function ticketJsonTextById(db: Db | Tx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const [tickets, files] = await Promise.all([
    runBuiltArrays<[id: string, json: string]>(db, ticketJsonById, { ids }),
    runBuiltArrays<[ticketId: string, kind: string, json: string]>(db, fileJsonByTicket, { ids }),
  ]);
  const filesOf = new Map<string, PickedFiles<string>>();
  for (const [ticketId, kind, json] of files) {
    let found = filesOf.get(ticketId);
    if (!found) {
      found = noFiles();
      filesOf.set(ticketId, found);
    }
    pickFile(found, kind, json);
  }
  const out = new Map<string, string>();
  for (const [id, json] of tickets) {
    const f = filesOf.get(id);
    // row_to_json writes an object that ends in its closing brace: the file keys go before it.
    out.set(
      id,
      `${json.slice(0, -1)},"ecuFile":${f?.ecu ?? 'null'},"commonFiles":[${f ? f.common.join(',') : ''}],"ecuTunedFile":${f?.tuned ?? 'null'}}`,
    );
  }
  return out;
}

const myTicketsPage = ticketPageStatement(
  sql`select * from tickets
      where user_id = ${sql.placeholder('userId')} and ticket_number < ${sql.placeholder('before')}
      order by ticket_number desc limit ${sql.placeholder('rows')}`,
  { owner: false },
);

/** A page of one customer's tickets, newest first, after the ticket number `before`. */
export function myTicketsPageJson(
  db: Db,
  params: { userId: string; before: number; limit: number },
): Promise<TicketPageJson> {
  const { userId, before, limit } = params;
  return ticketPageJson(db, myTicketsPage, { userId, before, rows: limit + 1 }, { limit, owner: false });
}
