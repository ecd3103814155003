import { z } from 'zod';
import { quoteTicket } from './quote';
import { OPEN_TICKET_STATUSES } from './revision-gate';
import { modificationPlanSchema, ticketNumberSchema } from './schemas';

/**
 * Counter-offers (docs/decisions/091-counter-offers.md): an engineer proposes a different plan
 * (stage and options) with its price difference and a message; the ticket's owner accepts or
 * declines. These rules are shared: the server enforces them, the desk and the ticket page explain them.
 */

export const COUNTER_OFFER_MESSAGE_MAX = 2000;
const MESSAGE_REQUIRED = 'Write a message to the customer';

/** POST /admin/tickets/counter-offer. The plan follows the upload wizard's rules (modificationPlanSchema). */
export const counterOfferSchema = z
  .object({
    ticketNumber: ticketNumberSchema.shape.ticketNumber,
    message: z
      .string({ error: MESSAGE_REQUIRED })
      .trim()
      .min(1, MESSAGE_REQUIRED)
      .max(COUNTER_OFFER_MESSAGE_MAX, `The message is at most ${COUNTER_OFFER_MESSAGE_MAX} characters`),
  })
  .and(modificationPlanSchema)
  // An offer is a stage and options: the ticket's notes and fault codes stay as they are.
  .transform(({ notes: _notes, dtcCodes: _codes, ...offer }) => offer);
export type CounterOfferInput = z.input<typeof counterOfferSchema>;
export type CounterOfferValues = z.output<typeof counterOfferSchema>;

/** POST /ecuFile/counter-offer/accept and /decline. */
export const counterOfferAnswerSchema = ticketNumberSchema;

export type CounterOfferAnswer = 'accepted' | 'declined';

/** The open offer on the ticket details (`counterOffer`; null when none is open). */
export interface CounterOfferDto {
  stage: string;
  options: string[];
  message: string;
  /** Credits the new plan costs more (positive) or less (negative) than the current one. */
  priceDifference: number;
  createdAt: string;
}

export interface Plan {
  stage: string;
  options: readonly string[];
}

/** What prices a ticket besides its plan: the same inputs quoteTicket took when it was created. */
export interface PlanPricing {
  make: string;
  masterSlave: string | null;
  earlierTicketsForRegistration?: readonly (Date | string)[];
  /** When the ticket was priced (its creation): the Slave window is counted from then. */
  pricedAt?: Date | string;
}

/** quote(proposed plan) − quote(current plan), both with the ticket's own pricing inputs. */
export function counterOfferPriceDifference(pricing: PlanPricing, current: Plan, proposed: Plan): number {
  const quote = (plan: Plan) =>
    quoteTicket({
      make: pricing.make,
      masterSlave: pricing.masterSlave ?? '',
      stage: plan.stage,
      options: plan.options,
      earlierTicketsForRegistration: pricing.earlierTicketsForRegistration ?? [],
      now: pricing.pricedAt ? new Date(pricing.pricedAt) : new Date(),
    }).total;
  return quote(proposed) - quote(current);
}

/** The price after an accepted offer: the difference on top of the stored price, never below 0. */
export function priceAfterOffer(creditsNeed: number, priceDifference: number): number {
  return Math.max(0, creditsNeed + priceDifference);
}

/** The same stage and the same set of options (order and repeats do not matter). */
export function samePlan(a: Plan, b: Plan): boolean {
  if (a.stage !== b.stage) return false;
  const x = new Set(a.options);
  const y = new Set(b.options);
  return x.size === y.size && [...x].every((o) => y.has(o));
}

export type CounterOfferRefusal = { kind: 'not_open' | 'offer_open' | 'same_plan'; message: string };

/** Why an offer may not be proposed now, or null: only on an open ticket with no open offer, for a different plan. */
export function proposalRefusal(input: {
  status: string;
  hasOpenOffer: boolean;
  current: Plan;
  proposed: Plan;
}): CounterOfferRefusal | null {
  if (!OPEN_TICKET_STATUSES.includes(input.status))
    return { kind: 'not_open', message: 'A different plan can be proposed only while the ticket is open' };
  if (input.hasOpenOffer)
    return { kind: 'offer_open', message: 'This ticket already has an offer waiting for the customer' };
  if (samePlan(input.current, input.proposed))
    return { kind: 'same_plan', message: 'The proposed plan is the same as the current one' };
  return null;
}

/**
 * Why the owner may not answer now, or null: only while an offer is open. Accepting also needs
 * the ticket still open (Pending or In Progress): a plan does not change after the desk closed
 * or delivered the ticket; declining is always possible.
 */
export function answerRefusal(input: {
  hasOpenOffer: boolean;
  status: string;
  answer: CounterOfferAnswer;
}): CounterOfferRefusal | null {
  if (!input.hasOpenOffer) return { kind: 'not_open', message: 'There is no offer waiting for your answer' };
  if (input.answer === 'accepted' && !OPEN_TICKET_STATUSES.includes(input.status))
    return { kind: 'not_open', message: 'This ticket is no longer open, so the plan can no longer change' };
  return null;
}
