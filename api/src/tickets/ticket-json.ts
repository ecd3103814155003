import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
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
 * One file of ticket t by kind: files stored in the same transaction share created_at, and
 * the tie goes by physical order (insertion order), as the JavaScript mapping's stable sort did.
 */
const firstFile = (kind: 'ecu', direction: 'asc') =>
  sql`(select ${fileJson} from ticket_files f where f.ticket_id = t.id and f.kind = ${sql.raw(`'${kind}'`)}
       order by f.created_at ${sql.raw(direction)}, f.ctid ${sql.raw(direction)} limit 1)`;
const newestTuned = sql`(select ${fileJson} from ticket_files f where f.ticket_id = t.id and f.kind = 'tuned'
       order by f.created_at desc, f.ctid desc limit 1)`;
const commonFiles = sql`coalesce((select json_agg(${fileJson} order by f.created_at, f.ctid)
       from ticket_files f where f.ticket_id = t.id and f.kind = 'common'), '[]'::json)`;

/** A ticket row aliased `t` as its API JSON; with `owner`, a users row aliased `u` as userId. */
export function ticketJson(options: { owner: boolean }): SQL {
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
    'ecuFile', ${firstFile('ecu', 'asc')}, 'commonFiles', ${commonFiles}, 'ecuTunedFile', ${newestTuned}
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
 * A page of one customer's tickets, newest first, after the ticket number `before`: one
 * statement, whose text never changes (the driver keeps it prepared).
 */
export async function myTicketsPageJson(
  db: Db,
  params: { userId: string; before: number; limit: number },
): Promise<TicketPageJson> {
  const [row] = rowsOf<{ n: number; last: number | null; data: string }>(
    await db.execute(sql`
      select count(*)::int as n,
             min(page.ticket_number) filter (where page.rn <= ${params.limit}) as last,
             coalesce(json_agg(page.dto order by page.rn) filter (where page.rn <= ${params.limit}), '[]')::text as data
      from (
        select t.ticket_number, row_number() over (order by t.ticket_number desc) as rn,
               ${ticketJson({ owner: false })} as dto
        from tickets t
        where t.user_id = ${params.userId} and t.ticket_number < ${params.before}
        order by t.ticket_number desc
        limit ${params.limit + 1}
      ) page`),
  );
  return {
    json: row?.data ?? '[]',
    nextCursor: row && row.n > params.limit && row.last !== null ? String(row.last) : null,
  };
}

/** The tickets of `ids` as a JSON array text, in the order of `ids`. */
export async function ticketsJsonByIds(db: Db, ids: string[], options: { owner: boolean }): Promise<string> {
  if (ids.length === 0) return '[]';
  const owner = options.owner ? sql`join users u on u.id = t.user_id` : sql``;
  const [row] = rowsOf<{ data: string | null }>(
    await db.execute(sql`
      select json_agg(${ticketJson(options)} order by wanted.ord)::text as data
      from unnest(${`{${ids.join(',')}}`}::uuid[]) with ordinality as wanted(id, ord)
      join tickets t on t.id = wanted.id
      ${owner}`),
  );
  return row?.data ?? '[]';
}

/** `{"success":true,"message":…,"data":<json>,…}` without parsing the data again. */
export function envelopeJson(message: string, dataJson: string, extra: Record<string, unknown> = {}): string {
  const tail = Object.entries(extra)
    .map(([k, v]) => `,${JSON.stringify(k)}:${JSON.stringify(v)}`)
    .join('');
  return `{"success":true,"message":${JSON.stringify(message)},"data":${dataJson}${tail}}`;
}
