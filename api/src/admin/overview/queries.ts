import { type OverviewDto, penceToPounds } from '@ecu/shared';
import { and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { creditLedger, payments, ticketEvents, tickets, users } from '../../db/schema';
import {
  addDays,
  type DayRange,
  daysOf,
  isoWeekStart,
  localDay,
  localIsoWeek,
  rangeBounds,
} from './date-range';

/** Now waiting, by status: in the queue, and Completed files not yet unlocked. */
const WAITING_BY_STATUS = ['Pending', 'In Progress', 'Completed'];
const IN_QUEUE = ['Pending', 'In Progress'];
const OLDEST_WAITING_LIMIT = 10;

const count = () => sql<number>`count(*)`.mapWith(Number);
const total = (column: unknown) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

async function waitingByStatus(db: Db): Promise<OverviewDto['waitingByStatus']> {
  const rows = await db
    .select({ status: tickets.status, count: count() })
    .from(tickets)
    .where(inArray(tickets.status, WAITING_BY_STATUS))
    .groupBy(tickets.status);
  const byStatus = new Map(rows.map((r) => [r.status, r.count]));
  return WAITING_BY_STATUS.map((status) => ({ status, count: byStatus.get(status) ?? 0 }));
}

async function oldestWaiting(db: Db, now: Date): Promise<OverviewDto['oldestWaiting']> {
  // One query per status, each served by tickets (status, created_at): a single query over both
  // statuses would walk the created_at index through every finished ticket first.
  const perStatus = await Promise.all(
    IN_QUEUE.map((status) =>
      db
        .select({ ticket: tickets, owner: users })
        .from(tickets)
        .innerJoin(users, eq(users.id, tickets.userId))
        .where(eq(tickets.status, status))
        .orderBy(asc(tickets.createdAt), asc(tickets.id))
        .limit(OLDEST_WAITING_LIMIT),
    ),
  );
  const rows = perStatus
    .flat()
    .sort(
      (a, b) =>
        a.ticket.createdAt.getTime() - b.ticket.createdAt.getTime() || a.ticket.id.localeCompare(b.ticket.id),
    )
    .slice(0, OLDEST_WAITING_LIMIT);
  return rows.map(({ ticket, owner }) => ({
    ticketNumber: ticket.ticketNumber,
    make: ticket.make,
    model: ticket.model,
    status: ticket.status,
    createdAt: ticket.createdAt.toISOString(),
    // Wall-clock minutes since the file arrived (not open minutes): what the owner has waited.
    waitingMinutes: Math.max(0, Math.floor((now.getTime() - ticket.createdAt.getTime()) / 60_000)),
    owner: { _id: owner.id, firstName: owner.firstName, lastName: owner.lastName, email: owner.email },
  }));
}

async function filesPerDay(db: Db, range: DayRange): Promise<OverviewDto['filesPerDay']> {
  const { start, end } = rangeBounds(range);
  const rows = await db
    .select({ day: localDay(tickets.createdAt, range.timeZone), count: count() })
    .from(tickets)
    .where(and(gte(tickets.createdAt, start), lt(tickets.createdAt, end)))
    .groupBy(sql`1`);
  const byDay = new Map(rows.map((r) => [r.day, r.count]));
  return daysOf(range.from, range.to).map((date) => ({ date, count: byDay.get(date) ?? 0 }));
}

/** Completed payments created in the range, per ISO week; credits sold ride along. */
async function paymentsPerWeek(db: Db, range: DayRange) {
  const { start, end } = rangeBounds(range);
  const rows = await db
    .select({
      week: localIsoWeek(payments.createdAt, range.timeZone),
      amountPence: total(payments.amountPence),
      vatPence: total(payments.vatPence),
      credits: total(payments.credits),
      payments: count(),
    })
    .from(payments)
    .where(and(eq(payments.status, 'Completed'), gte(payments.createdAt, start), lt(payments.createdAt, end)))
    .groupBy(sql`1`);
  const byWeek = new Map(rows.map((r) => [r.week, r]));
  const weeks: OverviewDto['revenuePerWeek'] = [];
  for (let week = isoWeekStart(range.from); week <= range.to; week = addDays(week, 7)) {
    const row = byWeek.get(week);
    weeks.push({
      weekStart: week,
      amount: penceToPounds(row?.amountPence ?? 0),
      vat: penceToPounds(row?.vatPence ?? 0),
      payments: row?.payments ?? 0,
    });
  }
  const creditsSold = rows.reduce((sum, r) => sum + r.credits, 0);
  return { weeks, creditsSold, rows };
}

/**
 * Credits spent in the range: credits charged for downloads minus credits refunded for failed
 * files (both ledger kinds; refunds are positive deltas). Net, so a refund cancels its charge;
 * admin adjustments and resets are not spending.
 */
async function creditsSpent(db: Db, range: DayRange): Promise<number> {
  const { start, end } = rangeBounds(range);
  const [row] = await db
    .select({ spent: total(sql`-${creditLedger.delta}`) })
    .from(creditLedger)
    .where(
      and(
        inArray(creditLedger.kind, ['download_charge', 'refund']),
        gte(creditLedger.createdAt, start),
        lt(creditLedger.createdAt, end),
      ),
    );
  return row?.spent ?? 0;
}

async function newUsers(db: Db, range: DayRange): Promise<number> {
  const { start, end } = rangeBounds(range);
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(isNull(users.deletedAt), gte(users.createdAt, start), lt(users.createdAt, end)));
  return row?.n ?? 0;
}

/**
 * Files delivered in the range, and how many of them automatically from the solution library
 * (docs/decisions/085-solution-library.md): status changes to Unlocked, and 'auto_delivered'
 * lines, each counted by its partial index on created_at.
 */
async function deliveries(db: Db, range: DayRange): Promise<{ delivered: number; automatic: number }> {
  const { start, end } = rangeBounds(range);
  const inRange = and(gte(ticketEvents.createdAt, start), lt(ticketEvents.createdAt, end));
  const [[delivered], [automatic]] = await Promise.all([
    db
      .select({ n: sql<number>`count(distinct ${ticketEvents.ticketId})`.mapWith(Number) })
      .from(ticketEvents)
      .where(
        and(
          eq(ticketEvents.kind, 'status_changed'),
          inRange,
          sql`${ticketEvents.detail}->>'to' = 'Unlocked'`,
        ),
      ),
    db
      .select({ n: sql<number>`count(distinct ${ticketEvents.ticketId})`.mapWith(Number) })
      .from(ticketEvents)
      .where(and(eq(ticketEvents.kind, 'auto_delivered'), inRange)),
  ]);
  return { delivered: delivered?.n ?? 0, automatic: automatic?.n ?? 0 };
}

/** GET /admin/overview: seven aggregate queries, started together. */
/** The business's figures of Overview; the disk's use is the route's (it is not in the database). */
export async function overview(
  db: Db,
  range: DayRange,
  now: Date = new Date(),
): Promise<Omit<OverviewDto, 'storage'>> {
  const [waiting, oldest, days, revenue, spent, joined, delivered] = await Promise.all([
    waitingByStatus(db),
    oldestWaiting(db, now),
    filesPerDay(db, range),
    paymentsPerWeek(db, range),
    creditsSpent(db, range),
    newUsers(db, range),
    deliveries(db, range),
  ]);
  const amountPence = revenue.rows.reduce((sum, r) => sum + r.amountPence, 0);
  const vatPence = revenue.rows.reduce((sum, r) => sum + r.vatPence, 0);
  return {
    from: range.from,
    to: range.to,
    timeZone: range.timeZone,
    waitingByStatus: waiting,
    oldestWaiting: oldest,
    filesPerDay: days,
    revenuePerWeek: revenue.weeks,
    totals: {
      files: days.reduce((sum, d) => sum + d.count, 0),
      revenue: penceToPounds(amountPence),
      vat: penceToPounds(vatPence),
      creditsSold: revenue.creditsSold,
      creditsSpent: spent,
      newUsers: joined,
      delivered: delivered.delivered,
      // An automatic delivery's Unlocked is one of the period's status changes too.
      deliveredAutomatically: Math.min(delivered.automatic, delivered.delivered),
    },
  };
}
