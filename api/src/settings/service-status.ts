import { expectedTurnaround, type ServiceStatusDto, serviceStatus, type WorkingHours } from '@ecu/shared';
import { and, desc, eq, gte, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ticketEvents, tickets } from '../db/schema';
import type { AppDeps } from '../http/context';
import { getSettings } from './service';
import { minutesPerFinishedFile } from './throughput';

/** Files in the queue: not yet worked on or being worked on. */
export const WAITING_STATUSES = ['Pending', 'In Progress'];
/** A status change into one of these (from any other) finishes a file. */
const FINISHED_STATUSES = ['Completed', 'Unlocked', 'Failed'];
const THROUGHPUT_WINDOW_DAYS = 14;
/** The most recent finishes measured: bounds the work whatever the volume. */
const THROUGHPUT_SAMPLE = 200;
/** Minutes per file when the last 14 days finished nothing. */
export const FALLBACK_MINUTES_PER_FILE = 15;

export async function queueLength(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tickets)
    .where(inArray(tickets.status, WAITING_STATUSES));
  return row?.n ?? 0;
}

/**
 * Measured open minutes per finished file over the last 14 days (the mean; see
 * minutesPerFinishedFile). A finish is a status change into Completed, Unlocked or Failed from
 * another status, as ticket_events records it; Completed -> Unlocked is not a second finish. The
 * current working hours are applied to the past. Only the latest 200 finishes are measured, so
 * the cost stays the same whatever the volume. At least one minute: files finished back to back
 * within seconds are not free.
 */
export async function measuredMinutesPerFile(db: Db, hours: WorkingHours, now: Date): Promise<number> {
  const windowStart = new Date(now.getTime() - THROUGHPUT_WINDOW_DAYS * 86_400_000);
  // The latest finishes first, then their tickets: the join touches at most 201 rows.
  const finished = db
    .select({ ticketId: ticketEvents.ticketId, finishedAt: ticketEvents.createdAt })
    .from(ticketEvents)
    .where(
      and(
        eq(ticketEvents.kind, 'status_changed'),
        gte(ticketEvents.createdAt, windowStart),
        lte(ticketEvents.createdAt, now),
        inArray(sql`${ticketEvents.detail}->>'to'`, FINISHED_STATUSES),
        notInArray(sql`coalesce(${ticketEvents.detail}->>'from', '')`, FINISHED_STATUSES),
      ),
    )
    .orderBy(desc(ticketEvents.createdAt))
    .limit(THROUGHPUT_SAMPLE + 1)
    .as('finished');
  const latest = await db
    .select({ finishedAt: finished.finishedAt, arrivedAt: tickets.createdAt })
    .from(finished)
    .innerJoin(tickets, eq(tickets.id, finished.ticketId))
    .orderBy(desc(finished.finishedAt));
  const truncated = latest.length > THROUGHPUT_SAMPLE;
  const measured = minutesPerFinishedFile(hours, latest.reverse(), windowStart, truncated);
  return measured === null ? FALLBACK_MINUTES_PER_FILE : Math.max(1, measured);
}

/** GET /api/service-status: open or closed under the current working hours, and the queue. */
export async function currentServiceStatus(
  deps: Pick<AppDeps, 'db' | 'config' | 'logger'>,
  now: Date = new Date(),
): Promise<ServiceStatusDto> {
  const { db, config, logger } = deps;
  const { hours } = await getSettings(db, config, logger);
  const [waiting, minutesPerFile] = await Promise.all([
    queueLength(db),
    measuredMinutesPerFile(db, hours, now),
  ]);
  const status = serviceStatus(hours, now);
  const turnaround = expectedTurnaround(hours, now, waiting, minutesPerFile);
  return {
    open: status.open,
    closesAt: status.closesAt,
    nextOpeningAt: status.nextOpeningAt,
    timeZone: hours.timeZone,
    queueLength: waiting,
    expectedReadyAt: turnaround.readyAt,
    expectedOpenMinutes: Math.round(turnaround.openMinutes),
    hours,
  };
}
