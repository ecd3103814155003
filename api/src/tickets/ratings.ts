import {
  asLocale,
  isLowRating,
  type RateTicketValues,
  ratingChangeableUntil,
  ratingRefusal,
  type TicketRatingDto,
} from '@ecu/shared';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ticketFiles, ticketRatings, tickets, users } from '../db/schema';
import { conflict, notFound, said } from '../http/app-error';
import type { AppDeps, UserRow } from '../http/context';
import { queueMail } from '../platform/mail';
import { lowRatingMail } from './mail-templates';

/**
 * Ratings of delivered files (docs/decisions/089-ratings.md): the owner rates once delivered and
 * may replace the rating within the change window; a low rating e-mails the admins once.
 */

type RatingRow = typeof ticketRatings.$inferSelect;

function toRatingDto(row: RatingRow): TicketRatingDto {
  return {
    stars: row.stars,
    comment: row.comment,
    ratedAt: row.ratedAt.toISOString(),
    changeableUntil: ratingChangeableUntil(row.firstRatedAt).toISOString(),
  };
}

/** The rating of a ticket, for its owner's details; null when there is none. */
export async function ratingOfTicket(db: Db, ticketId: string): Promise<TicketRatingDto | null> {
  const [row] = await db.select().from(ticketRatings).where(eq(ticketRatings.ticketId, ticketId));
  return row ? toRatingDto(row) : null;
}

/**
 * Gives or replaces the owner's rating of a ticket. The ticket's row lock serialises two
 * ratings at once. Saying again what is already so changes nothing and tells nobody again; a
 * low rating (given, or replaced by another) queues one mail per admin, keyed by the rating
 * and its revision, in the same transaction.
 */
export async function rateTicket(
  deps: Pick<AppDeps, 'db' | 'config' | 'jobs'>,
  user: UserRow,
  input: RateTicketValues,
): Promise<{ rating: TicketRatingDto; changed: boolean }> {
  const now = new Date();
  return deps.db.transaction(async (tx) => {
    const [ticket] = await tx
      .select({
        id: tickets.id,
        userId: tickets.userId,
        status: tickets.status,
        assigneeId: tickets.assigneeId,
        ticketNumber: tickets.ticketNumber,
      })
      .from(tickets)
      .where(eq(tickets.ticketNumber, input.ticketNumber))
      .for('update');
    if (!ticket) throw notFound(said('error.ticketNotFound'));
    const [tuned] = await tx
      .select({ uploadedBy: ticketFiles.uploadedBy })
      .from(ticketFiles)
      .where(and(eq(ticketFiles.ticketId, ticket.id), eq(ticketFiles.kind, 'tuned')))
      .orderBy(desc(ticketFiles.createdAt))
      .limit(1);
    const [existing] = await tx.select().from(ticketRatings).where(eq(ticketRatings.ticketId, ticket.id));
    const refusal = ratingRefusal({
      isOwner: ticket.userId === user.id,
      ticket: { status: ticket.status, hasTunedFile: Boolean(tuned) },
      existing: existing ? { firstRatedAt: existing.firstRatedAt } : null,
      now,
    });
    if (refusal?.kind === 'not_found') throw notFound(refusal.message);
    if (refusal) throw conflict(refusal.message);
    if (existing && existing.stars === input.stars && existing.comment === input.comment)
      return { rating: toRatingDto(existing), changed: false };

    // Credited: whoever uploaded the tuned file; an automatic delivery has no uploader, so the assignee.
    const engineerId = tuned?.uploadedBy ?? ticket.assigneeId;
    const values = { stars: input.stars, comment: input.comment, engineerId, ratedAt: now };
    const [row] = existing
      ? await tx
          .update(ticketRatings)
          .set({ ...values, revision: existing.revision + 1 })
          .where(eq(ticketRatings.id, existing.id))
          .returning()
      : await tx
          .insert(ticketRatings)
          .values({ ...values, ticketId: ticket.id, userId: user.id, firstRatedAt: now })
          .returning();
    if (!row) throw new Error('The rating was not stored');

    if (isLowRating(row.stars)) {
      const admins = await tx
        .select({ id: users.id, email: users.email, locale: users.locale })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.disabled, false), isNull(users.deletedAt)));
      const customer = `${user.firstName} ${user.lastName}`.trim() || user.email;
      const link = `${deps.config.appUrl}/ticket/${ticket.ticketNumber}`;
      for (const admin of admins) {
        await queueMail(
          deps.jobs,
          lowRatingMail(
            admin.email,
            { ticketNumber: ticket.ticketNumber, stars: row.stars, comment: row.comment, customer },
            link,
            asLocale(admin.locale),
          ),
          {
            key: `low-rating:${row.id}:${row.revision}:${admin.id}`,
            userId: admin.id,
            label: `Ticket ${ticket.ticketNumber} rated ${row.stars}`,
            tx,
          },
        );
      }
    }
    return { rating: toRatingDto(row), changed: true };
  });
}
