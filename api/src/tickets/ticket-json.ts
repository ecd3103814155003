import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { rowsOf } from '../db/rows';

/**
 * The list answers (My Files, the admin file list, the sync feed's tickets) have their JSON
 * built by the database: one statement per page, and Node splices the text into the envelope
 * without mapping a row (docs/decisions/030-hot-reads.md). The shape is toTicketDto's
 * (ticket-dto.ts), key for key; ticket-json.test.ts holds the two to the same output.
 */

/** An ISO 8601 instant in UTC with milliseconds, as Date.prototype.toISOString writes it. */
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const fileJson = sql.raw(
  `json_build_object('id', f.id, 'name', f.name, 'size', f.size, 'sha256', f.sha256, 'url', '/api/files/' || f.id)`,
);

/**
 * The files of ticket t in one index scan, as `files.ecu`, `files.common`, `files.tuned`: the
 * first ECU file, the additional files oldest first, the newest tuned file. Files stored in
 * one transaction share created_at; the tie goes by physical order (insertion order), as the
 * JavaScript mapping's stable sort did.
 */
const filesOfTicket = sql`left join lateral (
    select (array_agg(${fileJson} order by f.created_at, f.ctid) filter (where f.kind = 'ecu'))[1] as ecu,
           coalesce(json_agg(${fileJson} order by f.created_at, f.ctid) filter (where f.kind = 'common'), '[]'::json) as common,
           (array_agg(${fileJson} order by f.created_at desc, f.ctid desc) filter (where f.kind = 'tuned'))[1] as tuned
    from ticket_files f where f.ticket_id = t.id
  ) files on true`;

/** A ticket row aliased `t` (files joined as above) as its API JSON; with `owner`, users `u` as userId. */
function ticketJson(options: { owner: boolean }): SQL {
  const owner = options.owner
    ? sql`, 'userId', json_build_object('_id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'email', u.email)`
    : sql``;
  return sql`json_build_object(
    '_id', t.id, 'ticketNumber', t.ticket_number, 'make', t.make, 'model', t.model, 'year', t.year,
    'registration', t.registration, 'ecuId', t.ecu_id, 'transmission', t.transmission,
    'readTool', t.read_tool, 'readType', t.read_type, 'masterSlave', t.master_slave,
    'stage', t.stage, 'options', t.options, 'notes', t.notes, 'creditsNeed', t.credits_need,
    'status', t.status, 'charged', (t.charged_at is not null and t.refunded_at is null),
    'createdAt', ${iso(sql.raw('t.created_at'))}, 'updatedAt', ${iso(sql.raw('t.updated_at'))},
    'ecuFile', files.ecu, 'commonFiles', files.common, 'ecuTunedFile', files.tuned
    ${owner})`;
}

/** Beyond every ticket number (int4): the first page's "before". */
export const NO_TICKET_CURSOR = 2_147_483_647;

/** The content type c.json() sets, for answers whose JSON text is already made. */
export const JSON_TYPE = { 'content-type': 'application/json' } as const;

export interface TicketPageJson {
  /** The page's tickets as a JSON array text. */
  json: string;
  /** The last ticket number of the page when more follow, else null. */
  nextCursor: string | null;
}

/**
 * A page of tickets as JSON in one statement. `page` selects `id` and `ticket_number` of at
 * most limit + 1 tickets (the extra one says that more follow); they come newest first.
 */
export async function ticketPageJson(
  db: Db | Tx,
  page: SQL | SQLWrapper,
  options: { limit: number; owner: boolean },
): Promise<TicketPageJson> {
  const { limit } = options;
  const owner = options.owner ? sql`join users u on u.id = t.user_id` : sql``;
  const [row] = rowsOf<{ n: number; last: number | null; data: string }>(
    await db.execute(sql`
      select count(*)::int as n,
             min(p.ticket_number) filter (where p.rn <= ${limit}) as last,
             coalesce(json_agg(p.dto order by p.rn) filter (where p.rn <= ${limit}), '[]')::text as data
      from (
        select t.ticket_number, row_number() over (order by t.ticket_number desc) as rn,
               ${ticketJson(options)} as dto
        from (${page}) wanted
        join tickets t on t.id = wanted.id
        ${owner}
        ${filesOfTicket}
      ) p`),
  );
  return {
    json: row?.data ?? '[]',
    nextCursor: row && row.n > limit && row.last !== null ? String(row.last) : null,
  };
}

/** A page of one customer's tickets, newest first, after the ticket number `before`. */
export function myTicketsPageJson(
  db: Db,
  params: { userId: string; before: number; limit: number },
): Promise<TicketPageJson> {
  return ticketPageJson(
    db,
    sql`select id, ticket_number from tickets
        where user_id = ${params.userId} and ticket_number < ${params.before}
        order by ticket_number desc limit ${params.limit + 1}`,
    { limit: params.limit, owner: false },
  );
}

/** `{"success":true,"message":…,"data":<json>,…}` without parsing the data again. */
export function envelopeJson(message: string, dataJson: string, extra: Record<string, unknown> = {}): string {
  const tail = Object.entries(extra)
    .map(([k, v]) => `,${JSON.stringify(k)}:${JSON.stringify(v)}`)
    .join('');
  return `{"success":true,"message":${JSON.stringify(message)},"data":${dataJson}${tail}}`;
}
