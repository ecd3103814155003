import { and, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { withCustomPlans } from '../../db/prepared';
import { USER_SEARCH_TEXT, users } from '../../db/schema';
import type { UserRow } from '../../http/context';
import { cursorTime, formatTimeIdCursor, olderThan, parseTimeIdCursor } from '../../http/keyset-cursor';
import { containsPattern } from '../../http/search-pattern';

export type UserListFilter = 'all' | 'disabled' | 'unverified';

/**
 * The very predicates of the partial indexes users_list_idx, users_disabled_list_idx and
 * users_unverified_list_idx (api/src/db/schema/accounts.ts): the planner uses a partial index
 * only when it can prove its predicate from the query's, and a bound parameter
 * (`disabled = $1`) proves nothing in a cached plan. Deleted accounts are in no list.
 */
const LIST_PREDICATES: Record<UserListFilter, SQL> = {
  all: sql`${users.deletedAt} is null`,
  disabled: sql`${users.deletedAt} is null and ${users.disabled}`,
  unverified: sql`${users.deletedAt} is null and not ${users.emailVerified}`,
};

/**
 * Case-insensitive contains over names, e-mail and role. USER_SEARCH_TEXT is the trigram
 * index's own expression, so that index can serve it.
 */
export function userSearch(q: string): SQL {
  return sql`${USER_SEARCH_TEXT} ilike ${containsPattern(q)}`;
}

export interface UserListParams {
  filter: UserListFilter;
  limit: number;
  cursor?: string | undefined;
  q?: string | undefined;
}

/** One page of a list as a query (also what the plan test EXPLAINs). */
export function userListQuery(db: Db | Tx, params: UserListParams) {
  const after = parseTimeIdCursor(params.cursor);
  return (
    db
      .select({ user: users, at: cursorTime(users.createdAt) })
      .from(users)
      .where(
        and(
          LIST_PREDICATES[params.filter],
          // USER_SEARCH_TEXT is the trigram index's own expression, so the index serves this.
          params.q ? sql`${USER_SEARCH_TEXT} ilike ${containsPattern(params.q)}` : undefined,
          after ? olderThan(users.createdAt, users.id, after) : undefined,
        ),
      )
      // NULLS LAST as in the indexes (drizzle-kit's DESC); plain DESC means NULLS FIRST and
      // would make PostgreSQL sort every row instead of reading the index in order.
      .orderBy(sql`${users.createdAt} desc nulls last`, sql`${users.id} desc nulls last`)
      .limit(params.limit + 1)
  );
}

/** A page of accounts, newest first, keyset-paged on (created_at, id). */
export async function listUsers(
  db: Db,
  params: UserListParams,
): Promise<{ rows: UserRow[]; nextCursor: string | null }> {
  const found = params.q
    ? // A search runs with a plan made for its own pattern (see withCustomPlans).
      await withCustomPlans(db, (tx) => userListQuery(tx, params))
    : await userListQuery(db, params);
  const page = found.slice(0, params.limit);
  const last = page.at(-1);
  return {
    rows: page.map((r) => r.user),
    nextCursor: found.length > params.limit && last ? formatTimeIdCursor(last.at, last.user.id) : null,
  };
}
