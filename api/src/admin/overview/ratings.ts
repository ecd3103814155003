import { RATING_OVERVIEW_WEEKS, type RatingsOverviewDto } from '@ecu/shared';
import { and, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ticketRatings, users } from '../../db/schema';
import { addDays, type DayRange, isoWeekStart, localIsoWeek, rangeBounds } from './date-range';

const count = () => sql<number>`count(*)`.mapWith(Number);
const average = () => sql<number>`round(avg(${ticketRatings.stars}), 2)`.mapWith(Number);

/**
 * Ratings of delivered files (docs/decisions/089-ratings.md) in the last RATING_OVERVIEW_WEEKS
 * ISO weeks up to the week of the period's end, by when they were (last) given: the average
 * per week (weeks without ratings included, average null) and per credited engineer.
 */
export async function ratingsOverview(db: Db, range: DayRange): Promise<RatingsOverviewDto> {
  const lastWeek = isoWeekStart(range.to);
  const firstWeek = addDays(lastWeek, -7 * (RATING_OVERVIEW_WEEKS - 1));
  const { start, end } = rangeBounds({ from: firstWeek, to: addDays(lastWeek, 6), timeZone: range.timeZone });
  const within = and(gte(ticketRatings.ratedAt, start), lt(ticketRatings.ratedAt, end));
  const week = localIsoWeek(ticketRatings.ratedAt, range.timeZone);
  const [weeks, engineers] = await Promise.all([
    db.select({ week, average: average(), count: count() }).from(ticketRatings).where(within).groupBy(sql`1`),
    db
      .select({
        id: ticketRatings.engineerId,
        firstName: sql<string | null>`max(${users.firstName})`,
        lastName: sql<string | null>`max(${users.lastName})`,
        average: average(),
        count: count(),
      })
      .from(ticketRatings)
      .leftJoin(users, sql`${users.id} = ${ticketRatings.engineerId}`)
      .where(within)
      .groupBy(ticketRatings.engineerId),
  ]);
  const byWeek = new Map(weeks.map((w) => [w.week, w]));
  const perWeek: RatingsOverviewDto['perWeek'] = [];
  for (let w = firstWeek; w <= lastWeek; w = addDays(w, 7)) {
    const row = byWeek.get(w);
    perWeek.push({ weekStart: w, average: row ? row.average : null, count: row?.count ?? 0 });
  }
  const byEngineer = engineers
    .map((e) => ({
      id: e.id,
      name: e.id ? `${e.firstName ?? ''} ${e.lastName ?? ''}`.trim() || 'Former staff' : 'Nobody credited',
      average: e.average,
      count: e.count,
    }))
    .sort((a, b) => b.average - a.average || b.count - a.count || a.name.localeCompare(b.name));
  return { perWeek, byEngineer };
}
