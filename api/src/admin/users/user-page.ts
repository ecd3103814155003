import type {
  AdminUserDetailDto,
  AuditEntryDto,
  LedgerEntryDto,
  TicketSummaryDto,
  TransactionDto,
} from '@ecu/shared';
import { and, eq, sql } from 'drizzle-orm';
import { getUserById, personRefs, toUserDto } from '../../accounts';
import { ledgerRowsPage, toTransactionDto } from '../../credits';
import type { Db } from '../../db/client';
import { payments, tickets } from '../../db/schema';
import {
  cursorTime,
  formatTimeIdCursor,
  olderThan,
  parseIdCursor,
  parseTimeIdCursor,
} from '../../http/keyset-cursor';
import type { Jobs } from '../../platform/jobs';
import { auditTrail } from '../audit';
import { userDeliveryProblems } from '../deliveries/desk';

/** How many rows of each list the user's page opens with. */
export const USER_PAGE_FIRST_LIMIT = 20;

export interface Page<T> {
  rows: T[];
  nextCursor: string | null;
}

export interface PageParams {
  userId: string;
  limit: number;
  cursor?: string | undefined;
}

/** The credit ledger, newest first (ids grow with time), with who made each change. */
export async function ledgerPage(db: Db, params: PageParams): Promise<Page<LedgerEntryDto>> {
  const { rows: page, nextCursor } = await ledgerRowsPage(db, params);
  const people = await personRefs(
    db,
    page.map((e) => e.actorId),
  );
  return {
    rows: page.map((e) => ({
      id: e.id,
      kind: e.kind,
      delta: e.delta,
      balanceAfter: e.balanceAfter,
      reference: e.reference,
      note: e.note,
      actor: e.actorId ? (people.get(e.actorId) ?? null) : null,
      createdAt: e.createdAt.toISOString(),
    })),
    nextCursor,
  };
}

/** The user's payments (every status), newest first. */
export async function paymentsPage(db: Db, params: PageParams): Promise<Page<TransactionDto>> {
  const after = parseTimeIdCursor(params.cursor, { uuidId: true });
  const found = await db
    .select({ payment: payments, at: cursorTime(payments.createdAt) })
    .from(payments)
    .where(
      and(
        eq(payments.userId, params.userId),
        after ? olderThan(payments.createdAt, payments.id, after, 'uuid') : undefined,
      ),
    )
    .orderBy(sql`${payments.createdAt} desc`, sql`${payments.id} desc`)
    .limit(params.limit + 1);
  const page = found.slice(0, params.limit);
  const last = page.at(-1);
  return {
    rows: page.map((r) => toTransactionDto(r.payment)),
    nextCursor: found.length > params.limit && last ? formatTimeIdCursor(last.at, last.payment.id) : null,
  };
}

/** The user's tickets, newest first. */
export async function ticketsPage(db: Db, params: PageParams): Promise<Page<TicketSummaryDto>> {
  const after = parseTimeIdCursor(params.cursor, { uuidId: true });
  const found = await db
    .select({
      _id: tickets.id,
      ticketNumber: tickets.ticketNumber,
      make: tickets.make,
      model: tickets.model,
      year: tickets.year,
      registration: tickets.registration,
      status: tickets.status,
      creditsNeed: tickets.creditsNeed,
      createdAt: tickets.createdAt,
      at: cursorTime(tickets.createdAt),
    })
    .from(tickets)
    .where(
      and(
        eq(tickets.userId, params.userId),
        after ? olderThan(tickets.createdAt, tickets.id, after, 'uuid') : undefined,
      ),
    )
    .orderBy(sql`${tickets.createdAt} desc`, sql`${tickets.id} desc`)
    .limit(params.limit + 1);
  const page = found.slice(0, params.limit);
  const last = page.at(-1);
  return {
    rows: page.map(({ at: _, ...t }) => ({ ...t, createdAt: t.createdAt.toISOString() })),
    nextCursor: found.length > params.limit && last ? formatTimeIdCursor(last.at, last._id) : null,
  };
}

/** What admins did to this account, newest first. */
export async function userAuditPage(db: Db, params: PageParams): Promise<Page<AuditEntryDto>> {
  return auditTrail(db, {
    targetType: 'user',
    targetId: params.userId,
    limit: params.limit,
    beforeId: parseIdCursor(params.cursor),
  });
}

/**
 * GET /admin/users/:userId. A deleted account's page still opens, anonymised (the tombstone
 * address, empty names) with `deletedAt` set: its payments, ledger and tickets stay for
 * accounting, and this page is where an admin follows them. Undefined: no such account.
 */
export async function userPage(
  { db, jobs }: { db: Db; jobs: Pick<Jobs, 'boss' | 'queueNames' | 'ready'> },
  userId: string,
): Promise<AdminUserDetailDto | undefined> {
  const user = await getUserById(db, userId);
  if (!user) return undefined;
  const first = { userId, limit: USER_PAGE_FIRST_LIMIT };
  const [ledger, paid, filed, audit, failedDeliveries] = await Promise.all([
    ledgerPage(db, first),
    paymentsPage(db, first),
    ticketsPage(db, first),
    userAuditPage(db, first),
    userDeliveryProblems(jobs, db, userId),
  ]);
  return {
    user: toUserDto(user),
    deletedAt: user.deletedAt?.toISOString() ?? null,
    ledger: ledger.rows,
    ledgerNextCursor: ledger.nextCursor,
    payments: paid.rows,
    paymentsNextCursor: paid.nextCursor,
    tickets: filed.rows,
    ticketsNextCursor: filed.nextCursor,
    audit: audit.rows,
    auditNextCursor: audit.nextCursor,
    failedDeliveries,
  };
}
