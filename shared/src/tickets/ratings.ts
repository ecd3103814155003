import { z } from 'zod';
import { isDelivered } from './revision-quote';
import { ticketNumberSchema } from './schemas';

/**
 * A tuner's rating of a delivered file (docs/decisions/089-ratings.md): 1 to 5 stars and an
 * optional comment. These rules are shared: the server enforces them, the ticket page explains them.
 */

export const RATING_STARS = [1, 2, 3, 4, 5] as const;
export const RATING_COMMENT_MAX = 1000;
/** A rating may be replaced (re-rated) for this many days after it was first given. */
export const RATING_CHANGE_DAYS = 30;
/** At most this many stars is a low rating: the admins are told of it. */
export const LOW_RATING_MAX_STARS = 2;

const DAY_MS = 86_400_000;
const STARS_MESSAGE = 'Choose 1 to 5 stars';

/** POST /ecuFile/rate. An empty comment is no comment. */
export const rateTicketSchema = z.object({
  ticketNumber: ticketNumberSchema.shape.ticketNumber,
  stars: z.number({ error: STARS_MESSAGE }).int(STARS_MESSAGE).min(1, STARS_MESSAGE).max(5, STARS_MESSAGE),
  comment: z
    .string({ error: 'The comment must be text' })
    .trim()
    .max(RATING_COMMENT_MAX, `The comment is at most ${RATING_COMMENT_MAX} characters`)
    .nullish()
    .transform((text) => (text ? text : null)),
});
export type RateTicketInput = z.input<typeof rateTicketSchema>;
export type RateTicketValues = z.output<typeof rateTicketSchema>;

/** The rating on the owner's ticket details (`rating`; null until the file is rated). */
export interface TicketRatingDto {
  stars: number;
  comment: string | null;
  /** When it was last given or replaced. */
  ratedAt: string;
  /** Until when it may still be replaced (RATING_CHANGE_DAYS after it was first given). */
  changeableUntil: string;
}

/** Overview: average stars per ISO week (the last 8 up to the period's end) and per engineer. */
export interface RatingsOverviewDto {
  perWeek: { weekStart: string; average: number | null; count: number }[];
  /** By the staff member credited with the delivery (docs/decisions/089-ratings.md); best average first. */
  byEngineer: { id: string | null; name: string; average: number; count: number }[];
}

export const RATING_OVERVIEW_WEEKS = 8;

export function isLowRating(stars: number): boolean {
  return stars <= LOW_RATING_MAX_STARS;
}

/** When a rating first given at `firstRatedAt` may no longer be replaced. */
export function ratingChangeableUntil(firstRatedAt: Date | string): Date {
  return new Date(new Date(firstRatedAt).getTime() + RATING_CHANGE_DAYS * DAY_MS);
}

export type RatingRefusal = { kind: 'not_found' | 'not_delivered' | 'closed'; message: string };

/**
 * Why this caller may not rate this ticket now, or null. Only its owner rates (anyone else is
 * told it does not exist, as for tickets of others), only once it is delivered (a tuned file,
 * Completed or Unlocked); a rating may be replaced within RATING_CHANGE_DAYS of the first one.
 */
export function ratingRefusal(input: {
  isOwner: boolean;
  ticket: { status: string; hasTunedFile: boolean };
  existing: { firstRatedAt: Date | string } | null;
  now: Date;
}): RatingRefusal | null {
  if (!input.isOwner) return { kind: 'not_found', message: 'Ticket not found' };
  if (!isDelivered(input.ticket))
    return { kind: 'not_delivered', message: 'You can rate the file once it is delivered' };
  if (input.existing && input.now.getTime() > ratingChangeableUntil(input.existing.firstRatedAt).getTime())
    return {
      kind: 'closed',
      message: `A rating can be changed for ${RATING_CHANGE_DAYS} days; this one can no longer be changed`,
    };
  return null;
}

/** The stars a link asks for (`?rate=4` from the delivery e-mail), or null when it names none. */
export function starsFromQuery(value: string | null | undefined): number | null {
  if (!value || !/^[1-5]$/.test(value)) return null;
  return Number(value);
}

/** '1 star', '2 stars': the name of each choice. */
export function starsLabel(stars: number): string {
  return `${stars} star${stars === 1 ? '' : 's'}`;
}
