import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { TICKET_SEARCH_TEXT, tickets, USER_SEARCH_TEXT, users } from '../db/schema';
import { int4FromDigits } from '../http/int4';
import { containsPattern } from '../http/search-pattern';

export interface AdminTicketSearch {
  /** The search as typed (non-empty). */
  q: string;
  /** Only tickets numbered below this (the page cursor). */
  before?: number | undefined;
  status?: string | undefined;
  /** Only one staff member's tickets (an id), nobody's (null), or everyone's (undefined). */
  assigneeId?: string | null | undefined;
}

/**
 * The search of the admin file list: the ticket number, the ticket's search text (registration
 * with or without spaces, make, model, status) and the owner's name or e-mail; each part is
 * served by an index (the trigram indexes of tickets and users, tickets_user_id_idx, the
 * ticket number's), so PostgreSQL can combine them in one bitmap.
 */
function ticketSearch(q: string): SQL | undefined {
  const like = containsPattern(q);
  const unspaced = containsPattern(q.replace(/\s+/g, ''));
  const numberInQ = int4FromDigits(q);
  return or(
    numberInQ !== undefined ? eq(tickets.ticketNumber, numberInQ) : undefined,
    sql`${TICKET_SEARCH_TEXT} ilike ${like}`,
    // A registration typed without its space; a search without spaces is the test above.
    unspaced !== like ? sql`${TICKET_SEARCH_TEXT} ilike ${unspaced}` : undefined,
    // The owner: the user search's trigram index finds the candidates, the second test
    // keeps the role out (a search for 'user' is not every ticket).
    // = any(array(...)) rather than in (...): an array is something the index on user_id
    // can take in a bitmap scan, so the whole OR stays on indexes.
    sql`${tickets.userId} = any(array(${new QueryBuilder()
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          sql`${USER_SEARCH_TEXT} ilike ${like}`,
          sql`(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email}) ilike ${like}`,
        ),
      )}))`,
  );
}

/**
 * The ids of a page of the searched admin file list (at most `rows`, newest first), for the
 * answer statement (ticket-read.ts: adminSearchWhere). The matching tickets are found first,
 * through the indexes, and only then ordered and cut to the page: the MATERIALIZED candidates
 * keep the planner from walking the ticket numbers backwards and filtering every ticket, a bet
 * that the matches are among the newest which a rare term (one old registration) loses at the
 * cost of the whole table (admin-search-plan.test.ts holds the plan).
 */
export function adminTicketSearchIds(search: AdminTicketSearch, rows: number): SQL {
  const { q, before, status, assigneeId } = search;
  const candidates = new QueryBuilder()
    .select({
      id: tickets.id,
      ticketNumber: tickets.ticketNumber,
      status: tickets.status,
      assigneeId: tickets.assigneeId,
    })
    .from(tickets)
    .where(ticketSearch(q));
  // The cursor and the status filter the candidates rather than the search: given them, the
  // planner would rather read every ticket of a status (a fifth of them) than the trigram index.
  const filters = and(
    before ? sql`ticket_number < ${before}` : undefined,
    status ? sql`status = ${status}` : undefined,
    assigneeId === null ? sql`assignee_id is null` : undefined,
    assigneeId ? sql`assignee_id = ${assigneeId}` : undefined,
  );
  return sql`with candidates as materialized (${candidates})
    select id from candidates ${filters ? sql`where ${filters}` : sql``}
    order by ticket_number desc limit ${rows}`;
}
