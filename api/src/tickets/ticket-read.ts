import type { TicketDto } from '@ecu/shared';
import { and, asc, desc, eq, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { perDatabase, withCustomPlans } from '../db/prepared';
import { ticketFiles, tickets, users } from '../db/schema';
import { INT4_MAX } from '../http/int4';
import { type AdminTicketSearch, adminTicketSearchIds } from './admin-search';
import { withAwaitingCustomer } from './counter-offers';
import {
  assigneeColumns,
  assigneeUser,
  fileColumns,
  ownerColumns,
  pageOf,
  type TicketFileRow,
  ticketColumns,
  ticketDtosOfRows,
} from './ticket-dto';

/**
 * Every ticket answer reads its tickets through this one statement: the tickets `where`
 * selects, each joined with its files (oldest first; files stored in one transaction share
 * created_at and keep their storing order, ctid), newest ticket first, and for admins with the
 * owner. ticket-dto.ts turns the rows into answers (docs/decisions/081-ticket-read-model.md).
 */
function customerRows(db: Db, where: SQL | undefined) {
  return db
    .select({ ticket: ticketColumns, file: fileColumns })
    .from(tickets)
    .leftJoin(ticketFiles, eq(ticketFiles.ticketId, tickets.id))
    .where(where)
    .orderBy(desc(tickets.ticketNumber), asc(ticketFiles.createdAt), sql`${ticketFiles}.ctid`);
}

/** customerRows with each ticket's owner and assignee (staff only: docs/decisions/087-assignment.md). */
function adminRows(db: Db, where: SQL | undefined) {
  return db
    .select({
      ticket: ticketColumns,
      owner: ownerColumns,
      assignee: assigneeColumns,
      file: fileColumns,
    })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.userId))
    .leftJoin(assigneeUser, eq(assigneeUser.id, tickets.assigneeId))
    .leftJoin(ticketFiles, eq(ticketFiles.ticketId, tickets.id))
    .where(where)
    .orderBy(desc(tickets.ticketNumber), asc(ticketFiles.createdAt), sql`${ticketFiles}.ctid`);
}

/** Beyond every ticket number (int4): the first page's "before". */
export const NO_TICKET_CURSOR = INT4_MAX;

/**
 * The ids of a page of tickets, newest first: at most `rows` (the limit + 1, which says more
 * follow) of those `where` selects of the page's own alias of tickets.
 */
const page = alias(tickets, 'page');
function pageIds(db: Db, where: SQL | undefined) {
  return db
    .select({ id: page.id })
    .from(page)
    .where(where)
    .orderBy(desc(page.ticketNumber))
    .limit(sql.placeholder('rows'));
}

/** The admin list without a search, by its filters (a cursor, a status). */
function adminListPage(db: Db, filters: { before: boolean; status: boolean }, name: string) {
  const where = and(
    filters.before ? lt(page.ticketNumber, sql.placeholder('before')) : undefined,
    filters.status ? eq(page.status, sql.placeholder('status')) : undefined,
  );
  return adminRows(db, inArray(tickets.id, pageIds(db, where))).prepare(name);
}

/**
 * The hot reads, built and named once per database: the SQL is not rebuilt per request and
 * PostgreSQL keeps the plans (docs/decisions/030-hot-reads.md).
 */
function prepareReads(db: Db) {
  const ids = sql`${tickets.id} = any(${sql.placeholder('ids')}::uuid[])`;
  return {
    myPage: customerRows(
      db,
      inArray(
        tickets.id,
        pageIds(
          db,
          and(eq(page.userId, sql.placeholder('userId')), lt(page.ticketNumber, sql.placeholder('before'))),
        ),
      ),
    ).prepare('my_tickets_page'),
    byIds: customerRows(db, ids).prepare('tickets_by_ids'),
    byIdsWithOwner: adminRows(db, ids).prepare('admin_tickets_by_ids'),
    adminList: adminListPage(db, { before: false, status: false }, 'admin_tickets_page'),
    adminListBefore: adminListPage(db, { before: true, status: false }, 'admin_tickets_page_before'),
    adminListStatus: adminListPage(db, { before: false, status: true }, 'admin_tickets_page_status'),
    adminListBeforeStatus: adminListPage(
      db,
      { before: true, status: true },
      'admin_tickets_page_before_status',
    ),
  };
}
const reads = perDatabase(prepareReads);

export interface TicketPage {
  tickets: TicketDto[];
  /** The last ticket number of the page when more follow, else null. */
  nextCursor: string | null;
}

/** A page of one customer's tickets, newest first, after the ticket number `before`. */
export async function myTicketsPage(
  db: Db,
  params: { userId: string; before: number; limit: number },
): Promise<TicketPage> {
  const { userId, before, limit } = params;
  const rows = await reads(db).myPage.execute({ userId, before, rows: limit + 1 });
  return pageOf(ticketDtosOfRows(rows), limit);
}

/** The answer statement's rows of tickets by id (with their owners for admins), newest first. */
export function ticketRowsByIds(
  db: Db,
  ids: string[],
  options: { owner?: boolean } = {},
): Promise<TicketFileRow[]> {
  const q = reads(db);
  return options.owner ? q.byIdsWithOwner.execute({ ids }) : q.byIds.execute({ ids });
}

/**
 * Tickets by id as the lists answer them (with their owners for admins), newest first; the
 * sync feed's tickets too, so a device learns 'Awaiting customer' (awaitingCustomer).
 */
export async function ticketsByIds(
  db: Db,
  ids: string[],
  options: { owner?: boolean } = {},
): Promise<TicketDto[]> {
  if (ids.length === 0) return [];
  return withAwaitingCustomer(db, ticketDtosOfRows(await ticketRowsByIds(db, ids, options)));
}

/**
 * A page of every customer's tickets, newest first, with their owners (the Files desk):
 * searched, when `q` is given, with plans made for its own pattern (admin-search.ts). With
 * `assigneeId` (an id: one person's; null: nobody's) the page is of those tickets only; that
 * filter is not among the prepared hot reads.
 */
export async function adminTicketsPage(
  db: Db,
  params: {
    q?: string | undefined;
    before?: number | undefined;
    status?: string | undefined;
    assigneeId?: string | null | undefined;
    limit: number;
  },
): Promise<TicketPage> {
  const { q, before, status, assigneeId, limit } = params;
  const rows = q
    ? await withCustomPlans(db, (tx) => adminSearchRows(tx, { q, before, status, assigneeId }, limit + 1))
    : assigneeId !== undefined
      ? await adminRows(
          db,
          inArray(
            tickets.id,
            db
              .select({ id: page.id })
              .from(page)
              .where(
                and(
                  before ? lt(page.ticketNumber, before) : undefined,
                  status ? eq(page.status, status) : undefined,
                  assigneeId === null ? isNull(page.assigneeId) : eq(page.assigneeId, assigneeId),
                ),
              )
              .orderBy(desc(page.ticketNumber))
              .limit(limit + 1),
          ),
        )
      : await adminListStatement(db, { before, status }).execute({ before, status, rows: limit + 1 });
  return pageOf(ticketDtosOfRows(rows), limit);
}

/**
 * The answer statement of a page of the searched admin list, `rows` tickets at most
 * (admin-search-plan.test.ts holds its plan).
 */
export function adminSearchRows(db: Db, search: AdminTicketSearch, rows: number) {
  return adminRows(db, sql`${tickets.id} in (${adminTicketSearchIds(search, rows)})`);
}

function adminListStatement(db: Db, filters: { before?: number | undefined; status?: string | undefined }) {
  const q = reads(db);
  if (filters.before) return filters.status ? q.adminListBeforeStatus : q.adminListBefore;
  return filters.status ? q.adminListStatus : q.adminList;
}
